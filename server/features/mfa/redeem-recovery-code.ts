import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { mfaRecoveryMessages as text } from '../../../shared/messages/mfa-recovery.ts';
import { messages } from '../../../shared/messages.ts';
import { normaliseRecoveryCode, type RecoveryVerifyResult } from '../../../shared/schemas/mfa-recovery.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { recoveryCodeUsedEmail } from '../../auth/mfa-emails.ts';
import { clearMfaFailures, isMfaLocked, recordMfaFailure } from '../../auth/mfa-lockout.ts';
import { hashRecoveryCode } from '../../auth/mfa-recovery-codes.ts';
import { replaceSessionAtAal2 } from '../../auth/mfa-session.ts';
import type { SessionContext } from '../../auth/session.ts';
import { badRequest, conflict, tooManyRequests } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import type { MfaContext } from './factors.ts';
import { countUnusedRecoveryCodes } from './recovery-codes.ts';

export const recoveryCodeActions = { used: 'mfa_recovery_code_used', regenerated: 'mfa_recovery_codes_regenerated' } as const;

/**
 * The second step of sign-in with a recovery code instead of a factor's code. The code is spent by
 * one UPDATE ... WHERE used_at IS NULL RETURNING, so two requests carrying it at once cannot both
 * win. Right: the session is replaced by a new one at aal2, the use is audited and the owner is
 * emailed with the count left. Wrong (or already used): it counts towards the same per-account
 * lock as a wrong factor code (ASVS 6.3.1).
 */
export async function redeemRecoveryCode(ctx: MfaContext, session: SessionContext, input: { code: string }, request: FastifyRequest, reply: FastifyReply): Promise<RecoveryVerifyResult> {
  const log = request.log;
  const { userId } = session;
  if (await isMfaLocked(ctx.database, userId)) {
    log.warn({ userId, event: 'mfa-recovery-failed', reason: 'account-locked' }, 'recovery code refused: too many wrong codes');
    throw tooManyRequests(messages.auth.tooManyAttempts);
  }
  // Spending a code on a session that needs nothing would only waste it.
  if (session.aal === 'aal2') throw conflict(text.alreadyVerified, 'ALREADY_AAL2');

  const code = normaliseRecoveryCode(input.code);
  if (!code) throw badRequest(text.invalidFormat, 'INVALID_RECOVERY_CODE');
  const hash = hashRecoveryCode(ctx.keys, userId, code);

  const outcome = await ctx.database.db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('mfa_recovery_codes')
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!spent) {
      const used = await trx.selectFrom('mfa_recovery_codes').select('id').where('user_id', '=', userId).where('code_hash', '=', hash).executeTakeFirst();
      return { ok: false as const, reason: used ? ('code-used' as const) : ('wrong-code' as const) };
    }
    const remaining = await countUnusedRecoveryCodes(trx, userId);
    const owner = await trx.selectFrom('user_profiles').select(['email', 'full_name']).where('id', '=', userId).executeTakeFirstOrThrow();
    // The person's own account security: not company work, so no company's activity lists it.
    await writeAudit(trx, { actorId: userId, companyId: null, action: recoveryCodeActions.used, entityType: 'user', entityId: userId, details: { remaining }, ip: request.ip ?? null });
    await enqueueMessage(trx, recoveryCodeUsedEmail(owner.email, owner.full_name, { remaining, ip: request.ip ?? 'unknown' }));
    return { ok: true as const, remaining };
  });

  if (!outcome.ok) {
    await recordMfaFailure(ctx.database, userId);
    log.warn({ userId, event: 'mfa-recovery-failed', reason: outcome.reason }, 'recovery code refused');
    throw badRequest(outcome.reason === 'code-used' ? text.codeUsed : text.wrongCode, outcome.reason === 'code-used' ? 'RECOVERY_CODE_USED' : 'INVALID_RECOVERY_CODE');
  }
  ctx.onMessageQueued();
  await clearMfaFailures(ctx.database, userId);
  await replaceSessionAtAal2(ctx.auth, ctx.database, request, reply, session);
  log.info({ userId, event: 'mfa-recovery-code-used', remaining: outcome.remaining }, 'recovery code used; session now aal2');
  return { aal: 'aal2', remaining: outcome.remaining };
}
