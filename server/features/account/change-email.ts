import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { EMAIL_CHANGE_TTL_HOURS, EMAIL_CHANGES_PER_HOUR, type ConfirmEmailResult } from '../../../shared/schemas/account.ts';
import { isFreeMailDomain } from '../../../shared/schemas/work-email.ts';
import { confirmAccountPassword } from '../../auth/mfa-password.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { emailChangeLinkEmail, emailChangeNoticeEmail } from './account-emails.ts';
import { assertHasPassword, type AccountDeps } from './change-password.ts';
import { endOtherSessions, type AccountActor } from './sessions.ts';

const text = messages.account;
const HOUR = 60 * 60 * 1000;

/** 256 random bits, base64url; only its SHA-256 is stored (ASVS 6.4.1). */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** The token rides in the #fragment: browsers never send it to a server, so no log keeps it. */
const confirmUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/account/confirm-email#${token}`;

const emailTaken = () => conflict(text.emailTaken, 'EMAIL_TAKEN');
const linkInvalid = () => new AppError(410, 'EMAIL_LINK_INVALID', text.confirmInvalid);

/** Whether another account already signs in with, or is known by, this address. */
async function isTaken(db: Kysely<DB> | Transaction<DB>, email: string, userId: string): Promise<boolean> {
  const user = await db.selectFrom('auth_users').select('id').where(sql<string>`lower("email")`, '=', email).where('id', '!=', userId).executeTakeFirst();
  if (user) return true;
  const profile = await db.selectFrom('user_profiles').select('id').where(sql<string>`lower(email)`, '=', email).where('id', '!=', userId).executeTakeFirst();
  return profile !== undefined;
}

/** A unique-index refusal (two people claiming one address at once) is the same answer as "taken". */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * POST /api/account/email: with the current password, a link to the NEW address makes it the
 * account's address once opened; the OLD address is told. Only the newest link works; a person
 * asks at most EMAIL_CHANGES_PER_HOUR times an hour.
 */
export async function requestEmailChange(deps: AccountDeps, actor: AccountActor, input: { new_email: string; current_password: string }, now = new Date()): Promise<void> {
  const { db } = deps.database;
  const profile = await db.selectFrom('user_profiles').select(['email', 'full_name', 'role']).where('id', '=', actor.userId).executeTakeFirst();
  if (!profile) throw unauthorized(messages.errors.signInRequired);
  if (input.new_email === profile.email.toLowerCase()) throw badRequest(text.emailSame, 'EMAIL_SAME');
  if (profile.role === 'employer' && isFreeMailDomain(input.new_email)) throw badRequest(text.invalidWorkEmail, 'WORK_EMAIL_REQUIRED');
  await assertHasPassword(deps, actor.userId);
  await confirmAccountPassword(deps.auth, deps.database, actor.userId, input.current_password, deps.log);
  if (await isTaken(db, input.new_email, actor.userId)) throw emailTaken();

  await db.transaction().execute(async (trx) => {
    // One request at a time per person: the budget is read and written under this lock.
    await trx.selectFrom('user_profiles').select('id').where('id', '=', actor.userId).forUpdate().executeTakeFirst();
    const { n } = await trx
      .selectFrom('email_change_requests')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', actor.userId)
      .where('created_at', '>', new Date(now.getTime() - HOUR))
      .executeTakeFirstOrThrow();
    if (Number(n) >= EMAIL_CHANGES_PER_HOUR) throw new AppError(429, 'TOO_MANY_EMAIL_CHANGES', text.tooManyEmailChanges);
    // An earlier link stops working: only the newest request counts.
    await trx.updateTable('email_change_requests').set({ expires_at: now }).where('user_id', '=', actor.userId).where('used_at', 'is', null).where('expires_at', '>', now).execute();
    const token = randomBytes(32).toString('base64url');
    const row = await trx
      .insertInto('email_change_requests')
      .values({ user_id: actor.userId, new_email: input.new_email, token_hash: hashToken(token), expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * HOUR), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueMessage(trx, emailChangeLinkEmail(input.new_email, { name: profile.full_name, oldEmail: profile.email, url: confirmUrl(actor.publicUrl, token) }));
    await enqueueMessage(trx, emailChangeNoticeEmail(profile.email, { name: profile.full_name, newEmail: input.new_email }));
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'account_email_change_requested',
      entityType: 'email_change_request',
      entityId: row.id,
      details: { from: profile.email, to: input.new_email },
      ip: actor.ip,
    });
  });
}

/**
 * POST /api/account/email/confirm (public: the token is the credential). Applies the change to
 * both copies of the address in one transaction, uses the link up, audits it and ends the
 * person's other sessions: the one opening the link stays signed in if it is theirs.
 */
export async function confirmEmailChange(
  db: Kysely<DB>,
  token: string,
  caller: { session: { userId: string; sessionId: string } | null; ip: string | null },
  now = new Date(),
): Promise<ConfirmEmailResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const request = await trx.selectFrom('email_change_requests').selectAll().where('token_hash', '=', hashToken(token)).forUpdate().executeTakeFirst();
      if (!request || request.used_at || new Date(request.expires_at).getTime() <= now.getTime()) throw linkInvalid();
      const profile = await trx.selectFrom('user_profiles').select(['email', 'company_id', 'suspended_at']).where('id', '=', request.user_id).forUpdate().executeTakeFirst();
      if (!profile || profile.suspended_at) throw linkInvalid();
      if (await isTaken(trx, request.new_email, request.user_id)) throw emailTaken();

      await trx.updateTable('auth_users').set({ email: request.new_email, emailVerified: true, updatedAt: now }).where('id', '=', request.user_id).execute();
      await trx.updateTable('user_profiles').set({ email: request.new_email, updated_at: now }).where('id', '=', request.user_id).execute();
      await trx.updateTable('email_change_requests').set({ used_at: now }).where('id', '=', request.id).execute();
      const keep = caller.session?.userId === request.user_id ? caller.session.sessionId : null;
      const signedOut = await endOtherSessions(trx, request.user_id, keep);
      await writeAudit(trx, {
        actorId: request.user_id,
        companyId: profile.company_id,
        action: 'account_email_changed',
        entityType: 'user',
        entityId: request.user_id,
        details: { from: profile.email, to: request.new_email, sessions_ended: signedOut },
        ip: caller.ip,
      });
      return { email: request.new_email, signed_in: keep !== null };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
