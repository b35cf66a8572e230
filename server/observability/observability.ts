import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { registerMetrics, type AppMetrics } from './metrics.ts';
import { registerRequestIds, requestIdOptions } from './request-id.ts';

/** The Fastify options of request ids (issue 37 §4): the load balancer's id when trusted, else a new one. */
export function observabilityOptions(config: Config): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return requestIdOptions(config.TRUST_PROXY);
}

/**
 * Request ids on every answer and error body, and the app's metrics with GET /metrics. Called
 * before any route is registered (its hooks must cover them all) and before compression.
 */
export function registerObservability(app: FastifyInstance, deps: { config: Config; database: Database; clock: () => Date }): AppMetrics {
  registerRequestIds(app);
  return registerMetrics(app, { token: deps.config.METRICS_TOKEN, database: deps.database, clock: deps.clock });
}
