import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { canAssignRole, type CompanyRole } from '../../../shared/permissions.ts';
import type { TeamMember } from '../../../shared/schemas/dashboard.ts';
import type { Auth } from '../../auth/auth.ts';
import { confirmAccountPassword } from '../../auth/mfa-password.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { lockCompany, type TeamActor } from './invites.ts';
import { listTeam } from './list-team.ts';
import { ownershipEmails, removedEmail, roleChangedEmail } from './team-emails.ts';

const text = messages.team;

/**
 * The company's members locked for the change (under the company row lock taken first), the
 * target among them. The last-owner rule is read from these locked rows, so two owners demoting
 * each other at once cannot leave the company without one.
 */
async function lockMembers(trx: Transaction<DB>, actor: TeamActor, targetId: string) {
  const company = await lockCompany(trx, actor.companyId);
  const members = await trx.selectFrom('user_profiles').select(['id', 'full_name', 'email', 'company_role']).where('company_id', '=', actor.companyId).forUpdate().execute();
  const target = members.find((member) => member.id === targetId);
  if (!target || !target.company_role) throw notFound(text.memberNotFound);
  const self = members.find((member) => member.id === actor.userId);
  // The actor's role as it is now (a role changed since their page loaded counts).
  if (!self?.company_role) throw forbidden(text.memberNotFound, 'NOT_A_MEMBER');
  const owners = members.filter((member) => member.company_role === 'owner').length;
  return { company, target: { ...target, company_role: target.company_role }, actor: self, actorRole: self.company_role, owners };
}

const nameOf = (member: { full_name: string | null; email: string }) => member.full_name?.trim() || member.email;

/** Manage → role. Admins never make, change or remove an owner; the last owner keeps the role. */
export async function changeMemberRole(db: Kysely<DB>, actor: TeamActor, targetId: string, role: CompanyRole): Promise<TeamMember[]> {
  await db.transaction().execute(async (trx) => {
    const { company, target, actor: self, actorRole, owners } = await lockMembers(trx, actor, targetId);
    if (!canAssignRole(actorRole, target.company_role, role)) throw forbidden(text.cannotAssignOwner, 'CANNOT_ASSIGN_OWNER');
    if (target.company_role === role) return;
    if (target.company_role === 'owner' && owners <= 1) throw conflict(text.lastOwner, 'LAST_OWNER');
    await trx.updateTable('user_profiles').set({ company_role: role, updated_at: new Date() }).where('id', '=', target.id).execute();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'team_member_role_changed',
      entityType: 'user',
      entityId: target.id,
      details: { name: nameOf(target), from: target.company_role, to: role },
      ip: actor.ip,
    });
    // They hear of it by email (issue 33 B8), unless they changed their own role.
    if (target.id !== actor.userId) await enqueueMessage(trx, roleChangedEmail(target.email, { company: company.name, actor: nameOf(self), from: target.company_role, to: role }));
    // Their open pages reload what they may do; the team's pages refresh the table.
    await publish(trx, { topic: `user:${target.id}`, type: 'role_changed', id: target.id });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'team', id: target.id });
  });
  return listTeam(db, actor.companyId);
}

/**
 * Manage → Remove from company (or a member leaving). The account stays, outside any company; its
 * sessions end at once and its open pages sign out live, as a suspension does. The last owner
 * cannot be removed.
 */
export async function removeMember(db: Kysely<DB>, actor: TeamActor, targetId: string): Promise<TeamMember[]> {
  await db.transaction().execute(async (trx) => {
    const { company, target, actor: self, actorRole, owners } = await lockMembers(trx, actor, targetId);
    if (!canAssignRole(actorRole, target.company_role, null)) throw forbidden(text.cannotAssignOwner, 'CANNOT_ASSIGN_OWNER');
    if (target.company_role === 'owner' && owners <= 1) throw conflict(text.lastOwner, 'LAST_OWNER');
    await trx.updateTable('user_profiles').set({ company_id: null, company_role: null, updated_at: new Date() }).where('id', '=', target.id).execute();
    const ended = await trx.deleteFrom('auth_sessions').where('userId', '=', target.id).executeTakeFirst();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'team_member_removed',
      entityType: 'user',
      entityId: target.id,
      details: { name: nameOf(target), email: target.email, company_role: target.company_role, sessions_ended: Number(ended.numDeletedRows) },
      ip: actor.ip,
    });
    // Told why (issue 33 B8): by email, on their open pages as they sign out (the event's notice
    // goes to their own topic only), and on their next sign-in by a banner only they can read.
    const change = { company: company.name, actor: nameOf(self) };
    const notice = fill(text.removedNotice, change);
    if (target.id !== actor.userId) {
      await enqueueMessage(trx, removedEmail(target.email, change));
      await trx.insertInto('notifications').values({ recipient_id: target.id, type: 'banner', title: notice, message: fill(text.removedNoticeDetail, change) }).execute();
    }
    const sessionEnded = { topic: `user:${target.id}`, type: 'session_ended', id: target.id, ...(target.id !== actor.userId ? { notice } : {}) };
    await publish(trx, sessionEnded);
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'team', id: target.id });
  });
  return listTeam(db, actor.companyId);
}

/**
 * Manage → Transfer ownership (owners only, with their password, ASVS 7.5.1 in spirit): the member
 * becomes an owner and the caller an admin, in one transaction.
 */
export async function transferOwnership(
  deps: { auth: Auth; database: Database; log: FastifyBaseLogger },
  actor: TeamActor,
  input: { user_id: string; password: string },
): Promise<TeamMember[]> {
  const { db } = deps.database;
  if (input.user_id === actor.userId) throw conflict(text.transferToSelf, 'TRANSFER_TO_SELF');
  await confirmAccountPassword(deps.auth, deps.database, actor.userId, input.password, deps.log);
  await db.transaction().execute(async (trx) => {
    const { company, target, actor: self, actorRole } = await lockMembers(trx, actor, input.user_id);
    if (actorRole !== 'owner') throw forbidden(text.cannotAssignOwner, 'CANNOT_ASSIGN_OWNER');
    await trx.updateTable('user_profiles').set({ company_role: 'owner', updated_at: new Date() }).where('id', '=', target.id).execute();
    await trx.updateTable('user_profiles').set({ company_role: 'admin', updated_at: new Date() }).where('id', '=', actor.userId).execute();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'company_ownership_transferred',
      entityType: 'user',
      entityId: target.id,
      details: { name: nameOf(target), from_role: target.company_role },
      ip: actor.ip,
    });
    // Both hear of it by email (issue 33 B8): the new owner, and the old one (a check that it was them).
    for (const email of ownershipEmails({ company: company.name, from: { email: self.email, name: nameOf(self) }, to: { email: target.email, name: nameOf(target) } })) await enqueueMessage(trx, email);
    for (const id of [target.id, actor.userId]) await publish(trx, { topic: `user:${id}`, type: 'role_changed', id });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'team', id: target.id });
  });
  return listTeam(db, actor.companyId);
}

