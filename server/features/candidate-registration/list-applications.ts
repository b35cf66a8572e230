import type { Kysely } from 'kysely';
import type { CandidateApplication } from '../../../shared/schemas/candidate.ts';
import type { DB } from '../../db/schema.ts';
import { isOpenJob } from '../public-jobs/open-jobs.ts';

/** Far more than a person applies to; the list has no pages, so it has a ceiling. */
export const MAX_APPLICATIONS_LISTED = 500;

/**
 * The candidate's own applications, newest first, with the job's title and company, the stage and
 * the dates it changed. A job since deleted or expired keeps its title; job_open says whether its
 * public page still shows it. Only a rejection's note (the reason) reaches the candidate.
 */
export async function listCandidateApplications(db: Kysely<DB>, candidateId: string): Promise<CandidateApplication[]> {
  const rows = await db
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .select((eb) => ['ja.id', 'ja.job_id', 'jp.title', 'c.name', 'ja.status', 'ja.created_at', 'ja.stage_changed_at', isOpenJob(eb).as('job_open')])
    .where('ja.candidate_id', '=', candidateId)
    .orderBy('ja.created_at', 'desc')
    .orderBy('ja.id', 'desc')
    .limit(MAX_APPLICATIONS_LISTED)
    .execute();
  const events = rows.length
    ? await db
        .selectFrom('application_stage_events')
        .select(['application_id', 'to_stage', 'note', 'created_at'])
        .where(
          'application_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    job_id: row.job_id,
    job_title: row.title,
    company_name: row.name,
    status: row.status,
    applied_at: new Date(row.created_at).toISOString(),
    stage_changed_at: new Date(row.stage_changed_at).toISOString(),
    history: events
      .filter((event) => event.application_id === row.id)
      .map((event) => ({ stage: event.to_stage, at: new Date(event.created_at).toISOString(), reason: event.to_stage === 'rejected' ? event.note : null })),
    job_open: Boolean(row.job_open),
  }));
}
