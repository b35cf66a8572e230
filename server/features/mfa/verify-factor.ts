import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { VerifyFactorInput, VerifyResult } from '../../../shared/schemas/auth.ts';
import { decryptTotpSecret, oneTimeCodeMatches } from '../../auth/mfa-crypto.ts';
import { clearMfaFailures, isMfaLocked, recordMfaFailure } from '../../auth/mfa-lockout.ts';
import { replaceSessionAtAal2 } from '../../auth/mfa-session.ts';
import { matchTotpStep } from '../../auth/mfa-totp.ts';
import type { SessionContext } from '../../auth/session.ts';
import { badRequest, tooManyRequests, type AppError } from '../../http/errors.ts';
import { assertMayUseFactor, MAX_CHALLENGE_ATTEMPTS, ownFactor, type FactorRow, type MfaContext } from './factors.ts';
import { issueRecoveryCodes } from './recovery-codes.ts';

/**
 * Checks a code against a challenge the caller's own session opened on the caller's own factor.
 * Right: the challenge is used up, an unverified factor becomes verified, and the session is
 * replaced by a new one at aal2. Wrong: the attempt counts; the fifth kills the challenge.
 */
export async function verifyFactor(
  ctx: MfaContext,
  session: SessionContext,
  factorId: string,
  input: VerifyFactorInput,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<VerifyResult> {
  const { db } = ctx.database;
  const log = request.log;
  const factor = await ownFactor(ctx, session, factorId);
  assertMayUseFactor(factor, session);
  const fail = (reason: string, error: AppError): AppError => {
    log.warn({ userId: session.userId, factorId, challengeId: input.challenge_id, event: 'mfa-verify-failed', reason }, 'MFA verification failed');
    return error;
  };

  if (await isMfaLocked(ctx.database, session.userId)) throw fail('account-locked', tooManyRequests(messages.auth.tooManyAttempts));

  const challenge = await db
    .selectFrom('mfa_challenges')
    .select(['id', 'session_id', 'code_hash', 'attempts', 'consumed_at', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('id', '=', input.challenge_id)
    .where('factor_id', '=', factor.id)
    .executeTakeFirst();
  // A challenge opened by another session (even the same user's) works nowhere else (ASVS 6.6.2).
  if (!challenge || challenge.session_id !== session.sessionId) {
    throw fail(challenge ? 'other-session' : 'unknown-challenge', badRequest(messages.mfa.challengeNotFound, 'CHALLENGE_NOT_FOUND'));
  }
  if (challenge.consumed_at) throw fail('challenge-used', badRequest(messages.mfa.challengeNotFound, 'CHALLENGE_NOT_FOUND'));
  if (challenge.attempts >= MAX_CHALLENGE_ATTEMPTS) throw fail('challenge-dead', tooManyRequests(messages.mfa.tooManyTries));
  if (challenge.expired) throw fail('challenge-expired', badRequest(messages.mfa.codeExpired, 'CODE_EXPIRED'));

  // Claim one attempt before checking, so parallel guesses cannot exceed the limit.
  const claimed = await db
    .updateTable('mfa_challenges')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', challenge.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', MAX_CHALLENGE_ATTEMPTS)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('attempts')
    .executeTakeFirst();
  if (!claimed) throw fail('challenge-dead', tooManyRequests(messages.mfa.tooManyTries));

  const result = await checkCode(ctx, factor, challenge, input.code);
  if (result !== 'ok') {
    await recordMfaFailure(ctx.database, session.userId);
    const dead = claimed.attempts >= MAX_CHALLENGE_ATTEMPTS;
    if (dead) throw fail(result, tooManyRequests(messages.mfa.tooManyTries));
    throw fail(result, badRequest(result === 'replayed' ? messages.mfa.codeUsed : messages.mfa.invalidCode, result === 'replayed' ? 'CODE_USED' : 'INVALID_CODE'));
  }

  const consumed = await db
    .updateTable('mfa_challenges')
    .set({ consumed_at: sql<Date>`now()` })
    .where('id', '=', challenge.id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!consumed) throw fail('challenge-used', badRequest(messages.mfa.challengeNotFound, 'CHALLENGE_NOT_FOUND'));

  await clearMfaFailures(ctx.database, session.userId);
  let recoveryCodes: string[] | undefined;
  if (factor.status === 'unverified') {
    recoveryCodes = await db.transaction().execute(async (trx) => {
      // Two factors finished at once must not both think they are the first.
      await trx.selectFrom('user_profiles').select('id').where('id', '=', session.userId).forUpdate().executeTakeFirst();
      const other = await trx.selectFrom('mfa_factors').select('id').where('user_id', '=', session.userId).where('status', '=', 'verified').where('id', '!=', factor.id).executeTakeFirst();
      await trx.updateTable('mfa_factors').set({ status: 'verified', updated_at: sql<Date>`now()` }).where('id', '=', factor.id).execute();
      // The first verified factor turns two-step verification on, and with it come recovery codes
      // (issue 33, A7): a lost phone must not lock the owner out.
      return other ? undefined : issueRecoveryCodes(trx, ctx.keys, session.userId);
    });
    log.info({ userId: session.userId, factorId, event: 'mfa-enrolled', recoveryCodesIssued: Boolean(recoveryCodes) }, 'MFA factor verified');
  }
  await replaceSessionAtAal2(ctx.auth, ctx.database, request, reply, session);
  log.info({ userId: session.userId, factorId, event: 'mfa-verified' }, 'second factor verified; session now aal2');
  return recoveryCodes ? { aal: 'aal2', recovery_codes: recoveryCodes } : { aal: 'aal2' };
}

type CodeCheck = 'ok' | 'wrong-code' | 'replayed';

async function checkCode(ctx: MfaContext, factor: FactorRow, challenge: { id: string; code_hash: string | null }, code: string): Promise<CodeCheck> {
  if (factor.factor_type === 'phone') {
    return challenge.code_hash && oneTimeCodeMatches(ctx.keys, challenge.id, code, challenge.code_hash) ? 'ok' : 'wrong-code';
  }
  const secret = await decryptTotpSecret(ctx.keys, factor.secret_encrypted as string);
  const step = matchTotpStep(secret, code, Date.now());
  if (step === null) return 'wrong-code';
  // A TOTP code works once (ASVS 6.5.1): its time step must be later than the last one accepted.
  const advanced = await ctx.database.db
    .updateTable('mfa_factors')
    .set({ last_totp_step: step })
    .where('id', '=', factor.id)
    .where((eb) => eb.or([eb('last_totp_step', 'is', null), eb('last_totp_step', '<', String(step))]))
    .returning('id')
    .executeTakeFirst();
  return advanced ? 'ok' : 'replayed';
}
