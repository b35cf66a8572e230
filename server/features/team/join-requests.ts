import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { canAssignRole, companyRoleLabels, type CompanyRole } from '../../../shared/permissions.ts';
import type { JoinRequest, MyJoinStatus } from '../../../shared/schemas/team.ts';
import { emailDomain } from '../../../shared/schemas/work-email.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { enqueueMessage, type OutgoingEmail } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { escapeHtml } from '../public-jobs/job-page-meta.ts';
import { lockCompany, type TeamActor } from './invites.ts';

const text = messages.team;
type Db = Kysely<DB> | Transaction<DB>;

/**
 * The company whose verified domain (company_verifications, verified, same name) is this person's
 * email domain, when they are an employer with no company yet.
 */
async function suggestionFor(db: Db, userId: string) {
  const profile = await db.selectFrom('user_profiles').select(['email', 'role', 'company_id']).where('id', '=', userId).executeTakeFirst();
  if (!profile || profile.role !== 'employer' || profile.company_id) return null;
  const domain = emailDomain(profile.email);
  const company = await db
    .selectFrom('companies as c')
    .innerJoin('company_verifications as cv', (join) => join.on(sql`lower(btrim(cv.company_name))`, '=', sql`lower(btrim(c.name))`))
    .select(['c.id', 'c.name'])
    .where(sql`lower(cv.domain)`, '=', domain)
    .where('cv.verification_status', '=', 'verified')
    .orderBy('c.created_at')
    .executeTakeFirst();
  return company ? { company_id: company.id, company_name: company.name, domain } : null;
}

export async function myJoinStatus(db: Kysely<DB>, userId: string): Promise<MyJoinStatus> {
  const request = await db
    .selectFrom('company_join_requests as r')
    .innerJoin('companies as c', 'c.id', 'r.company_id')
    .select(['r.id', 'c.name', 'r.created_at'])
    .where('r.user_id', '=', userId)
    .where('r.status', '=', 'pending')
    .executeTakeFirst();
  return {
    suggestion: await suggestionFor(db, userId),
    request: request ? { id: request.id, company_name: request.name, created_at: new Date(request.created_at).toISOString() } : null,
  };
}

function plainEmail(to: string, subject: string, lines: string[]): OutgoingEmail {
  return { channel: 'email', to, subject, text: `Hello,\n\n${lines.join('\n\n')}\n\n— WorkCred`, html: `<p>Hello,</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>— WorkCred</p>` };
}

/** Request to join: one pending request per person; the company's owners and admins are emailed. */
export async function createJoinRequest(db: Kysely<DB>, user: { userId: string; ip: string | null; publicUrl: string }, companyId: string) {
  await db.transaction().execute(async (trx) => {
    const profile = await trx.selectFrom('user_profiles').select(['full_name', 'email']).where('id', '=', user.userId).forUpdate().executeTakeFirstOrThrow();
    const suggestion = await suggestionFor(trx, user.userId);
    if (!suggestion || suggestion.company_id !== companyId) throw forbidden(text.joinRequestNotAllowed, 'JOIN_NOT_ALLOWED');
    const pending = await trx.selectFrom('company_join_requests').select('id').where('user_id', '=', user.userId).where('status', '=', 'pending').executeTakeFirst();
    if (pending) throw conflict(text.joinRequestExists, 'JOIN_REQUEST_EXISTS');
    const row = await trx.insertInto('company_join_requests').values({ company_id: companyId, user_id: user.userId }).returning('id').executeTakeFirstOrThrow();
    const name = profile.full_name?.trim() || profile.email;
    const managers = await trx.selectFrom('user_profiles').select('email').where('company_id', '=', companyId).where('company_role', 'in', ['owner', 'admin']).limit(20).execute();
    const teamUrl = `${user.publicUrl.replace(/\/$/, '')}/dashboard/team`;
    for (const manager of managers) {
      await enqueueMessage(
        trx,
        plainEmail(manager.email, fill(text.joinRequestEmailSubject, { name, company: suggestion.company_name }), [
          `${name} (${profile.email}) asked to join ${suggestion.company_name} on WorkCred. Their email address is on your company's verified domain, ${suggestion.domain}.`,
          `Approve with a role, or decline, in Team Management: ${teamUrl}`,
        ]),
      );
    }
    await writeAudit(trx, { actorId: user.userId, companyId, action: 'team_join_requested', entityType: 'company_join_request', entityId: row.id, details: { email: profile.email }, ip: user.ip });
    await publish(trx, { topic: `company:${companyId}`, type: 'team', id: row.id });
  });
}

