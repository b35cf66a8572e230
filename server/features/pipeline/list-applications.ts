import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { PipelineStage } from '../../../shared/schemas/pipeline.ts';
import type { V1ApplicationList, V1Candidate } from '../../../shared/schemas/public-api.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { encodeJobCursor, type JobCursor } from '../jobs/job-cursor.ts';
import { applicationRows, badgesAndDocuments, toPipelineApplication } from './get-job-pipeline.ts';

export interface ApplicationsPageRequest {
  jobId?: string | undefined;
  stage?: PipelineStage | undefined;
  /** Only applications whose stage changed (or that arrived) at or after this instant. */
  updatedSince?: string | undefined;
  limit: number;
  /** The previous page's last stage_changed_at (to the microsecond) and id. */
  cursor?: JobCursor | undefined;
}

/**
 * A page of the company's applications on its live jobs, in the order they last changed
 * (stage_changed_at, id), so an integration syncs by asking for what changed since its last run and
 * paging forward. Keyset pagination on the (company_id, stage_changed_at, id) index.
 */
export async function listCompanyApplications(db: Kysely<DB>, companyId: string, request: ApplicationsPageRequest): Promise<V1ApplicationList> {
  const source = db
    .selectFrom('job_applications')
    .selectAll()
    .where('company_id', '=', companyId)
    .where((eb) => eb.exists(eb.selectFrom('job_postings as jp').select('jp.id').whereRef('jp.id', '=', 'job_applications.job_id').where('jp.is_deleted', '=', false)))
    .$if(request.jobId !== undefined, (qb) => qb.where('job_id', '=', request.jobId!))
    .$if(request.stage !== undefined, (qb) => qb.where('status', '=', request.stage!))
    .$if(request.updatedSince !== undefined, (qb) => qb.where('stage_changed_at', '>=', new Date(request.updatedSince!)))
    .$if(request.cursor !== undefined, (qb) => qb.where(sql<boolean>`(stage_changed_at, id) > (${request.cursor?.createdAt}::timestamptz, ${request.cursor?.id}::uuid)`))
    .orderBy('stage_changed_at')
    .orderBy('id')
    .limit(request.limit + 1);
  const rows = await applicationRows(db, source)
    .select(sql<string>`to_char(ja.stage_changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'))
    .orderBy('ja.stage_changed_at')
    .orderBy('ja.id')
    .execute();
  const hasMore = rows.length > request.limit;
  const shown = hasMore ? rows.slice(0, request.limit) : rows;
  const extra = await badgesAndDocuments(
    db,
    shown.map((row) => row.candidate_id),
  );
  const last = shown.at(-1);
  return {
    data: shown.map((row) => ({ ...toPipelineApplication(row, extra), job_id: row.job_id })),
    next_cursor: hasMore && last ? encodeJobCursor({ createdAt: last.cursor_at, id: last.id }) : null,
  };
}

/**
 * A candidate as a company may see them (the dashboard's rule): one who applied to one of its live
 * jobs, with what their pipeline card shows and their applications there. Anyone else is 404, so
 * the API does not confirm that a person has an account.
 */
export async function getCompanyCandidate(db: Kysely<DB>, companyId: string, candidateId: string): Promise<V1Candidate> {
  const source = db
    .selectFrom('job_applications')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('candidate_id', '=', candidateId)
    .where((eb) => eb.exists(eb.selectFrom('job_postings as jp').select('jp.id').whereRef('jp.id', '=', 'job_applications.job_id').where('jp.is_deleted', '=', false)));
  const rows = await applicationRows(db, source).innerJoin('job_postings as jp', 'jp.id', 'ja.job_id').select('jp.title as job_title').orderBy('ja.created_at', 'desc').orderBy('ja.id', 'desc').execute();
  const first = rows[0];
  if (!first) throw notFound(messages.developers.candidateNotFound);
  const extra = await badgesAndDocuments(db, [first.candidate_id]);
  const card = toPipelineApplication(first, extra);
  return {
    id: first.candidate_id,
    candidate_code: card.candidate_code,
    name: card.name,
    email: first.email,
    current_employer: first.current_employer ?? null,
    experience_years: card.experience_years,
    notice_period_days: card.notice_period_days,
    verified: card.verified,
    documents: card.documents,
    applications: rows.map((row) => ({ id: row.id, job_id: row.job_id, job_title: row.job_title, stage: row.status, applied_at: new Date(row.created_at).toISOString() })),
  };
}
