import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import type { CompanyRole } from '../../../shared/permissions.ts';
import type { InvitePreview } from '../../../shared/schemas/team.ts';
import type { Auth } from '../../auth/auth.ts';
import { checkNewPassword } from '../../auth/password-policy.ts';
import type { SessionContext } from '../../auth/session.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { hashInviteToken } from './invites.ts';
import { newInviteRequestedEmail } from './team-emails.ts';

const text = messages.team;

type InviteRow = Awaited<ReturnType<typeof findInvite>>;

async function findInvite(db: Kysely<DB> | Transaction<DB>, token: string, lock = false) {
  let query = db
    .selectFrom('company_invites as ci')
    .innerJoin('companies as c', 'c.id', 'ci.company_id')
    .leftJoin('user_profiles as up', 'up.id', 'ci.invited_by')
    .select(['ci.id', 'ci.company_id', 'c.name as company_name', 'ci.email', 'ci.company_role', 'ci.status', 'ci.expires_at', 'ci.invited_by', 'up.full_name as inviter_name', 'up.email as inviter_email'])
    .where('ci.token_hash', '=', hashInviteToken(token));
  if (lock) query = query.forUpdate('ci');
  const invite = await query.executeTakeFirst();
  if (!invite) throw notFound(text.joinInvalid);
  return invite;
}

const stateOf = (invite: NonNullable<InviteRow>, now: Date): InvitePreview['state'] =>
  invite.status !== 'pending' ? invite.status : new Date(invite.expires_at).getTime() <= now.getTime() ? 'expired' : 'pending';

function assertPending(invite: NonNullable<InviteRow>, now: Date) {
  const state = stateOf(invite, now);
  if (state === 'expired') throw new AppError(410, 'INVITE_EXPIRED', text.joinExpired);
  if (state === 'revoked') throw new AppError(410, 'INVITE_REVOKED', text.joinRevoked);
  if (state === 'accepted') throw new AppError(410, 'INVITE_USED', text.joinUsed);
}

/** What /join shows: the company, the address, the role, and whether that address has an account. */
export async function lookupInvite(db: Kysely<DB>, token: string, now = new Date()): Promise<InvitePreview> {
  const invite = await findInvite(db, token);
  const account = await db.selectFrom('auth_users').select('id').where('email', '=', invite.email).executeTakeFirst();
  return {
    company_name: invite.company_name,
    email: invite.email,
    company_role: invite.company_role,
    inviter_name: invite.inviter_name?.trim() || null,
    state: stateOf(invite, now),
    has_account: account !== undefined,
  };
}

interface Joiner {
  userId: string;
  ip: string | null;
}

/** In the caller's transaction: the person joins the invite's company with its role; the invite is used. */
async function join(trx: Transaction<DB>, invite: NonNullable<InviteRow>, joiner: Joiner, now: Date, fullName?: string) {
  await trx
    .updateTable('user_profiles')
    .set({ role: 'employer', company_id: invite.company_id, company_role: invite.company_role, updated_at: now, ...(fullName ? { full_name: fullName } : {}) })
    .where('id', '=', joiner.userId)
    .execute();
  await trx.updateTable('company_invites').set({ status: 'accepted', accepted_by: joiner.userId, responded_at: now }).where('id', '=', invite.id).execute();
  await writeAudit(trx, {
    actorId: joiner.userId,
    companyId: invite.company_id,
    action: 'team_member_joined',
    entityType: 'user',
    entityId: joiner.userId,
    details: { email: invite.email, company_role: invite.company_role, invite_id: invite.id, invited_by: invite.invited_by },
    ip: joiner.ip,
  });
  // Their open pages (and the team's) pick up the new membership.
  await publish(trx, { topic: `user:${joiner.userId}`, type: 'role_changed', id: joiner.userId });
  await publish(trx, { topic: `company:${invite.company_id}`, type: 'team', id: joiner.userId });
  return { company_id: invite.company_id, company_name: invite.company_name, company_role: invite.company_role as CompanyRole };
}

/**
 * A signed-in account accepts: it must be the invited address, an employer account, and in no
 * company yet (one company per employer account).
 */
