import type { Kysely } from 'kysely';
import type { PublicJobDetail } from '../../../shared/schemas/job-detail.ts';
import type { DB } from '../../db/schema.ts';
import { isOpenJob } from './open-jobs.ts';
import { SUBSCRIPTION_COLUMNS } from '../billing/entitlement.ts';
import { shownPay } from './shown-pay.ts';
import { takesApplication } from '../billing/limits.ts';
import { JOB_DETAIL_COLUMNS, jobDetailsOf } from '../jobs/job-details-row.ts';
import { screeningQuestionsOf } from '../jobs/screening-questions-row.ts';
import { publicQuestion } from '../../../shared/schemas/screening-questions.ts';

/**
 * One job as the public job page shows it, or undefined when there is no such published,
 * non-deleted job. Unlike the board, an expired job is still returned (a shared link keeps
 * explaining itself), with accepting_applications false; "open" is the same rule as the board's.
 * An open job whose company's plan stops it taking applications (issue 15) says so too.
 */
export async function getPublicJob(db: Kysely<DB>, jobId: string, now: Date = new Date()): Promise<PublicJobDetail | undefined> {
  const row = await db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .innerJoin('company_subscriptions as s', 's.company_id', 'jp.company_id')
    .where('jp.id', '=', jobId)
    .where('jp.status', '=', 'published')
    .where('jp.is_deleted', '=', false)
    .select((eb) => [
      'jp.id',
      'jp.title',
      'c.name as company_name',
      'jp.description',
      'jp.requirements',
      'jp.benefits',
      'jp.location',
      'jp.salary',
      'jp.expires_at',
      'jp.created_at',
      'jp.published_at',
      'jp.screening_questions',
      ...JOB_DETAIL_COLUMNS.map((column) => `jp.${column}` as const),
      isOpenJob(eb).as('open'),
      ...SUBSCRIPTION_COLUMNS.map((column) => `s.${column}` as const),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const stopped = Boolean(row.open) && !(await takesApplication(db, row, now));
  return {
    id: row.id,
    title: row.title,
    company_name: row.company_name,
    description: row.description,
    requirements: row.requirements,
    benefits: row.benefits,
    location: row.location,
    // The pay as shown: the employer's words, else the structured pay in lakh.
    salary: shownPay(row),
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    // When it went public: a draft published later is dated by its publishing.
    created_at: new Date(row.published_at ?? row.created_at).toISOString(),
    ...jobDetailsOf(row),
    accepting_applications: Boolean(row.open) && !stopped,
    applications_stopped: stopped,
    // The questions' words and choices; their knockout rules never leave the server.
    screening_questions: screeningQuestionsOf(row.screening_questions).map(publicQuestion),
  };
}
