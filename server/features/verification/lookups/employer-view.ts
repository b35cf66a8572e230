import type { Kysely } from 'kysely';
import { messages } from '../../../../shared/messages.ts';
import type { EmployerEpfoView } from '../../../../shared/schemas/epfo.ts';
import type { DB } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';
import { applicationInScope, type MemberScope } from '../../team/member-scope.ts';
import { decidedLookupView } from './lookup-views.ts';

/**
 * GET /api/verification/applications/:applicationId/epfo: the EPFO history of the candidate behind
 * one of the company's applications (an interviewer: only one they interview for), as the
 * candidate panel shows it. Any other application is a 404, so nothing is confirmed about it.
 */
export async function employerEpfoView(db: Kysely<DB>, scope: MemberScope, applicationId: string): Promise<EmployerEpfoView> {
  const application = await db
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .select('ja.candidate_id')
    .where('ja.id', '=', applicationId)
    .where('jp.company_id', '=', scope.companyId)
    .where('jp.is_deleted', '=', false)
    .where((eb) => applicationInScope(scope, eb.ref('ja.id')))
    .executeTakeFirst();
  if (!application) throw notFound(messages.pipeline.applicationNotFound);
  return { lookup: await decidedLookupView(db, application.candidate_id) };
}
