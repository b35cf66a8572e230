import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { notFound } from '../../http/errors.ts';
import { wholeCompany } from '../team/member-scope.ts';
import type { EmployerJob, EmployerJobsPage } from '../../../shared/schemas/jobs.ts';
import type { DB } from '../../db/schema.ts';
import { applicationInScope, jobInScope, type MemberScope } from '../team/member-scope.ts';
import { encodeJobCursor, type JobCursor } from './job-cursor.ts';
import { JOB_DETAIL_COLUMNS, jobDetailsOf } from './job-details-row.ts';
import { screeningQuestionsOf } from './screening-questions-row.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export interface JobsPageRequest {
  /** How many jobs at most (the route caps it). */
  limit: number;
  /** The previous page's next_cursor; none for the first page. */
  cursor?: JobCursor | undefined;
  /** Only this job (the public API's GET /api/v1/jobs/:id). */
  jobId?: string;
}

/**
 * A page of the company's non-deleted jobs, drafts among them (issue 36 §1), newest first (created_at DESC, id DESC),
 * each with its number of applications, and the cursor of the next page (null on the last one).
 *
 * Keyset pagination, so a deep page costs what the first does: the jobs come from the
 * (company_id, created_at DESC) WHERE NOT is_deleted index, entered at the cursor through the row
 * comparison (created_at, id) < (cursor); the inner query takes limit + 1 rows (the extra one only
 * tells whether another page exists) before the LATERAL subquery counts each job's applications
 * from the (job_id, created_at) index of job_applications. One query: neither N+1 queries nor a
 * scan of every application, nor a count for jobs outside the page. An interviewer's page holds
 * only the jobs they interview for, each counting only their candidates.
 */
export async function listCompanyJobs(db: Kysely<DB>, scope: MemberScope, { limit, cursor, jobId }: JobsPageRequest): Promise<EmployerJobsPage> {
  const page = db
    .selectFrom('job_postings')
    .where('company_id', '=', scope.companyId)
    .where('is_deleted', '=', false)
    // An interviewer sees only the jobs they interview for (issue 13).
    .where((eb) => jobInScope(scope, eb.ref('job_postings.id')))
    .$if(jobId !== undefined, (qb) => qb.where('id', '=', jobId!))
    .$if(cursor !== undefined, (qb) => qb.where(sql<boolean>`(created_at, id) < (${cursor?.createdAt}::timestamptz, ${cursor?.id}::uuid)`))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .select(['id', 'title', 'description', 'location', 'salary', 'requirements', 'benefits', 'expires_at', 'created_at', 'status', 'screening_questions', ...JOB_DETAIL_COLUMNS])
    // created_at to the microsecond in UTC for the cursor: the driver's Date keeps only milliseconds.
    .select(sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_created_at'));

  const rows = await db
    .selectFrom(page.as('jp'))
    .leftJoinLateral(
      (eb) => eb.selectFrom('job_applications as ja').whereRef('ja.job_id', '=', 'jp.id').where((inner) => applicationInScope(scope, inner.ref('ja.id'))).select((e) => e.fn.countAll<string | number | bigint>().as('count')).as('ac'),
      (join) => join.onTrue(),
    )
    .orderBy('jp.created_at', 'desc')
    .orderBy('jp.id', 'desc')
    .selectAll('jp')
    .select('ac.count')
    .execute();

  const hasMore = rows.length > limit;
  const shown = hasMore ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    jobs: shown.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      location: row.location,
      salary: row.salary,
      requirements: row.requirements,
      benefits: row.benefits,
      expires_at: isoOrNull(row.expires_at),
      created_at: iso(row.created_at),
      applications_count: Number(row.count ?? 0),
      status: row.status,
      ...jobDetailsOf(row),
      screening_questions: screeningQuestionsOf(row.screening_questions),
    })),
    next_cursor: hasMore && last ? encodeJobCursor({ createdAt: last.cursor_created_at, id: last.id }) : null,
  };
}

/** One of the company's jobs as Jobs Management lists it (the answer of a create, an edit or a change of state); 404 when there is none. */
export async function companyJobAsListed(db: Kysely<DB>, companyId: string, jobId: string): Promise<EmployerJob> {
  const page = await listCompanyJobs(db, wholeCompany(companyId), { limit: 1, jobId });
  const job = page.jobs[0];
  if (!job) throw notFound(messages.jobsManagement.notFound);
  return job;
}
