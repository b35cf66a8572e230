import { AnswerCache, type AnswerLoad, type CachedAnswer } from '../../http/answer-cache.ts';
import type { Database } from '../../db/database.ts';
import { replicaClock } from '../../db/read-replica.ts';
import { trackCache } from '../../http/cache-stats.ts';

/** The channel migration 0023's triggers notify on: a job's id, or '*' for many jobs or a company rename. */
export const PUBLIC_JOBS_CHANNEL = 'workcred_public_jobs';

export { sendCachedAnswer, type CachedAnswer } from '../../http/answer-cache.ts';

const BOARD = 'board';

/**
 * The public job page and the board, answered from memory (issue 14: a job link shared in a
 * WhatsApp group of thousands arrives all at once). An answer is kept `ttlMs` at most and never
 * past the moment its job stops taking applications; every instance forgets a job's answers the
 * moment the job changes (database triggers, LISTEN/NOTIFY), and every board answer with it.
 */
export class PublicReadCache {
  private readonly answers: AnswerCache;
  /**
   * When the last job change was heard (`replicaClock`). A miss loads from the read replica only if
   * the replica holds everything up to then: a standby that has not replayed the change would
   * otherwise have its old answer kept for the whole TTL (decision record 0031).
   */
  changeHeardAt = Number.NEGATIVE_INFINITY;

  constructor(ttlMs: number, maxEntries = 5_000, now: () => number = Date.now) {
    this.answers = new AnswerCache(ttlMs, maxEntries, now);
  }

  get enabled(): boolean {
    return this.answers.enabled;
  }

  /** The job page's answer; `load` runs on a miss and says until when the answer holds, at most. */
  job(jobId: string, load: AnswerLoad): Promise<CachedAnswer | undefined> {
    return this.answers.answer(`job:${jobId}`, '', load);
  }

  board(query: string, load: AnswerLoad): Promise<CachedAnswer | undefined> {
    return this.answers.answer(BOARD, query, load);
  }

  /** A job changed (on some instance): forget its page and every board answer; '*' forgets all. */
  changed(jobId: string): void {
    this.changeHeardAt = replicaClock();
    if (jobId === '*') return this.answers.forgetAll();
    this.answers.forget(`job:${jobId}`);
    this.answers.forget(BOARD);
  }

  get size(): number {
    return this.answers.size;
  }

  get counts() {
    return this.answers.counts;
  }
}

/** Starts the cache for an app: listens for job changes on this database; returns it and its stop. */
export async function startPublicReadCache(database: Database, ttlMs: number): Promise<{ cache: PublicReadCache; stop: () => Promise<void> }> {
  const cache = new PublicReadCache(ttlMs);
  trackCache(database, 'public_reads', cache.counts);
  if (!cache.enabled) return { cache, stop: async () => undefined };
  const unlisten = await database.listen(PUBLIC_JOBS_CHANNEL, (payload) => cache.changed(payload), () => cache.changed('*'));
  return {
    cache,
    async stop() {
      cache.changed('*');
      await unlisten();
    },
  };
}