export async function acceptInviteAsMember(db: Kysely<DB>, session: SessionContext, token: string, ip: string | null, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const invite = await findInvite(trx, token, true);
    assertPending(invite, now);
    const profile = await trx.selectFrom('user_profiles').select(['email', 'role', 'company_id']).where('id', '=', session.userId).forUpdate().executeTakeFirstOrThrow();
    if (profile.email.toLowerCase() !== invite.email) throw forbidden(fill(text.inviteForAnotherEmail, { email: invite.email }), 'INVITE_FOR_ANOTHER_EMAIL');
    if (profile.company_id === invite.company_id) throw conflict(fill(text.alreadyMember, { email: invite.email }), 'ALREADY_MEMBER');
    if (profile.company_id) throw conflict(text.alreadyInACompany, 'ALREADY_IN_A_COMPANY');
    if (profile.role !== 'employer') throw conflict(fill(text.notAnEmployerAccount, { email: invite.email }), 'NOT_AN_EMPLOYER_ACCOUNT');
    return join(trx, invite, { userId: session.userId, ip }, now);
  });
}

/**
 * A new person accepts: a name and a password (the signup policy) create a confirmed account (the
 * link proved the address), which joins the company. The account is created first (better-auth's
 * adapter), then the invite is taken under its row lock; should it have been used or revoked in
 * between, the new account is removed again and the caller told.
 */
export async function acceptInviteAsNewPerson(deps: { db: Kysely<DB>; auth: Auth }, input: { token: string; full_name?: string | undefined; password?: string | undefined }, ip: string | null, now = new Date()) {
  const { db, auth } = deps;
  const fullName = input.full_name?.trim();
  if (!fullName) throw badRequest(text.fullNameRequired, 'FULL_NAME_REQUIRED');
  const problem = checkNewPassword(input.password ?? '');
  if (problem) throw badRequest(problem, 'PASSWORD_NOT_ACCEPTED');
  const invite = await findInvite(db, input.token);
  assertPending(invite, now);
  const existing = await db.selectFrom('auth_users').select('id').where('email', '=', invite.email).executeTakeFirst();
  if (existing) throw conflict(text.accountExists, 'ACCOUNT_EXISTS');

  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser({ email: invite.email, name: fullName, emailVerified: true }, { method: 'email-password' });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: await ctx.password.hash(input.password!) });
  try {
    const joined = await db.transaction().execute(async (trx) => {
      const locked = await findInvite(trx, input.token, true);
      assertPending(locked, now);
      return join(trx, locked, { userId: user.id, ip }, now, fullName);
    });
    return { userId: user.id, result: joined };
  } catch (error) {
    await db.deleteFrom('auth_users').where('id', '=', user.id).execute();
    throw error;
  }
}

/**
 * The holder of an expired or revoked link asks for a new one: the person who invited them (or,
 * if they left, the company's owners) get an email. Once per invite and day, so a link cannot be
 * used to send mail in a loop.
 */
export async function requestNewInvite(db: Kysely<DB>, token: string, publicUrl: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invite = await findInvite(trx, token, true);
    const state = stateOf(invite, now);
    if (state === 'pending' || state === 'accepted') throw conflict(state === 'pending' ? text.inviteNotPending : text.joinUsed, 'INVITE_STILL_USABLE');
    const key = `invite-renewal:${invite.id}:${now.toISOString().slice(0, 10)}`;
    const already = await trx.selectFrom('outbox_messages').select('id').where('dedupe_key', '=', key).executeTakeFirst();
    if (already) return;
    const recipients = invite.inviter_email
      ? [invite.inviter_email]
      : (await trx.selectFrom('user_profiles').select('email').where('company_id', '=', invite.company_id).where('company_role', '=', 'owner').limit(5).execute()).map((row) => row.email);
    const teamUrl = `${publicUrl.replace(/\/$/, '')}/dashboard/team`;
    for (const to of recipients) await enqueueMessage(trx, newInviteRequestedEmail(to, { email: invite.email, company: invite.company_name, teamUrl }), { key });
  });
}
