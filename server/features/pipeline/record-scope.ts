import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { CompanyRole } from '../../../shared/permissions.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { applicationInScope, memberScope, type MemberScope } from '../team/member-scope.ts';

/** A member acting on a candidate's record: their scope (interviewers narrowed), role and IP. */
export interface RecordActor {
  userId: string;
  name: string;
  role: CompanyRole | null;
  scope: MemberScope;
  ip: string | null;
}

/** The caller as a record actor; 403 for anyone outside a company (memberScope). */
export function recordActor(session: SessionContext, ip: string | null): RecordActor {
  return { userId: session.userId, name: session.profile.full_name, role: session.profile.company_role, scope: memberScope(session), ip };
}

/**
 * The application the member may see, with what the record's services need: another company's,
 * a deleted job's, or one an interviewer is not interviewing for is 404, never confirmed to exist.
 */
export async function recordApplication(db: Kysely<DB> | Transaction<DB>, scope: MemberScope, applicationId: string) {
  const row = await db
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('user_profiles as up', 'up.id', 'ja.candidate_id')
    .select(['ja.id', 'ja.job_id', 'ja.candidate_id', 'ja.created_at', 'jp.title as job_title', 'jp.company_id', 'up.full_name as candidate_name', 'up.email as candidate_email'])
    .where('ja.id', '=', applicationId)
    .where('jp.company_id', '=', scope.companyId)
    .where('jp.is_deleted', '=', false)
    .where((eb) => applicationInScope(scope, eb.ref('ja.id')))
    .executeTakeFirst();
  if (!row) throw notFound(messages.pipeline.applicationNotFound);
  return row;
}
export type RecordApplication = Awaited<ReturnType<typeof recordApplication>>;
