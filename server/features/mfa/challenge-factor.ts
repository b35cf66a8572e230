import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { ChallengeResult } from '../../../shared/schemas/auth.ts';
import { generateOneTimeCode, hashOneTimeCode, hashPhone } from '../../auth/mfa-crypto.ts';
import { isMfaLocked } from '../../auth/mfa-lockout.ts';
import { reserveSmsSend } from '../../auth/sms-send-limits.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { assertMayUseFactor, CHALLENGE_TTL_MINUTES, ownFactor, type FactorRow, type MfaContext } from './factors.ts';

/**
 * Opens a challenge on the caller's factor, bound to the caller's session (ASVS 6.6.2). For a
 * phone factor a fresh 6-digit code is texted through the outbox and only its hash is kept. A new
 * challenge ends the session's earlier open ones on the same factor: only the newest code works.
 */
export async function challengeFactor(ctx: MfaContext, session: SessionContext, factorId: string, log: FastifyBaseLogger): Promise<ChallengeResult> {
  const factor = await ownFactor(ctx, session, factorId);
  assertMayUseFactor(factor, session);
  if (await isMfaLocked(ctx.database, session.userId)) {
    log.warn({ userId: session.userId, factorId, event: 'mfa-locked' }, 'MFA challenge refused: too many wrong codes');
    throw tooManyRequests(messages.auth.tooManyAttempts);
  }

  const challenge = await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mfa_challenges')
      .set({ expires_at: sql<Date>`now()` })
      .where('factor_id', '=', factor.id)
      .where('session_id', '=', session.sessionId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .execute();
    if (factor.factor_type === 'phone') return sendSmsChallenge(trx, ctx, session, factor, log);
    return trx
      .insertInto('mfa_challenges')
      .values({ factor_id: factor.id, session_id: session.sessionId, code_hash: null, expires_at: sql<Date>`now() + make_interval(mins => ${CHALLENGE_TTL_MINUTES})` })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
  });
  if (factor.factor_type === 'phone') ctx.onMessageQueued();
  return { id: challenge.id, expires_at: new Date(challenge.expires_at).toISOString() };
}

async function sendSmsChallenge(trx: Transaction<DB>, ctx: MfaContext, session: SessionContext, factor: FactorRow, log: FastifyBaseLogger) {
  const phone = factor.phone as string;
  const refusal = await reserveSmsSend(trx, hashPhone(ctx.keys, phone), session.userId);
  if (refusal === 'too-soon') {
    log.warn({ userId: session.userId, factorId: factor.id, event: 'mfa-sms-too-soon' }, 'MFA SMS refused: resend too soon');
    throw tooManyRequests(messages.mfa.resendTooSoon);
  }
  if (refusal === 'hourly-cap') {
    log.warn({ userId: session.userId, factorId: factor.id, event: 'mfa-sms-hourly-cap' }, 'MFA SMS refused: hourly cap');
    throw tooManyRequests(messages.mfa.hourlyLimit);
  }

  const id = randomUUID();
  const code = generateOneTimeCode();
  const row = await trx
    .insertInto('mfa_challenges')
    .values({
      id,
      factor_id: factor.id,
      session_id: session.sessionId,
      code_hash: hashOneTimeCode(ctx.keys, id, code),
      expires_at: sql<Date>`now() + make_interval(mins => ${CHALLENGE_TTL_MINUTES})`,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
  await enqueueMessage(trx, { channel: 'sms', to: phone, text: messages.mfa.smsCode.replace('{code}', code) });
  log.info({ userId: session.userId, factorId: factor.id, challengeId: id, event: 'mfa-sms-sent' }, 'MFA code texted');
  return row;
}
