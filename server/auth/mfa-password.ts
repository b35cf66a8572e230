import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../shared/messages.ts';
import type { Database } from '../db/database.ts';
import { forbidden, tooManyRequests, unauthorized } from '../http/errors.ts';
import type { Auth } from './auth.ts';
import { isLocked, recordFailure } from './sign-in-lockout.ts';

/**
 * Changing second factors asks for the account password again (ASVS 7.5.1). A wrong password here
 * counts towards the same per-account lock as a failed sign-in, so a stolen session cannot be used
 * to guess the password.
 */
export async function confirmAccountPassword(auth: Auth, database: Database, userId: string, password: string, log: FastifyBaseLogger): Promise<void> {
  const { db } = database;
  const user = await db.selectFrom('auth_users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user) throw unauthorized(messages.errors.signInRequired);
  if (await isLocked(database, user.email)) {
    log.warn({ userId, event: 'mfa-password-locked' }, 'MFA change refused: account temporarily locked');
    throw tooManyRequests(messages.auth.tooManyAttempts);
  }
  const account = await db
    .selectFrom('auth_accounts')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  if (!account?.password) throw forbidden(messages.mfa.noPassword, 'NO_PASSWORD');
  const ctx = await auth.$context;
  const ok = await ctx.password.verify({ hash: account.password, password });
  if (!ok) {
    await recordFailure(database, user.email);
    log.warn({ userId, event: 'mfa-password-wrong' }, 'MFA change refused: wrong password');
    throw forbidden(messages.mfa.wrongPassword, 'WRONG_PASSWORD');
  }
}
