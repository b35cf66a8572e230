import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { AnalyticsQuery } from '../../../shared/schemas/analytics.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

const text = messages.analytics;
const IST = '+05:30';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What one report reads: a company's applications received from `from` to `to` (IST days,
 * inclusive), for one job or one recruiter's jobs or the whole company. `rollup` names the
 * hiring_daily rows that hold exactly that slice; `empty` is a job and a recruiter that do not go
 * together (the job was posted by someone else), which no row matches.
 */
export interface ReportScope {
  companyId: string;
  from: string;
  to: string;
  /** [start, end): the range as instants, from 00:00 IST on `from` to 00:00 IST after `to`. */
  start: Date;
  end: Date;
  jobId: string | null;
  recruiterId: string | null;
  rollup: { scope: 'company' | 'job' | 'recruiter'; scopeId: string };
  empty: boolean;
}

/** Checks the filters belong to the company (404 otherwise) and names the rows to read. */
export async function reportScope(db: Kysely<DB>, companyId: string, query: AnalyticsQuery): Promise<ReportScope> {
  const start = new Date(`${query.from}T00:00:00${IST}`);
  const end = new Date(new Date(`${query.to}T00:00:00${IST}`).getTime() + DAY_MS);
  const jobId = query.job_id ?? null;
  const recruiterId = query.recruiter_id ?? null;
  let empty = false;
  if (jobId) {
    const job = await db.selectFrom('job_postings').select('created_by').where('id', '=', jobId).where('company_id', '=', companyId).where('is_deleted', '=', false).executeTakeFirst();
    if (!job) throw notFound(text.invalidJob);
    empty = recruiterId !== null && job.created_by !== recruiterId;
  }
  if (recruiterId) {
    const poster = await db.selectFrom('job_postings').select('id').where('company_id', '=', companyId).where('created_by', '=', recruiterId).limit(1).executeTakeFirst();
    if (!poster) throw notFound(text.invalidRecruiter);
  }
  const rollup = jobId
    ? { scope: 'job' as const, scopeId: jobId }
    : recruiterId
      ? { scope: 'recruiter' as const, scopeId: `${companyId}:${recruiterId}` }
      : { scope: 'company' as const, scopeId: companyId };
  return { companyId, from: query.from, to: query.to, start, end, jobId, recruiterId, rollup, empty };
}

/** The rollup rows of the scope and range. */
export function rollupRows(db: Kysely<DB>, scope: ReportScope) {
  return db
    .selectFrom('hiring_daily')
    .where('scope', '=', scope.rollup.scope)
    .where('scope_id', '=', scope.empty ? '' : scope.rollup.scopeId)
    .where('day', '>=', scope.from)
    .where('day', '<=', scope.to);
}
