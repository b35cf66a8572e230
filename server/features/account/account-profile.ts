import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { Account } from '../../../shared/schemas/account.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { unauthorized } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import type { AccountActor } from './sessions.ts';

/** The credential (email and password) account row's password hash, if the person has one. */
export async function passwordHashOf(db: Kysely<DB> | Transaction<DB>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('auth_accounts').select('password').where('userId', '=', userId).where('providerId', '=', 'credential').executeTakeFirst();
  return row?.password ?? null;
}

/** GET /api/account: name, address, whether a password is set, and an email change waiting for its link. */
export async function getAccount(db: Kysely<DB>, userId: string, now = new Date()): Promise<Account> {
  const profile = await db.selectFrom('user_profiles').select(['full_name', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!profile) throw unauthorized(messages.errors.signInRequired);
  const pending = await db
    .selectFrom('email_change_requests')
    .select(['new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return {
    full_name: profile.full_name,
    email: profile.email,
    has_password: (await passwordHashOf(db, userId)) !== null,
    pending_email: pending ? { new_email: pending.new_email, expires_at: new Date(pending.expires_at).toISOString() } : null,
  };
}

/** PATCH /api/account/name: the profile's name and better-auth's copy of it, together. */
export async function changeName(db: Kysely<DB>, actor: AccountActor, fullName: string): Promise<Account> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('user_profiles').select('full_name').where('id', '=', actor.userId).forUpdate().executeTakeFirst();
    if (!before) throw unauthorized(messages.errors.signInRequired);
    if (before.full_name === fullName) return;
    const now = new Date();
    await trx.updateTable('user_profiles').set({ full_name: fullName, updated_at: now }).where('id', '=', actor.userId).execute();
    await trx.updateTable('auth_users').set({ name: fullName, updatedAt: now }).where('id', '=', actor.userId).execute();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'account_name_changed',
      entityType: 'user',
      entityId: actor.userId,
      details: { from: before.full_name, to: fullName },
      ip: actor.ip,
    });
    // The team's open pages show the new name.
    if (actor.companyId) await publish(trx, { topic: `company:${actor.companyId}`, type: 'team', id: actor.userId });
  });
  return getAccount(db, actor.userId);
}
