import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { PLANS } from '../../../shared/plans.ts';
import type { CheckRequest, RequestableSubject } from '../../../shared/schemas/check-requests.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { assertWorkAllowed } from '../billing/entitlement.ts';
import { applicationInScope, type MemberScope } from '../team/member-scope.ts';

const text = messages.checkRequests;
type Db = Kysely<DB> | Transaction<DB>;

/** India's months: a plan's monthly checks run from the 1st, 00:00 IST. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
export function istMonthStart(now: Date): Date {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 1) - IST_OFFSET_MS);
}

/** Background checks the company requested this month (IST): the Billing meter and the limit. */
export async function countChecksThisMonth(db: Db, companyId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('check_requests')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('company_id', '=', companyId)
    .where('created_at', '>=', istMonthStart(now))
    .executeTakeFirstOrThrow();
  return row.count;
}

export interface CheckRequestActor {
  userId: string;
  companyId: string;
  ip: string | null;
  publicUrl: string;
}

/**
 * A company asks a candidate who applied to one of its jobs for a background check (issue 15).
 * It counts against the plan's checks this month: none on Starter without the add-on, and a
 * limit where the plan has one, counted under the subscription row's lock so two requests for
 * the last check give one request and one refusal. Asking again for the same application and
 * check answers the first request and counts nothing; a check already verified is refused. The
 * candidate is emailed; the check runs as any other once they consent.
 */
export async function requestCheck(db: Kysely<DB>, actor: CheckRequestActor, applicationId: string, subject: RequestableSubject, now: Date): Promise<{ request: CheckRequest; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const entitlement = await assertWorkAllowed(trx, actor.companyId, now, { lock: true });
    const application = await trx
      .selectFrom('job_applications as ja')
      .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
      .innerJoin('user_profiles as u', 'u.id', 'ja.candidate_id')
      .innerJoin('companies as c', 'c.id', 'jp.company_id')
      .select(['ja.id', 'ja.candidate_id', 'u.full_name', 'u.email', 'jp.title as job_title', 'c.name as company_name'])
      .where('ja.id', '=', applicationId)
      .where('jp.company_id', '=', actor.companyId)
      .where('jp.is_deleted', '=', false)
      .executeTakeFirst();
    if (!application) throw notFound(messages.pipeline.applicationNotFound);

    const existing = await trx.selectFrom('check_requests').select('id').where('application_id', '=', applicationId).where('subject', '=', subject).executeTakeFirst();
    if (existing) return { request: (await listCheckRequests(trx, actor.companyId, applicationId)).find((one) => one.id === existing.id)!, created: false };
    const verified = await trx.selectFrom('verification_checks').select('id').where('candidate_id', '=', application.candidate_id).where('subject', '=', subject).where('status', '=', 'verified').executeTakeFirst();
    if (verified) throw conflict(text.alreadyVerified, 'CHECK_ALREADY_VERIFIED');

    const limit = entitlement.limits.checksPerMonth;
    const plan = PLANS[entitlement.plan].name;
    if (limit === 0) throw new AppError(402, 'CHECKS_NOT_INCLUDED', fill(text.notIncluded, { plan }));
    if (limit !== null && (await countChecksThisMonth(trx, actor.companyId, now)) >= limit) throw new AppError(402, 'CHECK_LIMIT', fill(text.limitReached, { plan, limit }));

    const inserted = await trx
      .insertInto('check_requests')
      .values({ company_id: actor.companyId, application_id: applicationId, candidate_id: application.candidate_id, subject, requested_by: actor.userId, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'check_requested', entityType: 'check_request', entityId: inserted.id, details: { application_id: applicationId, subject }, ip: actor.ip });
    const values = {
      name: application.full_name || application.email,
      company: application.company_name,
      subject: messages.verification.subjectsInSentence[subject] ?? subject,
      job: application.job_title,
      link: `${actor.publicUrl}/dashboard`,
    };
    await enqueueMessage(trx, { channel: 'email', to: application.email, subject: fill(text.emailSubject, values), text: fill(text.emailBody, values) });
    return { request: (await listCheckRequests(trx, actor.companyId, applicationId)).find((one) => one.id === inserted.id)!, created: true };
  });
}

/** GET: the checks asked for on an application the member may see (another company's, or an interviewer's unassigned one, is 404). */
export async function getCheckRequests(db: Kysely<DB>, scope: MemberScope, applicationId: string): Promise<CheckRequest[]> {
  const application = await db
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .select('ja.id')
    .where('ja.id', '=', applicationId)
    .where('jp.company_id', '=', scope.companyId)
    .where('jp.is_deleted', '=', false)
    .where(applicationInScope(scope, sql.ref('ja.id')))
    .executeTakeFirst();
  if (!application) throw notFound(messages.pipeline.applicationNotFound);
  return listCheckRequests(db, scope.companyId, applicationId);
}

/** The checks the company asked for on one of its applications, oldest first, each with whether it is verified now. */
export async function listCheckRequests(db: Db, companyId: string, applicationId: string): Promise<CheckRequest[]> {
  const rows = await db
    .selectFrom('check_requests as r')
    .leftJoin('user_profiles as by', 'by.id', 'r.requested_by')
    .leftJoin('verification_checks as vc', (join) => join.onRef('vc.candidate_id', '=', 'r.candidate_id').onRef('vc.subject', '=', 'r.subject'))
    .select(['r.id', 'r.subject', 'r.created_at', 'by.full_name as requested_by_name', 'vc.status'])
    .where('r.company_id', '=', companyId)
    .where('r.application_id', '=', applicationId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({ id: row.id, subject: row.subject, requested_at: new Date(row.created_at).toISOString(), requested_by_name: row.requested_by_name || null, verified: row.status === 'verified' }));
}
