import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';

type JobsAndCompanies = DB & { jp: DB['job_postings']; c: DB['companies'] };

/**
 * The one rule of what the public may see: a job that is published, not deleted and not expired
 * (no expiry, or one in the future). Every public query filters through here.
 */
export function isOpenJob(eb: ExpressionBuilder<JobsAndCompanies, 'jp'>) {
  return eb.and([
    eb('jp.status', '=', 'published'),
    eb('jp.is_deleted', '=', false),
    eb.or([eb('jp.expires_at', 'is', null), eb('jp.expires_at', '>', sql<Date>`now()`)]),
  ]);
}
