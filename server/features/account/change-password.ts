import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../../shared/messages.ts';
import type { Auth } from '../../auth/auth.ts';
import { confirmAccountPassword } from '../../auth/mfa-password.ts';
import { checkNewPassword } from '../../auth/password-policy.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { Database } from '../../db/database.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { passwordChangedEmail } from './account-emails.ts';
import { passwordHashOf } from './account-profile.ts';
import { endOtherSessions, type AccountActor } from './sessions.ts';

const text = messages.account;

export interface AccountDeps {
  auth: Auth;
  database: Database;
  log: FastifyBaseLogger;
}

/**
 * The account must have a password to prove it is its owner (an account made with Google or an
 * email code has none: it sets one through "Forgot password?").
 */
export async function assertHasPassword(deps: AccountDeps, userId: string): Promise<void> {
  if ((await passwordHashOf(deps.database.db, userId)) === null) throw conflict(text.noPassword, 'NO_PASSWORD');
}

/**
 * POST /api/account/password: the current password (a wrong one counts towards the sign-in lock),
 * a new one the policy accepts; then every OTHER session ends (ASVS 7.4.3) and the change is
 * audited, in one transaction. The owner is told by email.
 */
export async function changePassword(deps: AccountDeps, actor: AccountActor, input: { current_password: string; new_password: string }): Promise<{ signed_out: number }> {
  const problem = checkNewPassword(input.new_password);
  if (problem) throw badRequest(problem, 'PASSWORD_NOT_ACCEPTED');
  if (input.new_password === input.current_password) throw badRequest(text.newPasswordSame, 'SAME_PASSWORD');
  await assertHasPassword(deps, actor.userId);
  await confirmAccountPassword(deps.auth, deps.database, actor.userId, input.current_password, deps.log);

  const ctx = await deps.auth.$context;
  const hash = await ctx.password.hash(input.new_password);
  return deps.database.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('auth_accounts')
      .set({ password: hash, updatedAt: new Date() })
      .where('userId', '=', actor.userId)
      .where('providerId', '=', 'credential')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw conflict(text.noPassword, 'NO_PASSWORD');
    const signedOut = await endOtherSessions(trx, actor.userId, actor.sessionId);
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'account_password_changed',
      entityType: 'user',
      entityId: actor.userId,
      details: { sessions_ended: signedOut },
      ip: actor.ip,
    });
    const profile = await trx.selectFrom('user_profiles').select(['email', 'full_name']).where('id', '=', actor.userId).executeTakeFirstOrThrow();
    await enqueueMessage(trx, passwordChangedEmail(profile.email, profile.full_name));
    deps.log.info({ userId: actor.userId, event: 'password-changed', sessionsEnded: signedOut }, 'password changed from Settings');
    return { signed_out: signedOut };
  });
}
