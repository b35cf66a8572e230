import { sql, type Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { DB } from '../db/schema.ts';

/** Each queue's waiting states: every one is reported, 0 when empty, so a graph has no gaps. */
export const BACKLOG_STATES = {
  outbox: ['pending'],
  webhook_deliveries: ['pending'],
  epfo_lookups: ['queued', 'retrying'],
  document_reads: ['queued', 'reading'],
} as const;

export interface BacklogRow {
  queue: string;
  state: string;
  count: number;
  oldest_age_seconds: number;
}

/**
 * The work waiting in the database, with the age of its oldest item (by the database's clock).
 * One statement; every branch reads a partial index of the waiting rows (migrations 0003, 0032,
 * 0052, 0056), so it stays cheap while the backlog is small and the backlog is what is measured.
 */
export async function readBacklogs(db: Kysely<DB>): Promise<BacklogRow[]> {
  const { rows } = await sql<{ queue: string; state: string; count: string | number; oldest_age_seconds: string | number | null }>`
    SELECT 'outbox' AS queue, status AS state, count(*) AS count, extract(epoch FROM now() - min(created_at)) AS oldest_age_seconds
      FROM outbox_messages WHERE status = 'pending' GROUP BY status
    UNION ALL
    SELECT 'webhook_deliveries', status, count(*), extract(epoch FROM now() - min(created_at))
      FROM webhook_deliveries WHERE status = 'pending' GROUP BY status
    UNION ALL
    SELECT 'epfo_lookups', state, count(*), extract(epoch FROM now() - min(requested_at))
      FROM epfo_lookups WHERE state IN ('queued', 'retrying') GROUP BY state
    UNION ALL
    SELECT 'document_reads', state, count(*), extract(epoch FROM now() - min(created_at))
      FROM document_reads WHERE state IN ('queued', 'reading') GROUP BY state
  `.execute(db);
  return rows.map((row) => ({
    queue: row.queue,
    state: row.state,
    count: Number(row.count),
    oldest_age_seconds: Math.max(0, Number(row.oldest_age_seconds ?? 0)),
  }));
}

/**
 * The backlog gauges, read at scrape time and kept `ttlMs` (by the app's clock), so several
 * Prometheus servers scraping at once cost the database one read; scrapes meanwhile share it.
 * A failed read leaves the series out of that scrape (its absence shows), and is logged.
 */
export function registerBacklogGauges(
  registry: Registry,
  deps: { db: Kysely<DB>; now: () => number; ttlMs: number; onError: (error: unknown) => void },
): void {
  let cached: { at: number; rows: Promise<BacklogRow[] | undefined> } | undefined;
  const read = () => {
    const now = deps.now();
    if (!cached || now - cached.at >= deps.ttlMs || now < cached.at) {
      cached = {
        at: now,
        rows: readBacklogs(deps.db).catch((error: unknown) => {
          deps.onError(error);
          cached = undefined;
          return undefined;
        }),
      };
    }
    return cached.rows;
  };
  const fill = (gauge: Gauge<'queue' | 'state'>, value: (row: BacklogRow) => number) => async () => {
    const rows = await read();
    gauge.reset();
    if (!rows) return;
    for (const [queue, states] of Object.entries(BACKLOG_STATES)) {
      for (const state of states) {
        const row = rows.find((one) => one.queue === queue && one.state === state);
        gauge.set({ queue, state }, row ? value(row) : 0);
      }
    }
  };
  const items: Gauge<'queue' | 'state'> = new Gauge({
    name: 'workcred_backlog_items',
    help: 'Items waiting in a database queue (outbox, webhook deliveries, EPFO lookups, document reads), by state.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    collect: () => fill(items, (row) => row.count)(),
  });
  const oldest: Gauge<'queue' | 'state'> = new Gauge({
    name: 'workcred_backlog_oldest_age_seconds',
    help: 'Age of the oldest waiting item of a database queue, by state (0 when none waits).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    collect: () => fill(oldest, (row) => row.oldest_age_seconds)(),
  });
}
