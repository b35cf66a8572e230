import type { Database } from '../../db/database.ts';
import { AnswerCache } from '../../http/answer-cache.ts';
import { trackCache } from '../../http/cache-stats.ts';

/** The channel migration 0025's triggers notify on: a company's id, or '*' for many companies. */
export const COMPANY_JOBS_CHANNEL = 'workcred_company_jobs';

/**
 * A company's job list, answered from memory (issue 14): the page every member opens first and
 * returns to. Kept a few seconds at most; every instance forgets a company's pages the moment one
 * of its jobs changes or gains or loses an application (triggers, LISTEN/NOTIFY). A write
 * answered by this instance is answered only once the instance has heard its change (the fence in
 * app.ts), so the writer's next list shows it. Only whole-company lists are kept: an
 * interviewer's narrower list is read each time.
 */
export async function startCompanyJobsCache(database: Database, ttlMs: number): Promise<{ cache: AnswerCache; stop: () => Promise<void> }> {
  const cache = new AnswerCache(ttlMs);
  trackCache(database, 'company_jobs', cache.counts);
  if (!cache.enabled) return { cache, stop: async () => undefined };
  const unlisten = await database.listen(
    COMPANY_JOBS_CHANNEL,
    (payload) => (payload === '*' ? cache.forgetAll() : cache.forget(payload)),
    () => cache.forgetAll(),
  );
  return {
    cache,
    async stop() {
      cache.forgetAll();
      await unlisten();
    },
  };
}
