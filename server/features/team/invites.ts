import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { canAssignRole, type CompanyRole } from '../../../shared/permissions.ts';
import { INVITE_TTL_DAYS, INVITES_PER_COMPANY_PER_HOUR, type TeamInvite } from '../../../shared/schemas/team.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { inviteEmail } from './team-emails.ts';

const text = messages.team;
const DAY = 24 * 60 * 60 * 1000;

/** A team manager acting: who, their company and role, from where, and where links point. */
export interface TeamActor {
  userId: string;
  companyId: string;
  companyRole: CompanyRole;
  ip: string | null;
  publicUrl: string;
}

/** 256 random bits, base64url; only its SHA-256 is stored (ASVS 6.4.1). */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token) };
}
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** The token rides in the #fragment: browsers never send it to a server, so no log keeps it. */
export const inviteUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/join#${token}`;

/**
 * Locks the company row for the rest of the transaction: invites, role changes and removals of
 * one company happen one at a time on every instance (the hourly budget and the last-owner rule
 * are read and written under it).
 */
export async function lockCompany(trx: Transaction<DB>, companyId: string) {
  const company = await trx.selectFrom('companies').select(['id', 'name']).where('id', '=', companyId).forUpdate().executeTakeFirst();
  if (!company) throw notFound(text.memberNotFound);
  return company;
}

async function assertInviteBudget(trx: Transaction<DB>, companyId: string, now: Date) {
  const { n } = await trx
    .selectFrom('company_invites')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('company_id', '=', companyId)
    .where('last_sent_at', '>', new Date(now.getTime() - 60 * 60 * 1000))
    .executeTakeFirstOrThrow();
  if (Number(n) >= INVITES_PER_COMPANY_PER_HOUR) {
    throw new AppError(429, 'TOO_MANY_INVITES', fill(text.tooManyInvites, { max: String(INVITES_PER_COMPANY_PER_HOUR) }));
  }
}

/** Who the address already is on WorkCred, to refuse an invite that could not be accepted. */
async function assertInvitable(trx: Transaction<DB>, companyId: string, email: string) {
  const existing = await trx.selectFrom('user_profiles').select(['role', 'company_id']).where('email', '=', email).executeTakeFirst();
  if (!existing) return;
  if (existing.company_id === companyId) throw conflict(fill(text.alreadyMember, { email }), 'ALREADY_MEMBER');
  if (existing.company_id) throw conflict(fill(text.memberOfAnotherCompany, { email }), 'MEMBER_OF_ANOTHER_COMPANY');
  if (existing.role !== 'employer') throw conflict(fill(text.notAnEmployerAccount, { email }), 'NOT_AN_EMPLOYER_ACCOUNT');
}

async function inviterName(trx: Transaction<DB>, userId: string) {
  const row = await trx.selectFrom('user_profiles').select('full_name').where('id', '=', userId).executeTakeFirst();
  return row?.full_name?.trim() || null;
}

/**
 * Add Team Member: one pending invite per address and company, an email with a single-use link
 * valid for 7 days, the audit entry and the email in one transaction. Admins cannot invite owners.
 */
