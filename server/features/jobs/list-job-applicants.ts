import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { JobApplicant } from '../../../shared/schemas/jobs.ts';
import type { DB } from '../../db/schema.ts';
import { applicationInScope, jobInScope, type MemberScope } from '../team/member-scope.ts';
import { notFound } from '../../http/errors.ts';

/**
 * The applicants of one of the company's live jobs, newest first: name, candidate ID, date,
 * status and their current documents (which the company may read once the candidate applied).
 * Another company's job (or a deleted one) is 404, never an empty list that confirms it exists.
 */
export async function listJobApplicants(db: Kysely<DB>, scope: MemberScope, jobId: string): Promise<JobApplicant[]> {
  const job = await db
    .selectFrom('job_postings')
    .select('id')
    .where('id', '=', jobId)
    .where('company_id', '=', scope.companyId)
    .where('is_deleted', '=', false)
    .where((eb) => jobInScope(scope, eb.ref('job_postings.id')))
    .executeTakeFirst();
  if (!job) throw notFound(messages.jobsManagement.notFound);
  const rows = await db
    .selectFrom('job_applications as ja')
    .innerJoin('user_profiles as up', 'up.id', 'ja.candidate_id')
    .leftJoin('candidate_profiles as cp', 'cp.user_id', 'ja.candidate_id')
    .where('ja.job_id', '=', job.id)
    .where((eb) => applicationInScope(scope, eb.ref('ja.id')))
    .orderBy('ja.created_at', 'desc')
    .select(['ja.id', 'ja.candidate_id', 'ja.created_at', 'ja.status', 'up.full_name', 'cp.candidate_code'])
    .execute();
  const documents = rows.length
    ? await db
        .selectFrom('candidate_documents')
        .select(['id', 'candidate_id', 'document_type'])
        .where(
          'candidate_id',
          'in',
          rows.map((row) => row.candidate_id),
        )
        .orderBy('document_type')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    candidate_name: row.full_name,
    candidate_code: row.candidate_code ?? null,
    applied_at: new Date(row.created_at).toISOString(),
    status: row.status,
    documents: documents
      .filter((document) => document.candidate_id === row.candidate_id)
      .map((document) => ({ id: document.id, document_type: document.document_type, url: `/api/documents/${document.id}` })),
  }));
}
