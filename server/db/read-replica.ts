import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

/**
 * A PostgreSQL hot standby that anonymous public reads may use (issue 37 §2, decision record 0031).
 * A check every second (never per request) reads the primary's WAL position, then how far the
 * standby has replayed; from the positions over time it knows the moment up to which the standby
 * holds every change the primary had. A read may use the standby only while that moment is less
 * than `maxLagSeconds` ago (and, for a read that must show a change heard at `since`, not before it).
 */
export interface ReadReplica {
  readonly maxLagSeconds: number;
  /** The standby's pool (tracing times its statements too). */
  readonly pool: pg.Pool;
  /** The standby's Kysely when it may answer a read now (one that must hold every change committed before `since`, by `replicaClock`), else undefined. */
  readsSince(since?: number): Kysely<DB> | undefined;
  /** A read on the standby failed: it is skipped until a check that starts after this succeeds. */
  failed(): void;
  status(): ReplicaStatus;
  /** Checks now (the background check runs by itself; tests call this to not wait for it). */
  check(): Promise<ReplicaStatus>;
  /** Called when the standby becomes usable or unusable (with why). */
  onChange(listener: (status: ReplicaStatus) => void): () => void;
  close(): Promise<void>;
}

export interface ReplicaStatus {
  usable: boolean;
  /** Seconds since the moment up to which the standby is known to hold everything; null before a good check. */
  lagSeconds: number | null;
  /** Why it is skipped: 'starting', 'lagging', 'down: …', 'not a standby', 'a read failed'. */
  reason?: string;
  /** Reads that failed on the standby and were answered by the primary. */
  failedReads: number;
}

export interface ReadReplicaOptions {
  primaryUrl: string;
  replicaUrl: string;
  maxLagSeconds: number;
  poolSize?: number;
  /** How often to check; by default a quarter of the lag allowed, at most a second. */
  checkEveryMs?: number;
}

/** The clock `since` is read on: monotonic, so a wall-clock step changes no decision. */
export const replicaClock = (): number => performance.now();

const PROBE_TIMEOUT_MS = 2000;
// XLogPageHeaderData and XLogLongPageHeaderData, MAXALIGNed (PostgreSQL's xlog_internal.h).
const SHORT_PAGE_HEADER = 24n;
const LONG_PAGE_HEADER = 40n;

/**
 * The primary's insert position as the standby's replay position would name the same point. At the
 * start of a page (after a WAL switch, say) the insert position counts the page's header, which the
 * replay position, the end of the last record, never does: an idle primary would look ahead forever.
 */
export function insertPositionAsReplayed(insertLsn: bigint, blockSize: bigint, segmentSize: bigint): bigint {
  if (insertLsn % segmentSize === LONG_PAGE_HEADER) return insertLsn - LONG_PAGE_HEADER;
  if (insertLsn % blockSize === SHORT_PAGE_HEADER) return insertLsn - SHORT_PAGE_HEADER;
  return insertLsn;
}

/**
 * The primary's WAL positions over time against the standby's replayed position: the latest moment
 * whose position the standby has replayed is when it last held everything. Its error is at most one
 * check's interval, always towards more lag; no clock of either server is read.
 */
export class ReplayTracker {
  private samples: { at: number; lsn: bigint }[] = [];
  completeAt: number | undefined;

  /** `keepMs`: positions older than this are of no use (the standby is skipped by then anyway). */
  constructor(private readonly keepMs: number) {}

  /** The primary was at `primaryLsn` at `at`; afterwards the standby had replayed `replayedLsn`. */
  record(at: number, primaryLsn: bigint, replayedLsn: bigint): number | undefined {
    this.samples.push({ at, lsn: primaryLsn });
    for (let i = this.samples.length - 1; i >= 0; i -= 1) {
      const sample = this.samples[i]!;
      if (sample.lsn > replayedLsn) continue;
      this.completeAt = Math.max(this.completeAt ?? Number.NEGATIVE_INFINITY, sample.at);
      this.samples = this.samples.slice(i);
      break;
    }
    while (this.samples.length > 1 && this.samples[0]!.at < at - this.keepMs) this.samples.shift();
    return this.completeAt;
  }
}

const noop = () => undefined;

