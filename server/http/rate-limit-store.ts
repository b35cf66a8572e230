import type pg from 'pg';
import { PREPARE_MARK } from '../db/prepared-statements.ts';

/**
 * Request budgets kept in PostgreSQL (issue 14, decision record 0011), so every instance sharing
 * the database spends one budget. A budget's count lives in `rate_limit_counts`, one row per
 * budget and caller, with the end of its current window (fixed windows, begun by the first hit,
 * as Redis INCR + PEXPIRE does).
 *
 * Two ways to count, chosen by the size of the budget:
 * - exact (at most EXACT_MAX_AT_MOST hits per window: sign-up, codes, tokens, uploads): every hit
 *   is one statement, so two instances together admit exactly the budget;
 * - batched (the general per-user and per-address budget, public browsing): hits are counted in
 *   memory and added to the shared row about every FLUSH_MS (at once when a caller has spent a
 *   twentieth of its budget since the last flush), and the answer of each flush tells this
 *   instance what every instance has spent. A hot path costs no statement; together the instances
 *   may admit a little more than the budget, bounded by what they admit between two flushes.
 */
export const EXACT_MAX_AT_MOST = 100;
export const FLUSH_MS = 1000;
/**
 * Callers held in memory at most; those whose window began longest ago go first (their rows stay
 * shared). Insertion order, not recency: moving a key to the back of a large Map on every hit
 * (delete, then set) costs V8 a rehash of the table again and again, 20-100 µs a hit at 10,000 to
 * 50,000 callers, which took four tenths of a signed-in request's time after a crowd of anonymous
 * addresses had passed (issue 14).
 */
const MAX_ENTRIES = 50_000;

export interface RateLimitHit {
  current: number;
  ttl: number;
}

type Callback = (error: Error | null, result?: RateLimitHit) => void;

const ADD_HITS = `
INSERT INTO rate_limit_counts AS c (key, hits, resets_at)
SELECT k, n, now() + w * interval '1 millisecond' FROM unnest($1::text[], $2::int[], $3::int[]) AS t(k, n, w)
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.resets_at <= now() THEN excluded.hits ELSE c.hits + excluded.hits END,
  resets_at = CASE WHEN c.resets_at <= now() THEN excluded.resets_at ELSE c.resets_at END
RETURNING key, hits, ceil(extract(epoch FROM c.resets_at - now()) * 1000)::int AS ttl ${PREPARE_MARK}`;

const READ_HITS = `SELECT hits, ceil(extract(epoch FROM resets_at - now()) * 1000)::int AS ttl FROM rate_limit_counts WHERE key = $1 AND resets_at > now()`;

interface Entry {
  /** Hits the database has counted, by every instance, as of the last flush. */
  shared: number;
  /** Hits admitted here and not yet sent. */
  pending: number;
  /** Hits being sent right now. */
  sending: number;
  /** When the window ends, by this process's clock (from the database's remaining time). */
  resetsAt: number;
  windowMs: number;
}

