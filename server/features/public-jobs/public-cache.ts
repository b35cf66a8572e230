import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';

/** The channel migration 0023's triggers notify on: a job's id, or '*' for many jobs or a company rename. */
export const PUBLIC_JOBS_CHANNEL = 'workcred_public_jobs';

/** An answer ready to send: its JSON text, the validator a browser or CDN sends back, and until when it holds. */
export interface CachedAnswer {
  body: string;
  etag: string;
  /** When this instance stops answering from it (now, when the cache is off). */
  expiresAt: number;
}
type Entry = CachedAnswer;

/**
 * The public job page and the board, answered from memory (issue 14: a job link shared in a
 * WhatsApp group of thousands arrives all at once). An answer is kept `ttlMs` at most and never
 * past the moment its job stops taking applications; every instance forgets a job's answers the
 * moment the job changes (database triggers, LISTEN/NOTIFY), and every board answer with it.
 * Concurrent misses for one answer share one query. A read that a change overtook is not kept
 * (the generation it began under must still be current), as in the session cache.
 */
export class PublicReadCache {
  private readonly jobs = new Map<string, Entry>();
  private readonly boards = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedAnswer | undefined>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The job page's answer; `load` runs on a miss and says until when the answer holds, at most. */
  job(jobId: string, load: () => Promise<{ value: unknown; holdsUntil?: number } | undefined>): Promise<CachedAnswer | undefined> {
    return this.answer(this.jobs, jobId, load);
  }

  board(query: string, load: () => Promise<{ value: unknown; holdsUntil?: number } | undefined>): Promise<CachedAnswer | undefined> {
    return this.answer(this.boards, query, load);
  }

  /** A job changed (on some instance): forget its page and every board answer; '*' forgets all. */
  changed(jobId: string): void {
    this.generation += 1;
    if (jobId === '*') this.jobs.clear();
    else this.jobs.delete(jobId);
    this.boards.clear();
  }

  get size(): number {
    return this.jobs.size + this.boards.size;
  }

  private async answer(map: Map<string, Entry>, key: string, load: () => Promise<{ value: unknown; holdsUntil?: number } | undefined>): Promise<CachedAnswer | undefined> {
    const now = this.now();
    const hit = map.get(key);
    if (hit && hit.expiresAt > now) return hit;
    if (hit) map.delete(key);
    if (!this.enabled) return toAnswer(await load(), now);

    // Requests arriving after a change do not join a read begun before it.
    const generation = this.generation;
    const flightKey = `${map === this.jobs ? 'j' : 'b'}${generation}:${key}`;
    const inFlight = this.loading.get(flightKey);
    if (inFlight) return inFlight;
    const flight = (async () => {
      try {
        const loaded = await load();
        const answer = toAnswer(loaded, Math.min(this.now() + this.ttlMs, loaded?.holdsUntil ?? Number.POSITIVE_INFINITY));
        if (answer && this.generation === generation && answer.expiresAt > this.now()) {
          if (map.size >= this.maxEntries) map.delete(map.keys().next().value!);
          map.set(key, answer);
        }
        return answer;
      } finally {
        this.loading.delete(flightKey);
      }
    })();
    this.loading.set(flightKey, flight);
    return flight;
  }
}

function toAnswer(loaded: { value: unknown } | undefined, expiresAt: number): CachedAnswer | undefined {
  if (!loaded) return undefined;
  const body = JSON.stringify(loaded.value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, expiresAt };
}

/**
 * Sends a cached answer with the validators a CDN and a browser honour: browsers revalidate every
 * time (a 304 costs no body); shared caches keep it as long as this instance does, no longer.
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  const seconds = Math.floor((answer.expiresAt - Date.now()) / 1000);
  reply.header('etag', answer.etag);
  reply.header('cache-control', seconds > 0 ? `public, max-age=0, s-maxage=${seconds}` : 'public, no-cache');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  // A JSON string is sent as it is: the answer was validated against its schema when it was made.
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** Starts the cache for an app: listens for job changes on this database; returns it and its stop. */
export async function startPublicReadCache(database: Database, ttlMs: number): Promise<{ cache: PublicReadCache; stop: () => Promise<void> }> {
  const cache = new PublicReadCache(ttlMs);
  if (!cache.enabled) return { cache, stop: async () => undefined };
  const unlisten = await database.listen(PUBLIC_JOBS_CHANNEL, (payload) => cache.changed(payload));
  return {
    cache,
    async stop() {
      cache.changed('*');
      await unlisten();
    },
  };
}
