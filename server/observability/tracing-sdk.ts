import { randomUUID } from 'node:crypto';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import { traceRequests } from './tracing-requests.ts';
import { traceStatements } from './tracing-statements.ts';

/** Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (tracing.ts). */
export interface Tracing {
  /** A SERVER span per request, made the active context while the request runs. */
  traceRequests(app: FastifyInstance, options: { trustTraceparent: boolean }): void;
  /** Statements run on this pool while a traced request is active become child spans (a replica's pool too). */
  tracePool(pool: pg.Pool, role?: 'primary' | 'replica'): void;
  /** Sends the spans still waiting, then stops. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** The OTLP/HTTP base address: spans are sent to {endpoint}/v1/traces, as OTLP JSON. */
  endpoint: string;
  serviceName: string;
  /** The share of traces started here that are recorded (an incoming traceparent's decision is followed). */
  sampleRatio: number;
  /** Milliseconds between two exports of finished spans. */
  scheduledDelayMillis: number;
  log: FastifyBaseLogger;
}

/** Exports stop waiting after this long: a collector that is down must not hold up a rolling restart. */
const EXPORT_TIMEOUT_MS = 5000;

export function createTracing(options: TracingOptions): Tracing {
  // The SDK reports failed exports through its diagnostic logger (silent unless one is set).
  diag.setLogger(
    {
      error: (message) => options.log.warn({ tracing: true }, `OpenTelemetry: ${message}`),
      warn: (message) => options.log.warn({ tracing: true }, `OpenTelemetry: ${message}`),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`, timeoutMillis: EXPORT_TIMEOUT_MS });
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName, 'service.instance.id': randomUUID() })),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(options.sampleRatio) }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: options.scheduledDelayMillis, exportTimeoutMillis: EXPORT_TIMEOUT_MS })],
  });
  const tracer = provider.getTracer('workcred');
  // Not registered globally: each app (a test builds several in one process) keeps its own.
  const contextManager = new AsyncLocalStorageContextManager().enable();
  const stops: (() => void)[] = [];
  return {
    traceRequests(app, { trustTraceparent }) {
      traceRequests(app, { tracer, contextManager, trustTraceparent });
    },
    tracePool(pool, role) {
      stops.push(traceStatements(pool, { tracer, contextManager }, role));
    },
    async shutdown() {
      for (const stop of stops) stop();
      // A collector that is away loses the last spans; it must not fail the shutdown.
      await provider.shutdown().catch((error: unknown) => options.log.warn({ err: error }, 'OpenTelemetry: the last spans were not sent'));
      contextManager.disable();
    },
  };
}
