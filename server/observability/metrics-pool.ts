import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { Gauge, Histogram, type Registry } from 'prom-client';

type Connect = (callback?: (error: Error | undefined, client: pg.PoolClient | undefined, release: (release?: unknown) => void) => void) => unknown;

/**
 * The database pool's use, read at scrape time from pg.Pool's own counts, and a histogram of the
 * time each checkout waited for a client (queued behind busy ones, or a new connection opening).
 * The wait is measured by wrapping this pool's connect(), which Kysely and pool.query both call:
 * two clock readings a checkout. Returns the function that takes the wrapper off (app close).
 */
export function registerPoolMetrics(registry: Registry, pool: pg.Pool): () => void {
  new Gauge({
    name: 'workcred_db_pool_clients',
    help: 'Database pool clients: total open, idle, and in use (checked out).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'workcred_db_pool_waiting',
    help: 'Checkouts waiting for a database pool client right now.',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'workcred_db_pool_max',
    help: 'The most clients the database pool opens.',
    registers: [registry],
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
  const waits = new Histogram({
    name: 'workcred_db_pool_wait_seconds',
    help: 'Time a checkout waited for a database pool client (including opening a new connection).',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return measureWaits(pool, (seconds) => waits.observe(seconds));
}

function measureWaits(pool: pg.Pool, observe: (seconds: number) => void): () => void {
  const target = pool as unknown as { connect: Connect };
  const own = Object.hasOwn(pool, 'connect') ? target.connect : undefined;
  // Looked up at each call when it is the prototype's, so a later wrapper of the class still runs.
  const original = (): Connect => own ?? (Object.getPrototypeOf(pool) as { connect: Connect }).connect;
  const measured: Connect = function (this: unknown, callback) {
    const start = performance.now();
    const done = () => observe((performance.now() - start) / 1000);
    if (typeof callback === 'function') {
      return original().call(this, (error, client, release) => {
        done();
        callback(error, client, release);
      });
    }
    const checkout = original().call(this) as Promise<pg.PoolClient>;
    checkout.then(done, done);
    return checkout;
  };
  target.connect = measured;
  return () => {
    if (target.connect !== measured) return;
    if (own) target.connect = own;
    else delete (target as { connect?: Connect }).connect;
  };
}
