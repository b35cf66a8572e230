import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { newCacheCounts, trackCache } from '../http/cache-stats.ts';
import { PEER_TIMING, SessionPeers } from './session-peers.ts';
import type { SessionContext } from './session-context.ts';

/** The channel the session triggers notify on: the user's id (migration 0020), or 'company:<id>' on a rename (0022). */
export const SESSION_CHANGES_CHANNEL = 'workcred_sessions';

interface Entry {
  session: SessionContext;
  storedAt: number;
}

/**
 * Resolved sessions kept in process for a few seconds (issue 14), so a signed-in request reads no
 * session rows at all. Correct with several instances: every change to a session, its account,
 * profile or second factors notifies every instance (database triggers, LISTEN/NOTIFY), which drop
 * that user's entries at once. A read that raced a change is not stored: each user has a
 * generation, bumped by every notification, and an entry is kept only if the generation it was
 * read under is still current. Entries also expire after `ttlMs`, the bound on staleness should a
 * notification ever be lost (the listening connection dropped).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  /** A counter bumped by every change heard, and the value it had at each user's last change. */
  private sequence = 0;
  private readonly lastChange = new Map<string, number>();
  /** Until when entries may be used: for ever on one process, while its listener is proven live with several (session-peers.ts). */
  private trustedUntil = Number.POSITIVE_INFINITY;
  /** Reads that began before this sequence are not kept (the cache was emptied after a gap). */
  private resetAt = 0;
  /** Sessions answered from memory and sessions read: /metrics reports them. */
  readonly counts = newCacheCounts();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): SessionContext | undefined {
    const session = this.fresh(key);
    if (session) this.counts.hits += 1;
    else this.counts.misses += 1;
    return session;
  }

  private fresh(key: string): SessionContext | undefined {
    if (!this.trusted) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.delete(key, entry.session.userId);
      return undefined;
    }
    return entry.session;
  }

  /** Take this before reading a session from the database; hand it to store(). */
  mark(): number {
    return this.sequence;
  }

  /** Keeps the session unless a change to its user was heard since `mark` (the read may predate it). */
  store(key: string, session: SessionContext, mark: number): void {
    if (!this.enabled || !this.trusted || mark < this.resetAt || (this.lastChange.get(session.userId) ?? 0) > mark) return;
    const companyId = session.profile.company_id;
    if (companyId && (this.lastChange.get(companyKey(companyId)) ?? 0) > mark) return;
    if (this.entries.size >= this.maxEntries) {
      // Oldest first (a Map keeps insertion order).
      const oldest = this.entries.entries().next().value;
      if (oldest) this.delete(oldest[0], oldest[1].session.userId);
    }
    this.entries.set(key, { session, storedAt: this.now() });
    const keys = this.byUser.get(session.userId) ?? new Set();
    keys.add(key);
    this.byUser.set(session.userId, keys);
  }

  private delete(key: string, userId: string): void {
    this.entries.delete(key);
    const keys = this.byUser.get(userId);
    keys?.delete(key);
    if (keys && keys.size === 0) this.byUser.delete(userId);
  }

  /** Something about this user changed (on some instance): forget their sessions here. */
  dropUser(userId: string): void {
    this.markChanged(userId);
    for (const key of this.byUser.get(userId) ?? []) this.entries.delete(key);
    this.byUser.delete(userId);
  }

  /** The company's name changed: forget the sessions of its people (they carry the name). */
  dropCompany(companyId: string): void {
    this.markChanged(companyKey(companyId));
    for (const [key, entry] of this.entries) {
      if (entry.session.profile.company_id === companyId) this.delete(key, entry.session.userId);
    }
  }

  private markChanged(marker: string): void {
    this.sequence += 1;
    // Delete first so the marker moves to the end of the insertion order (the newest).
    this.lastChange.delete(marker);
    this.lastChange.set(marker, this.sequence);
    // Bounded: the oldest markers go once there are many (a read older than them is long done).
    if (this.lastChange.size > this.maxEntries) this.lastChange.delete(this.lastChange.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
    this.byUser.clear();
  }

  private get trusted(): boolean {
    return this.now() < this.trustedUntil;
  }

  /**
   * This instance's listener is proven to have heard every change up to a moment: entries may be
   * used until `until`. After a gap (a lease run out, or a notification possibly missed) what is
   * held is forgotten, and reads that began before are not kept.
   */
  trust(until: number, gap: boolean): void {
    if (gap || !this.trusted) {
      this.clear();
      this.sequence += 1;
      this.resetAt = this.sequence;
    }
    this.trustedUntil = until;
  }

  /** Whether a session of this user is held (tests). */
  holds(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  get size(): number {
    return this.entries.size;
  }
}

const COMPANY = 'company:';
const companyKey = (companyId: string) => `${COMPANY}${companyId}`;

interface Started {
  cache: SessionCache;
  fence: () => Promise<void>;
  peers?: SessionPeers;
}
const caches = new WeakMap<Database, Started>();
const FENCE = 'fence:';
/** The change sequence when each write began (the sequence only grows: a change heard meanwhile moves it). */
const startedAt = new WeakMap<object, number>();

/** The cache of this database's app, if one was started. */
export function sessionCacheOf(database: Database): SessionCache | undefined {
  return caches.get(database)?.cache;
}

/** The other instances this one knows of (tests). */
export function sessionPeersOf(database: Database): SessionPeers | undefined {
  return caches.get(database)?.peers;
}

/** Notes where the change sequence stood when a request began (the app's onRequest). */
export function markRequestStart(database: Database, request: object): void {
  const started = caches.get(database);
  if (started) startedAt.set(request, started.cache.mark());
}

/**
 * Waits until this instance has heard every session change committed so far: it sends its own
 * marker on the channel and waits for it (notifications arrive in commit order). The app calls it
 * before answering a request that may have changed something, so the next request on this instance
 * already sees the change. Should the marker not come back in time, the whole cache is dropped.
 * If a change was heard while the request ran (its own, say a suspension), it also waits until
 * every other instance has heard it (session-peers.ts), so the next request anywhere sees it.
 */
export async function awaitSessionChanges(database: Database, request?: object): Promise<void> {
  const started = caches.get(database);
  if (!started) return;
  await started.fence();
  const since = request ? startedAt.get(request) : undefined;
  if (started.peers && (since === undefined || started.cache.mark() > since)) await started.peers.sync();
}

/** Starts the cache for an app: listens for session changes and returns the stop function. */
export async function startSessionCache(database: Database, ttlMs: number): Promise<() => Promise<void>> {
  const cache = new SessionCache(ttlMs);
  if (!cache.enabled) return async () => undefined;
  const notify = async (payload: string) => {
    await sql`SELECT pg_notify(${SESSION_CHANGES_CHANNEL}, ${payload})`.execute(database.db);
  };
  // Several processes share PostgreSQL; PGlite is one process and hands notifications over in it.
  let proven = () => {};
  const firstBeat = new Promise<void>((resolve) => (proven = resolve));
  const trust = (until: number, gap: boolean) => {
    cache.trust(until, gap);
    proven();
  };
  const peers = database.kind === 'postgres' ? new SessionPeers({ notify, trust, now: Date.now }) : undefined;
  // Not trusted until this instance hears its own first beat.
  if (peers) cache.trust(0, true);
  const waiting = new Map<string, () => void>();
  const unlisten = await database.listen(SESSION_CHANGES_CHANNEL, (payload) => {
    if (peers?.hear(payload)) return;
    if (payload.startsWith(FENCE)) waiting.get(payload)?.();
    else if (payload.startsWith(COMPANY)) cache.dropCompany(payload.slice(COMPANY.length));
    else cache.dropUser(payload);
  });
  async function sendFence(): Promise<void> {
    const marker = `${FENCE}${randomUUID()}`;
    const heard = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 2000);
      waiting.set(marker, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      await notify(marker);
      if (!(await heard)) cache.clear();
    } catch {
      cache.clear();
    } finally {
      waiting.delete(marker);
    }
  }
  // One marker at a time: the requests that finish while one is out share the next, which is
  // sent after all of them (so after each one's changes). A crowd of writes sends a few
  // markers, not one each; a lone write still waits for exactly one.
  let next: Promise<void> | undefined;
  let out: Promise<void> | undefined;
  function fence(): Promise<void> {
    next ??= (async () => {
      await out;
      next = undefined;
      const sent = sendFence();
      out = sent;
      await sent;
      if (out === sent) out = undefined;
    })();
    return next;
  }
  let beats: NodeJS.Timeout | undefined;
  if (peers) {
    peers.beat();
    beats = setInterval(() => peers.beat(), PEER_TIMING.beatMs);
    beats.unref();
    // Start with a cache in use: wait (briefly) for the first beat to come back.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([firstBeat, new Promise((resolve) => (timer = setTimeout(resolve, PEER_TIMING.leaseMs)))]);
    clearTimeout(timer);
  }
  caches.set(database, { cache, fence, peers });
  trackCache(database, 'sessions', cache.counts);
  return async () => {
    clearInterval(beats);
    caches.delete(database);
    cache.clear();
    await unlisten();
  };
}

/**
 * A request that may have changed a session, an account or its factors answers only once this
 * instance has heard the change, so the caller's next request here already sees it. PostgreSQL
 * only: its notifications come over another connection; PGlite (one process) hands them over in it.
 * A change it heard while the request ran (a suspension, a sign-out) is also awaited on every
 * other instance, so the next request anywhere sees it (issue 33 A6; decision record 0008).
 */
export function registerSessionFence(app: FastifyInstance, database: Database): void {
  const awaitsChanges = (request: FastifyRequest) =>
    database.kind === 'postgres' && request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS' && !request.routeOptions.config?.readOnly;
  app.addHook('onRequest', (request, _reply, done) => {
    if (awaitsChanges(request)) markRequestStart(database, request);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!awaitsChanges(request)) return done(null, payload);
    awaitSessionChanges(database, request).then(() => done(null, payload), done);
  });
}
