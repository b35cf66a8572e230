import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Tracing } from './tracing-sdk.ts';

/**
 * OpenTelemetry traces (issue 37 §4), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. Then each
 * request has a SERVER span named by its route, and every statement it runs on the database is a
 * child span, exported over OTLP/HTTP.
 *
 * Spans are made by hand, not by the auto-instrumentations: those patch modules as `require` loads
 * them, and the production server is one bundled file (decision records 0012, 0022) that never asks.
 * The SDK is imported here only when the endpoint is set: a server without tracing loads none of it
 * (in the bundle it is a chunk of its own).
 */
let sdkLoads = 0;

/** How many times an app has loaded the tracing SDK in this process (a test shows an app without the endpoint loads none). */
export const tracingSdkLoads = (): number => sdkLoads;

export async function startTracing(app: FastifyInstance, config: Config, database: Database): Promise<Tracing | undefined> {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  sdkLoads += 1;
  const { createTracing } = await import('./tracing-sdk.ts');
  const tracing = createTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: config.OTEL_SERVICE_NAME,
    sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
    scheduledDelayMillis: config.OTEL_BSP_SCHEDULE_DELAY,
    log: app.log,
  });
  tracing.traceRequests(app, { trustTraceparent: config.TRUST_PROXY });
  tracing.tracePool(database.pool);
  if (database.replica) tracing.tracePool(database.replica.pool, 'replica');
  // Spans still waiting for the next batch are sent before the app has closed.
  app.addHook('onClose', () => tracing.shutdown());
  return tracing;
}
