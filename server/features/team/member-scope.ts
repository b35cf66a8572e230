import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import { seesOnlyAssigned } from '../../../shared/permissions.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';

/**
 * What a company member may read: their company, and for an interviewer only the applications
 * they are on an interview for (issue 13). The services take this instead of a bare company id,
 * so an interviewer's reads are narrowed in the same query that reads the company's rows.
 */
export interface MemberScope {
  companyId: string;
  /** An interviewer's user id: only applications with an interview they are assigned to. Null: the whole company. */
  assignedTo: string | null;
}

/** The caller's scope: their own company (403 for anyone outside one), narrowed for interviewers. */
export function memberScope(session: SessionContext): MemberScope {
  const companyId = employerCompanyId(session);
  return { companyId, assignedTo: seesOnlyAssigned(session.profile.company_role) ? session.userId : null };
}

/** The whole company (for services called on behalf of the company itself, not a member). */
export const wholeCompany = (companyId: string): MemberScope => ({ companyId, assignedTo: null });

/** Whether the application (by id column) is within the scope; always true for the whole company. */
export function applicationInScope(scope: MemberScope, applicationId: Expression<string>): Expression<SqlBool> {
  const eb = expressionBuilder<DB, never>();
  if (!scope.assignedTo) return eb.lit(true);
  return eb.exists(
    eb
      .selectFrom('interview_interviewers as ii_scope')
      .innerJoin('interviews as i_scope', 'i_scope.id', 'ii_scope.interview_id')
      .where('ii_scope.user_id', '=', scope.assignedTo)
      .where('i_scope.application_id', '=', applicationId)
      .select('i_scope.id'),
  );
}

/** Whether the job (by id column) has an application within the scope; always true for the whole company. */
export function jobInScope(scope: MemberScope, jobId: Expression<string>): Expression<SqlBool> {
  const eb = expressionBuilder<DB, never>();
  if (!scope.assignedTo) return eb.lit(true);
  return eb.exists(
    eb
      .selectFrom('interview_interviewers as ii_scope')
      .innerJoin('interviews as i_scope', 'i_scope.id', 'ii_scope.interview_id')
      .innerJoin('job_applications as ja_scope', 'ja_scope.id', 'i_scope.application_id')
      .where('ii_scope.user_id', '=', scope.assignedTo)
      .where('ja_scope.job_id', '=', jobId)
      .select('i_scope.id'),
  );
}

/** Whether the interview (by id column) is one the scope's interviewer is on; always true for the whole company. */
export function interviewInScope(scope: MemberScope, interviewId: Expression<string>): Expression<SqlBool> {
  const eb = expressionBuilder<DB, never>();
  if (!scope.assignedTo) return eb.lit(true);
  return eb.exists(eb.selectFrom('interview_interviewers as ii_scope').where('ii_scope.user_id', '=', scope.assignedTo).where('ii_scope.interview_id', '=', interviewId).select('ii_scope.user_id'));
}
