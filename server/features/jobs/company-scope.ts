import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';

/**
 * The one place Jobs Management decides whose jobs the caller may see and change: an employer's
 * own company, taken from their profile (never from the request). Anyone else is refused.
 */
export function employerCompanyId(session: SessionContext): string {
  const { role, company_id: companyId } = session.profile;
  if (role !== 'employer' || !companyId) throw forbidden(messages.profile.notInCompany, 'NOT_IN_COMPANY');
  return companyId;
}

/**
 * One of the company's live jobs (a draft too), locked for a change when asked; another company's
 * or a deleted one is 404, never confirmed to exist.
 */
export async function companyJob(db: Kysely<DB> | Transaction<DB>, companyId: string, jobId: string, options: { lock?: boolean } = {}) {
  const job = await db
    .selectFrom('job_postings')
    .select(['id', 'title'])
    .where('id', '=', jobId)
    .where('company_id', '=', companyId)
    .where('is_deleted', '=', false)
    .$if(options.lock === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!job) throw notFound(messages.jobsManagement.notFound);
  return job;
}
