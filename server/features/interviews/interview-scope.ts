import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { interviewInScope, type MemberScope } from '../team/member-scope.ts';

/** Who acts and from where: the service functions take this instead of a request. */
export interface Actor {
  userId: string;
  companyId: string;
  ip: string | null;
}

/**
 * The one place Interviews decides whose interviews the caller may see and change: an employer's
 * own company, taken from their profile (never from the request). Anyone else is refused (403);
 * another company's interview or application is not found (404), never confirmed to exist.
 */
export function interviewCompanyOf(session: SessionContext): string {
  const { role, company_id: companyId } = session.profile;
  if (role !== 'employer' || !companyId) throw forbidden(messages.profile.notInCompany, 'NOT_IN_COMPANY');
  return companyId;
}

/** The company's interview, locked for update inside a transaction; 404 for anyone else's. */
export async function lockCompanyInterview(trx: Transaction<DB>, companyId: string, interviewId: string) {
  const row = await trx.selectFrom('interviews').selectAll().where('id', '=', interviewId).where('company_id', '=', companyId).forUpdate().executeTakeFirst();
  if (!row || !row.scheduled_at) throw notFound(messages.interviews.notFound);
  return { ...row, scheduled_at: new Date(row.scheduled_at) };
}

/** Whether the interview belongs to the company and, for an interviewer, is theirs (for reads). */
export async function assertCompanyInterview(db: Kysely<DB>, scope: MemberScope, interviewId: string): Promise<void> {
  const row = await db
    .selectFrom('interviews')
    .select('id')
    .where('id', '=', interviewId)
    .where('company_id', '=', scope.companyId)
    .where('scheduled_at', 'is not', null)
    .where((eb) => interviewInScope(scope, eb.ref('interviews.id')))
    .executeTakeFirst();
  if (!row) throw notFound(messages.interviews.notFound);
}