/** One connection for the checks, apart from the pools: a busy pool must not make a healthy standby look down. */
function probe(url: string) {
  let client: pg.Client | undefined;
  return {
    async query<R>(text: string): Promise<R> {
      try {
        if (!client) {
          const fresh = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
          fresh.on('error', noop);
          client = fresh;
          await fresh.connect();
        }
        return (await client.query(text)).rows[0] as R;
      } catch (error) {
        void client?.end().catch(noop);
        client = undefined;
        throw error;
      }
    },
    async close() {
      await client?.end().catch(noop);
      client = undefined;
    },
  };
}

export function openReadReplica({ primaryUrl, replicaUrl, maxLagSeconds, poolSize = 5, checkEveryMs }: ReadReplicaOptions): ReadReplica {
  const maxLagMs = maxLagSeconds * 1000;
  const everyMs = checkEveryMs ?? Math.min(1000, Math.max(100, maxLagMs / 4));
  // Read-only sessions: should the URL name a writable server by mistake, a write still fails there.
  const pool = new pg.Pool({ connectionString: replicaUrl, max: poolSize, connectionTimeoutMillis: PROBE_TIMEOUT_MS, options: '-c default_transaction_read_only=on' });
  pool.on('error', noop);
  pool.on('connect', (client) => client.on('error', noop));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const primary = probe(primaryUrl);
  const standby = probe(replicaUrl);
  const tracker = new ReplayTracker(maxLagMs + 10 * everyMs);
  const listeners = new Set<(status: ReplicaStatus) => void>();
  let walSizes: { block: bigint; segment: bigint } | undefined;
  let problem: string | undefined = 'starting';
  let failedAt: number | undefined;
  let failedReads = 0;
  let lastUsable = false;
  let lastReason: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  function readsSince(since = Number.NEGATIVE_INFINITY): Kysely<DB> | undefined {
    const completeAt = tracker.completeAt;
    if (problem !== undefined || failedAt !== undefined || completeAt === undefined) return undefined;
    if (replicaClock() - completeAt > maxLagMs || completeAt < since) return undefined;
    return db;
  }

  function status(): ReplicaStatus {
    const completeAt = tracker.completeAt;
    const lagSeconds = completeAt === undefined ? null : (replicaClock() - completeAt) / 1000;
    const reason = problem ?? (failedAt !== undefined ? 'a read failed' : lagSeconds === null ? 'starting' : lagSeconds > maxLagSeconds ? 'lagging' : undefined);
    return { usable: reason === undefined, lagSeconds, ...(reason ? { reason } : {}), failedReads };
  }

  function announce(): ReplicaStatus {
    const now = status();
    if (now.usable !== lastUsable || now.reason !== lastReason) {
      lastUsable = now.usable;
      lastReason = now.reason;
      for (const listener of listeners) listener(now);
    }
    return now;
  }

  async function checkOnce(): Promise<ReplicaStatus> {
    if (closed) return status();
    const startedAt = replicaClock();
    try {
      if (!walSizes) {
        const row = await primary.query<{ block: string; segment: string }>(
          "SELECT current_setting('wal_block_size') AS block, (SELECT setting FROM pg_settings WHERE name = 'wal_segment_size') AS segment",
        );
        walSizes = { block: BigInt(row.block), segment: BigInt(row.segment) };
      }
      const sizes = walSizes;
      const at = await primary.query<{ lsn: string }>("SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::text AS lsn");
      const replayed = await standby.query<{ standby: boolean; lsn: string | null }>(
        "SELECT pg_is_in_recovery() AS standby, (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::text AS lsn",
      );
      if (!replayed.standby || replayed.lsn === null) {
        problem = 'not a standby';
      } else {
        tracker.record(startedAt, insertPositionAsReplayed(BigInt(at.lsn), sizes.block, sizes.segment), BigInt(replayed.lsn));
        problem = undefined;
        if (failedAt !== undefined && failedAt < startedAt) failedAt = undefined;
      }
    } catch (error) {
      problem = `down: ${error instanceof Error ? error.message : String(error)}`;
    }
    return announce();
  }

  /** One check at a time, each starting after the one before ends. */
  function check(): Promise<ReplicaStatus> {
    const next = queue.then(checkOnce);
    queue = next.catch(noop);
    return next;
  }

  const loop = () => {
    if (closed) return;
    void check().then(() => {
      if (!closed) timer = setTimeout(loop, everyMs).unref();
    });
  };
  loop();

  return {
    maxLagSeconds,
    pool,
    readsSince,
    failed() {
      failedAt = replicaClock();
      failedReads += 1;
      announce();
    },
    status,
    check,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await queue;
      await Promise.all([primary.close(), standby.close()]);
      await db.destroy();
    },
  };
}
