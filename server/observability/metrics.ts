import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import { trackedCaches } from '../http/cache-stats.ts';
import { registerBacklogGauges } from './metrics-backlogs.ts';
import { registerPoolMetrics } from './metrics-pool.ts';
import { registerMetricsRoute } from './metrics-route.ts';

/** How long the backlog counts read from the database are kept between scrapes. */
export const BACKLOG_CACHE_MS = 5_000;

/** The label of a request no route matched: one value, never the URL asked for. */
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The process's own series (CPU, memory, GC, event-loop lag as `workcred_nodejs_eventloop_lag_*`),
 * made once per process: they describe the process, and each set starts an event-loop monitor
 * that is never stopped, so tests that build many apps must not make one each.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'workcred_' });
  }
  return processRegistry;
}

export interface AppMetrics {
  /** The hub hands over how to count its open sockets (it imports nothing of metrics). */
  countLiveSockets(count: () => number): void;
  /** The exposition: this app's series, then the process's. */
  text(): Promise<string>;
  contentType: string;
}

/**
 * Prometheus metrics for one app (issue 37 §4), in a registry of its own (tests build many apps):
 * request durations by route pattern, the database pool, backlogs, live sockets, cache hits.
 * Served at GET /metrics behind METRICS_TOKEN (metrics-route.ts). Register before the routes, so
 * the timing hook covers every one.
 */
export function registerMetrics(app: FastifyInstance, deps: { token: string | undefined; database: Database; clock: () => Date }): AppMetrics {
  const registry = new Registry();
  const durations = new Histogram({
    name: 'workcred_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // The route's pattern (/api/jobs/:id), never the URL: no ids or tokens in labels, and few series.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    durations.observe({ method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const unmeasurePool = registerPoolMetrics(registry, deps.database.pool);
  app.addHook('onClose', async () => unmeasurePool());

  registerBacklogGauges(registry, {
    db: deps.database.db,
    now: () => deps.clock().getTime(),
    ttlMs: BACKLOG_CACHE_MS,
    onError: (error) => app.log.warn({ err: error }, 'metrics: reading the backlogs failed'),
  });

  let liveSockets: () => number = () => 0;
  new Gauge({
    name: 'workcred_live_sockets',
    help: 'Live-update WebSockets open on this instance.',
    registers: [registry],
    collect() {
      this.set(liveSockets());
    },
  });

  new Counter({
    name: 'workcred_cache_requests_total',
    help: 'Cache look-ups by cache (public_reads, company_jobs, sessions) and result (hit or miss).',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      // The caches count in plain numbers; the counter shows their totals.
      this.reset();
      for (const [cache, counts] of trackedCaches(deps.database)) {
        this.inc({ cache, result: 'hit' }, counts.hits);
        this.inc({ cache, result: 'miss' }, counts.misses);
      }
    },
  });

  // The read replica (DATABASE_REPLICA_URL), when there is one: whether reads may use it, its lag,
  // and reads that failed on it and were answered by the primary.
  const replica = deps.database.replica;
  if (replica) {
    new Gauge({
      name: 'workcred_replica_usable',
      help: 'Whether anonymous public reads may go to the read replica now (1) or go to the primary (0).',
      registers: [registry],
      collect() {
        this.set(replica.status().usable ? 1 : 0);
      },
    });
    new Gauge({
      name: 'workcred_replica_lag_seconds',
      help: 'Seconds since the moment up to which the read replica is known to hold every change (absent before a good check).',
      registers: [registry],
      collect() {
        const lag = replica.status().lagSeconds;
        if (lag === null) this.reset();
        else this.set(lag);
      },
    });
    new Counter({
      name: 'workcred_replica_failed_reads_total',
      help: 'Reads that failed on the read replica and were answered by the primary.',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(replica.status().failedReads);
      },
    });
  }

  const metrics: AppMetrics = {
    countLiveSockets: (count) => {
      liveSockets = count;
    },
    async text() {
      return (await registry.metrics()) + (await processMetrics().metrics());
    },
    contentType: registry.contentType,
  };
  registerMetricsRoute(app, { token: deps.token, metrics });
  return metrics;
}
