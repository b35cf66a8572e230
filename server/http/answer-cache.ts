import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newCacheCounts } from './cache-stats.ts';

/** An answer ready to send: its JSON text, the validator a browser or CDN sends back, and until when it holds. */
export interface CachedAnswer {
  body: string;
  etag: string;
  /** When this instance stops answering from it (now, when the cache is off). */
  expiresAt: number;
}

/** What a miss loads: the value to send (validated by the caller), and until when it holds at most. */
export type AnswerLoad = () => Promise<{ value: unknown; holdsUntil?: number } | undefined>;

/**
 * Answers kept in memory a few seconds, in groups that are forgotten together when what they were
 * read from changes (a job, a company's jobs). The pattern of issue 14's caches:
 * - an answer is kept `ttlMs` at most, and never past the moment its load says it stops holding;
 * - concurrent misses for one answer share one load;
 * - a load that a change to its group overtook is answered but not kept (the group's generation
 *   it began under must still be current), and requests after the change do not join it;
 * - at most `maxEntries` answers; the oldest go first.
 */
export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly groupKeys = new Map<string, Set<string>>();
  private readonly generations = new Map<string, number>();
  private readonly loading = new Map<string, Promise<CachedAnswer | undefined>>();
  /** Bumped when everything is forgotten: every group's generation is older. */
  private epoch = 0;
  /** Answers from memory and answers loaded (a shared load counts as a miss): /metrics reports them. */
  readonly counts = newCacheCounts();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The answer for `key` in `group`, from memory or from `load`; undefined when `load` finds nothing. */
  async answer(group: string, key: string, load: AnswerLoad): Promise<CachedAnswer | undefined> {
    const id = `${group}\u0000${key}`;
    const now = this.now();
    const hit = this.entries.get(id);
    if (hit && hit.expiresAt > now) {
      this.counts.hits += 1;
      return hit;
    }
    this.counts.misses += 1;
    if (hit) this.remove(group, id);
    if (!this.enabled) return toAnswer(await load(), now);

    const generation = this.generationOf(group);
    const flightKey = `${generation}\u0000${id}`;
    const inFlight = this.loading.get(flightKey);
    if (inFlight) return inFlight;
    const flight = (async () => {
      try {
        const loaded = await load();
        const answer = toAnswer(loaded, Math.min(this.now() + this.ttlMs, loaded?.holdsUntil ?? Number.POSITIVE_INFINITY));
        if (answer && this.generationOf(group) === generation && answer.expiresAt > this.now()) this.keep(group, id, answer);
        return answer;
      } finally {
        this.loading.delete(flightKey);
      }
    })();
    this.loading.set(flightKey, flight);
    return flight;
  }

  /** Something the group's answers were read from changed: forget them, and any read under way. */
  forget(group: string): void {
    this.generations.set(group, (this.generations.get(group) ?? 0) + 1);
    for (const id of this.groupKeys.get(group) ?? []) this.entries.delete(id);
    this.groupKeys.delete(group);
  }

  /** Forget everything (a change to many groups, or the listener lost its connection). */
  forgetAll(): void {
    this.epoch += 1;
    this.generations.clear();
    this.entries.clear();
    this.groupKeys.clear();
  }

  private generationOf(group: string): string {
    return `${this.epoch}.${this.generations.get(group) ?? 0}`;
  }

  private keep(group: string, id: string, answer: CachedAnswer): void {
    if (!this.entries.has(id) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest.slice(0, oldest.indexOf('\u0000')), oldest);
    }
    this.entries.set(id, answer);
    let keys = this.groupKeys.get(group);
    if (!keys) this.groupKeys.set(group, (keys = new Set()));
    keys.add(id);
  }

  private remove(group: string, id: string): void {
    this.entries.delete(id);
    const keys = this.groupKeys.get(group);
    keys?.delete(id);
    if (keys?.size === 0) this.groupKeys.delete(group);
  }
}

function toAnswer(loaded: { value: unknown } | undefined, expiresAt: number): CachedAnswer | undefined {
  if (!loaded) return undefined;
  const body = JSON.stringify(loaded.value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, expiresAt };
}

/**
 * Sends a cached answer with the validators a browser (and, for public answers, a CDN) honours:
 * browsers revalidate every time (a 304 costs no body); shared caches keep a public answer as long
 * as this instance does, no longer, and never keep a private one.
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, visibility: 'public' | 'private' = 'public') {
  const seconds = Math.floor((answer.expiresAt - Date.now()) / 1000);
  reply.header('etag', answer.etag);
  if (visibility === 'private') reply.header('cache-control', 'private, no-cache');
  else reply.header('cache-control', seconds > 0 ? `public, max-age=0, s-maxage=${seconds}` : 'public, no-cache');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  // A JSON string is sent as it is: the answer was validated against its schema when it was made.
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** Whether If-None-Match names this ETag (or '*'). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