export async function cancelMyJoinRequest(db: Kysely<DB>, userId: string) {
  const result = await db.updateTable('company_join_requests').set({ status: 'cancelled', decided_at: new Date() }).where('user_id', '=', userId).where('status', '=', 'pending').returning('company_id').executeTakeFirst();
  if (!result) throw notFound(text.joinRequestNotFound);
  await publish(db, { topic: `company:${result.company_id}`, type: 'team', id: userId });
}

export async function listJoinRequests(db: Kysely<DB>, companyId: string): Promise<JoinRequest[]> {
  const rows = await db
    .selectFrom('company_join_requests as r')
    .innerJoin('user_profiles as up', 'up.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'up.full_name', 'up.email', 'r.created_at'])
    .where('r.company_id', '=', companyId)
    .where('r.status', '=', 'pending')
    .orderBy('r.created_at')
    .limit(200)
    .execute();
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}

/**
 * Approve (with a role the actor may give) or decline, under the company lock; the requester is
 * emailed either way. A requester who joined another company meanwhile is not moved: 409.
 */
export async function decideJoinRequest(db: Kysely<DB>, actor: TeamActor, requestId: string, decision: { approve: CompanyRole } | 'decline') {
  let emailed = false;
  await db.transaction().execute(async (trx) => {
    const company = await lockCompany(trx, actor.companyId);
    const request = await trx.selectFrom('company_join_requests').selectAll().where('id', '=', requestId).where('company_id', '=', company.id).forUpdate().executeTakeFirst();
    if (!request || request.status !== 'pending') throw notFound(text.joinRequestNotFound);
    const requester = await trx.selectFrom('user_profiles').select(['full_name', 'email', 'company_id']).where('id', '=', request.user_id).forUpdate().executeTakeFirstOrThrow();
    const name = requester.full_name?.trim() || requester.email;
    if (decision === 'decline') {
      await trx.updateTable('company_join_requests').set({ status: 'declined', decided_by: actor.userId, decided_at: new Date() }).where('id', '=', request.id).execute();
      await enqueueMessage(trx, plainEmail(requester.email, fill(text.joinDeclinedSubject, { company: company.name }), [`${company.name} did not approve your request to join them on WorkCred. If you think this is a mistake, ask a colleague there to invite you.`]));
      await writeAudit(trx, { actorId: actor.userId, companyId: company.id, action: 'team_join_request_declined', entityType: 'company_join_request', entityId: request.id, details: { email: requester.email }, ip: actor.ip });
    } else {
      if (!canAssignRole(actor.companyRole, null, decision.approve)) throw forbidden(text.cannotAssignOwner, 'CANNOT_ASSIGN_OWNER');
      if (requester.company_id) {
        await trx.updateTable('company_join_requests').set({ status: 'cancelled', decided_at: new Date() }).where('id', '=', request.id).execute();
        throw conflict(text.joinRequestNotFound, 'JOIN_REQUEST_STALE');
      }
      await trx.updateTable('user_profiles').set({ role: 'employer', company_id: company.id, company_role: decision.approve, updated_at: new Date() }).where('id', '=', request.user_id).execute();
      await trx.updateTable('company_join_requests').set({ status: 'approved', company_role: decision.approve, decided_by: actor.userId, decided_at: new Date() }).where('id', '=', request.id).execute();
      const dashboard = `${actor.publicUrl.replace(/\/$/, '')}/dashboard`;
      await enqueueMessage(
        trx,
        plainEmail(requester.email, fill(text.joinApprovedSubject, { company: company.name }), [`${company.name} approved your request. You are a member as ${companyRoleLabels[decision.approve]}.`, `Open your dashboard: ${dashboard}`]),
      );
      await writeAudit(trx, { actorId: actor.userId, companyId: company.id, action: 'team_member_joined', entityType: 'user', entityId: request.user_id, details: { name, email: requester.email, company_role: decision.approve, join_request_id: request.id }, ip: actor.ip });
      await publish(trx, { topic: `user:${request.user_id}`, type: 'role_changed', id: request.user_id });
    }
    await publish(trx, { topic: `company:${company.id}`, type: 'team', id: request.id });
    emailed = true;
  });
  return emailed;
}