/** The counts of one process: one per app, shared by every budget's store. */
export class RateLimitCounter {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: { warn: (object: unknown, message: string) => void },
  ) {}

  /** Expired rows go once a minute; any instance may do it, doing it twice does no harm. */
  start(): void {
    this.sweeper = setInterval(() => {
      this.pool.query(`DELETE FROM rate_limit_counts WHERE resets_at < now() - interval '1 minute'`).catch((error: unknown) => {
        this.log.warn({ err: error }, 'rate-limit sweep failed');
      });
    }, 60_000);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** One hit, counted exactly: a statement now. */
  async hitExact(key: string, windowMs: number): Promise<RateLimitHit> {
    const { rows } = await this.pool.query<{ hits: number; ttl: number }>(ADD_HITS, [[key], [1], [windowMs]]);
    const row = rows[0];
    if (!row) throw new Error('rate-limit count was not returned');
    return { current: row.hits, ttl: Math.max(0, row.ttl) };
  }

  async readExact(key: string): Promise<RateLimitHit> {
    const { rows } = await this.pool.query<{ hits: number; ttl: number }>(READ_HITS, [key]);
    const row = rows[0];
    return row ? { current: row.hits, ttl: Math.max(0, row.ttl) } : { current: 0, ttl: 0 };
  }

  /** One hit, counted in memory and sent with the next flush. */
  hitBatched(key: string, windowMs: number, max: number): RateLimitHit {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (entry && entry.resetsAt <= now && entry.pending === 0 && entry.sending === 0) entry = undefined;
    if (!entry) {
      entry = { shared: 0, pending: 0, sending: 0, resetsAt: now + windowMs, windowMs };
      // A new window goes to the back: eviction takes the callers whose window began first.
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) this.evictOldest();
      this.entries.set(key, entry);
    }
    if (entry.resetsAt <= now) {
      // The window ended while hits were on their way: the flush's answer starts the next one.
      entry.shared = 0;
      entry.resetsAt = now + windowMs;
    }
    entry.pending += 1;
    if (entry.pending >= Math.max(1, Math.floor(max / 20))) this.flushSoon(0);
    else this.flushSoon(FLUSH_MS);
    return { current: entry.shared + entry.sending + entry.pending, ttl: entry.resetsAt - now };
  }

  readBatched(key: string): RateLimitHit {
    const entry = this.entries.get(key);
    const now = Date.now();
    if (!entry || entry.resetsAt <= now) return { current: 0, ttl: 0 };
    return { current: entry.shared + entry.sending + entry.pending, ttl: entry.resetsAt - now };
  }

  private evictOldest(): void {
    for (const [key, entry] of this.entries) {
      if (entry.pending === 0 && entry.sending === 0) {
        this.entries.delete(key);
        return;
      }
    }
  }

  private flushSoon(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
    this.timer.unref();
  }

  /** Sends every pending count in one statement and learns every instance's totals from its answer. */
  async flush(): Promise<void> {
    // One flush at a time: an entry's hits on their way are counted once.
    while (this.flushing) await this.flushing;
    const batch = [...this.entries].filter(([, entry]) => entry.pending > 0);
    if (batch.length === 0) return;
    // The same order on every instance: two flushes over the same rows lock them in the same order.
    batch.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [, entry] of batch) {
      entry.sending = entry.pending;
      entry.pending = 0;
    }
    this.flushing = (async () => {
      try {
        const { rows } = await this.pool.query<{ key: string; hits: number; ttl: number }>(ADD_HITS, [
          batch.map(([key]) => key),
          batch.map(([, entry]) => entry.sending),
          batch.map(([, entry]) => entry.windowMs),
        ]);
        const now = Date.now();
        const answers = new Map(rows.map((row) => [row.key, row]));
        for (const [key, entry] of batch) {
          const answer = answers.get(key);
          if (answer) {
            entry.shared = answer.hits;
            entry.resetsAt = now + Math.max(0, answer.ttl);
          }
          entry.sending = 0;
        }
        this.pruneExpired(now);
      } catch (error) {
        // Not lost: the hits go with the next flush. Requests meanwhile are judged on what is known.
        for (const [, entry] of batch) {
          entry.pending += entry.sending;
          entry.sending = 0;
        }
        this.log.warn({ err: error }, 'rate-limit flush failed; retrying');
        this.flushSoon(FLUSH_MS);
      } finally {
        this.flushing = undefined;
      }
    })();
    await this.flushing;
    const more = [...this.entries.values()].some((entry) => entry.pending > 0);
    if (more) this.flushSoon(FLUSH_MS);
  }

  private pruneExpired(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.resetsAt <= now && entry.pending === 0 && entry.sending === 0) this.entries.delete(key);
    }
  }
}

/** What @fastify/rate-limit passes to a store: its merged settings, with the route for a route's own budget. */
interface StoreParams {
  max?: unknown;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store class for @fastify/rate-limit (it calls `new Store(globalParams)` and `child(routeParams)`),
 * bound to one counter. Each route with a budget of its own gets a child whose keys are prefixed
 * with the route, so budgets never mix; the general budget is one across every other route.
 */
export function rateLimitStore(counter: RateLimitCounter) {
  return class PostgresRateLimitStore {
    private readonly prefix: string;
    private readonly exact: boolean;

    constructor(params: object, prefix = 'all') {
      const { max } = params as StoreParams;
      this.prefix = prefix;
      this.exact = typeof max === 'number' && max <= EXACT_MAX_AT_MOST;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const fullKey = `${this.prefix}|${key}`;
      if (this.exact) {
        counter.hitExact(fullKey, timeWindow).then((hit) => callback(null, hit), callback);
      } else {
        callback(null, counter.hitBatched(fullKey, timeWindow, max));
      }
    }

    read(key: string, callback: Callback): void {
      const fullKey = `${this.prefix}|${key}`;
      if (this.exact) counter.readExact(fullKey).then((hit) => callback(null, hit), callback);
      else callback(null, counter.readBatched(fullKey));
    }

    // Typed as route options by the plugin; at run time it is the route's merged settings.
    child(params: object): PostgresRateLimitStore {
      const { routeInfo } = params as StoreParams;
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(params, `${method} ${routeInfo?.url ?? ''}`);
    }
  };
}