export async function createInvite(db: Kysely<DB>, actor: TeamActor, input: { email: string; company_role: CompanyRole }, now = new Date()): Promise<TeamInvite> {
  if (!canAssignRole(actor.companyRole, null, input.company_role)) throw forbidden(text.cannotAssignOwner, 'CANNOT_ASSIGN_OWNER');
  return db.transaction().execute(async (trx) => {
    const company = await lockCompany(trx, actor.companyId);
    await assertInvitable(trx, company.id, input.email);
    const pending = await trx.selectFrom('company_invites').select('id').where('company_id', '=', company.id).where('email', '=', input.email).where('status', '=', 'pending').executeTakeFirst();
    if (pending) throw conflict(fill(text.alreadyInvited, { email: input.email }), 'ALREADY_INVITED');
    await assertInviteBudget(trx, company.id, now);

    const { token, hash } = newInviteToken();
    const row = await trx
      .insertInto('company_invites')
      .values({ company_id: company.id, email: input.email, company_role: input.company_role, token_hash: hash, invited_by: actor.userId, expires_at: new Date(now.getTime() + INVITE_TTL_DAYS * DAY), last_sent_at: now, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inviter = await inviterName(trx, actor.userId);
    await enqueueMessage(trx, inviteEmail(input.email, { company: company.name, inviter, role: input.company_role, url: inviteUrl(actor.publicUrl, token) }));
    await writeAudit(trx, { actorId: actor.userId, companyId: company.id, action: 'team_member_invited', entityType: 'company_invite', entityId: row.id, details: { email: input.email, company_role: input.company_role }, ip: actor.ip });
    return (await listInvites(trx, company.id, now)).find((invite) => invite.id === row.id)!;
  });
}

/** The company's pending invites (expired ones too, marked), newest first. */
export async function listInvites(db: Kysely<DB> | Transaction<DB>, companyId: string, now = new Date()): Promise<TeamInvite[]> {
  const rows = await db
    .selectFrom('company_invites as ci')
    .leftJoin('user_profiles as up', 'up.id', 'ci.invited_by')
    .select(['ci.id', 'ci.email', 'ci.company_role', 'up.full_name', 'ci.expires_at', 'ci.last_sent_at', 'ci.created_at'])
    .where('ci.company_id', '=', companyId)
    .where('ci.status', '=', 'pending')
    .orderBy('ci.created_at', 'desc')
    .orderBy('ci.id')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    company_role: row.company_role,
    invited_by_name: row.full_name ?? null,
    expires_at: new Date(row.expires_at).toISOString(),
    expired: new Date(row.expires_at).getTime() <= now.getTime(),
    last_sent_at: new Date(row.last_sent_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  }));
}

async function lockPendingInvite(trx: Transaction<DB>, companyId: string, inviteId: string) {
  const invite = await trx.selectFrom('company_invites').selectAll().where('id', '=', inviteId).where('company_id', '=', companyId).forUpdate().executeTakeFirst();
  if (!invite) throw notFound(text.inviteNotFound);
  if (invite.status !== 'pending') throw conflict(text.inviteNotPending, 'INVITE_NOT_PENDING');
  return invite;
}

/**
 * Resend: a new link (the old one stops working), 7 more days, the email again. Counts against the
 * hourly budget like a new invite.
 */
export async function resendInvite(db: Kysely<DB>, actor: TeamActor, inviteId: string, now = new Date()): Promise<TeamInvite> {
  return db.transaction().execute(async (trx) => {
    const company = await lockCompany(trx, actor.companyId);
    const invite = await lockPendingInvite(trx, company.id, inviteId);
    if (!canAssignRole(actor.companyRole, null, invite.company_role)) throw forbidden(text.cannotAssignOwner, 'CANNOT_ASSIGN_OWNER');
    await assertInviteBudget(trx, company.id, now);
    const { token, hash } = newInviteToken();
    await trx
      .updateTable('company_invites')
      .set({ token_hash: hash, expires_at: new Date(now.getTime() + INVITE_TTL_DAYS * DAY), last_sent_at: now, sent_count: sql`sent_count + 1` })
      .where('id', '=', invite.id)
      .execute();
    const inviter = await inviterName(trx, actor.userId);
    await enqueueMessage(trx, inviteEmail(invite.email, { company: company.name, inviter, role: invite.company_role, url: inviteUrl(actor.publicUrl, token) }));
    await writeAudit(trx, { actorId: actor.userId, companyId: company.id, action: 'team_invite_resent', entityType: 'company_invite', entityId: invite.id, details: { email: invite.email }, ip: actor.ip });
    return (await listInvites(trx, company.id, now)).find((row) => row.id === invite.id)!;
  });
}

/** Revoke: the link stops working at once; the row stays for the audit trail. */
export async function revokeInvite(db: Kysely<DB>, actor: TeamActor, inviteId: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const company = await lockCompany(trx, actor.companyId);
    const invite = await lockPendingInvite(trx, company.id, inviteId);
    if (!canAssignRole(actor.companyRole, null, invite.company_role)) throw forbidden(text.cannotAssignOwner, 'CANNOT_ASSIGN_OWNER');
    await trx.updateTable('company_invites').set({ status: 'revoked', responded_at: now }).where('id', '=', invite.id).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: company.id, action: 'team_invite_revoked', entityType: 'company_invite', entityId: invite.id, details: { email: invite.email }, ip: actor.ip });
  });
}
