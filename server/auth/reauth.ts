import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { messages } from '../../shared/messages.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { AppError } from '../http/errors.ts';
import { badRequest, conflict, forbidden, tooManyRequests } from '../http/errors.ts';
import { enqueueMessage } from '../messaging/outbox.ts';
import type { Auth } from './auth.ts';
import { reauthCodeEmail } from './emails.ts';
import { generateOneTimeCode, hashOneTimeCode, oneTimeCodeMatches, type MfaKeys } from './mfa-crypto.ts';
import { confirmAccountPassword } from './mfa-password.ts';

const m = messages.mfa;
const CODE_MINUTES = 10;
const MAX_ATTEMPTS = 5;
const RESEND_SECONDS = 60;
const PER_HOUR = 5;

export interface ReauthContext {
  auth: Auth;
  database: Database;
  keys: MfaKeys;
  onMessageQueued: () => void;
}

/** How this account proves it is its owner again: its password, or (no password: candidates who registered by email code) an emailed code. */
export async function reauthMethod(db: Kysely<DB>, userId: string): Promise<'password' | 'email_code'> {
  const account = await db.selectFrom('auth_accounts').select('id').where('userId', '=', userId).where('providerId', '=', 'credential').where('password', 'is not', null).executeTakeFirst();
  return account ? 'password' : 'email_code';
}

/** The code's hash is bound to its row and to this purpose: a sign-in or registration code never matches. */
const hashFor = (keys: MfaKeys, id: string, code: string) => hashOneTimeCode(keys, `reauth:${id}`, code);

/**
 * Emails a 6-digit code to a password-less account, for this session only. At least 60 s apart
 * and 5 an hour (ASVS 6.6.3). The limits, the row and the email are one transaction, which holds
 * the account's row so that parallel requests cannot both pass the spacing check.
 */
export async function sendReauthCode(ctx: ReauthContext, session: { userId: string; sessionId: string }, log: FastifyBaseLogger): Promise<{ email: string }> {
  const { db } = ctx.database;
  if ((await reauthMethod(db, session.userId)) === 'password') throw conflict(m.codeNotNeeded, 'HAS_PASSWORD');
  const email = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('user_profiles').select('email').where('id', '=', session.userId).forUpdate().executeTakeFirstOrThrow();
    const recent = await trx
      .selectFrom('reauth_codes')
      .select([sql<string>`count(*)`.as('sent'), sql<boolean>`coalesce(bool_or(created_at > now() - make_interval(secs => ${RESEND_SECONDS})), false)`.as('soon')])
      .where('user_id', '=', session.userId)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (recent.soon) throw tooManyRequests(m.resendTooSoon);
    if (Number(recent.sent) >= PER_HOUR) throw tooManyRequests(m.hourlyLimit);
    // Rows a day old serve neither a check nor a limit any more.
    await trx.deleteFrom('reauth_codes').where('user_id', '=', session.userId).where('created_at', '<', sql<Date>`now() - interval '1 day'`).execute();
    const id = randomUUID();
    const code = generateOneTimeCode();
    await trx
      .insertInto('reauth_codes')
      .values({ id, user_id: session.userId, session_id: session.sessionId, code_hash: hashFor(ctx.keys, id, code), expires_at: sql<Date>`now() + make_interval(mins => ${CODE_MINUTES})` })
      .execute();
    await enqueueMessage(trx, reauthCodeEmail(user.email, code));
    return user.email;
  });
  ctx.onMessageQueued();
  log.info({ userId: session.userId, event: 'reauth-code-sent' }, 're-authentication code emailed');
  return { email };
}

/**
 * Asks the caller to prove again that they own the account before a change to how it signs in
 * (ASVS 7.5.1): the password for an account that has one, else the newest emailed code of this
 * session. A code works once; five wrong tries kill it.
 */
export async function confirmReauthentication(
  ctx: ReauthContext,
  session: { userId: string; sessionId: string },
  proof: { password?: string | undefined; email_code?: string | undefined },
  log: FastifyBaseLogger,
): Promise<void> {
  const { db } = ctx.database;
  if ((await reauthMethod(db, session.userId)) === 'password') {
    if (!proof.password) throw badRequest(m.passwordRequired, 'PASSWORD_REQUIRED');
    return confirmAccountPassword(ctx.auth, ctx.database, session.userId, proof.password, log);
  }
  if (!proof.email_code) throw badRequest(m.reauthCodeRequired, 'REAUTH_CODE_REQUIRED');
  const given = proof.email_code;
  const refusal = await db.transaction().execute(async (trx): Promise<AppError | null> => {
    const row = await trx
      .selectFrom('reauth_codes')
      .select(['id', 'code_hash', 'attempts', sql<boolean>`expires_at <= now() OR used_at IS NOT NULL`.as('spent')])
      .where('user_id', '=', session.userId)
      .where('session_id', '=', session.sessionId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.spent || row.attempts >= MAX_ATTEMPTS) return forbidden(m.reauthCodeExpired, 'REAUTH_CODE_EXPIRED');
    if (!oneTimeCodeMatches(ctx.keys, `reauth:${row.id}`, given, row.code_hash)) {
      await trx.updateTable('reauth_codes').set({ attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
      return forbidden(m.reauthCodeWrong, 'REAUTH_CODE_WRONG');
    }
    await trx.updateTable('reauth_codes').set({ used_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
    return null;
  });
  if (refusal) {
    log.warn({ userId: session.userId, event: 'reauth-code-refused', code: refusal.code }, 're-authentication code refused');
    throw refusal;
  }
}
