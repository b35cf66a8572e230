import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { ONBOARDING_CODE_RESEND_SECONDS, ONBOARDING_CODE_TTL_MINUTES, type SendOnboardingCodeResult } from '../../../shared/schemas/employer-onboarding.ts';
import { generateOneTimeCode, hashOneTimeCode, oneTimeCodeMatches, type MfaKeys } from '../../auth/mfa-crypto.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { Database } from '../../db/database.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';

/** Codes one user may have emailed per hour (ASVS 6.6.3)… */
export const CODES_PER_USER_PER_HOUR = 5;
/** …and one address may receive per hour, whoever asks (no mail-bombing through many accounts). */
export const CODES_PER_EMAIL_PER_HOUR = 5;
/** Wrong tries that kill a code. */
export const MAX_CODE_ATTEMPTS = 5;

export interface OnboardingContext {
  database: Database;
  keys: MfaKeys;
  onMessageQueued: () => void;
}

/**
 * The stored hash is bound to this purpose and to the code's own row, so a code made for an MFA
 * challenge (or another onboarding code) never verifies here (ASVS 6.6.2).
 */
export function hashOnboardingCode(keys: MfaKeys, codeId: string, code: string): string {
  return hashOneTimeCode(keys, `employer-onboarding:${codeId}`, code);
}

export function onboardingCodeMatches(keys: MfaKeys, codeId: string, code: string, storedHash: string): boolean {
  return oneTimeCodeMatches(keys, `employer-onboarding:${codeId}`, code, storedHash);
}

/**
 * Emails a fresh 6-digit code to the work email the caller is verifying. Only its keyed hash is
 * kept; it expires after ONBOARDING_CODE_TTL_MINUTES and only the newest code works (earlier open
 * ones of the caller are closed). Sends are spaced and capped per user and per recipient.
 */
export async function sendOnboardingCode(ctx: OnboardingContext, session: SessionContext, workEmail: string, log: FastifyBaseLogger): Promise<SendOnboardingCodeResult> {
  const { userId } = session;
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    // Two requests at once must not both pass the limits below.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`onboarding-code:user:${userId}`}, 0))`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`onboarding-code:email:${workEmail}`}, 0))`.execute(trx);
    const byUser = await trx
      .selectFrom('employer_onboarding_codes')
      .select([
        sql<string>`count(*)`.as('sent'),
        sql<boolean>`coalesce(bool_or(created_at > now() - make_interval(secs => ${ONBOARDING_CODE_RESEND_SECONDS})), false)`.as('recent'),
      ])
      .where('user_id', '=', userId)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (byUser.recent) {
      log.warn({ userId, event: 'onboarding-code-too-soon' }, 'onboarding code refused: resend too soon');
      throw tooManyRequests(messages.mfa.resendTooSoon);
    }
    const byEmail = await trx
      .selectFrom('employer_onboarding_codes')
      .select(sql<string>`count(*)`.as('sent'))
      .where('work_email', '=', workEmail)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (Number(byUser.sent) >= CODES_PER_USER_PER_HOUR || Number(byEmail.sent) >= CODES_PER_EMAIL_PER_HOUR) {
      log.warn({ userId, event: 'onboarding-code-hourly-cap' }, 'onboarding code refused: hourly cap');
      throw tooManyRequests(messages.mfa.hourlyLimit);
    }

    await trx
      .updateTable('employer_onboarding_codes')
      .set({ expires_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .execute();
    const id = randomUUID();
    const code = generateOneTimeCode();
    const inserted = await trx
      .insertInto('employer_onboarding_codes')
      .values({
        id,
        user_id: userId,
        work_email: workEmail,
        code_hash: hashOnboardingCode(ctx.keys, id, code),
        expires_at: sql<Date>`now() + make_interval(mins => ${ONBOARDING_CODE_TTL_MINUTES})`,
      })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
    // Rows older than a day serve no limit any more.
    await trx.deleteFrom('employer_onboarding_codes').where('user_id', '=', userId).where('created_at', '<', sql<Date>`now() - interval '1 day'`).execute();
    const text = messages.employerOnboardingFlow;
    await enqueueMessage(trx, { channel: 'email', to: workEmail, subject: text.emailSubject, text: text.emailText.replace('{code}', code) });
    return inserted;
  });
  ctx.onMessageQueued();
  log.info({ userId, codeId: row.id, event: 'onboarding-code-sent' }, 'onboarding code emailed');
  return { sent_to: workEmail, expires_at: new Date(row.expires_at).toISOString(), resend_after_seconds: ONBOARDING_CODE_RESEND_SECONDS };
}
