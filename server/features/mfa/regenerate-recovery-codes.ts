import type { FastifyBaseLogger } from 'fastify';
import { mfaRecoveryMessages as text } from '../../../shared/messages/mfa-recovery.ts';
import type { IssuedRecoveryCodes } from '../../../shared/schemas/mfa-recovery.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { confirmReauthentication } from '../../auth/reauth.ts';
import type { SessionContext } from '../../auth/session.ts';
import { conflict } from '../../http/errors.ts';
import type { MfaContext } from './factors.ts';
import { recoveryCodeActions } from './redeem-recovery-code.ts';
import { issueRecoveryCodes } from './recovery-codes.ts';

/**
 * "Regenerate recovery codes": after the password (or an emailed code) is given again, like any
 * change to how the account signs in (ASVS 7.5.1), a new set replaces the old one, whose codes
 * stop working at once. The new codes are answered this once.
 */
export async function regenerateRecoveryCodes(
  ctx: MfaContext,
  session: SessionContext,
  proof: { password?: string | undefined; email_code?: string | undefined },
  ip: string | null,
  log: FastifyBaseLogger,
): Promise<IssuedRecoveryCodes> {
  const { db } = ctx.database;
  const factor = await db.selectFrom('mfa_factors').select('id').where('user_id', '=', session.userId).where('status', '=', 'verified').executeTakeFirst();
  if (!factor) throw conflict(text.notEnabled, 'MFA_NOT_ENABLED');
  await confirmReauthentication(ctx, session, proof, log);
  const codes = await db.transaction().execute(async (trx) => {
    // One regeneration at a time per person: the later one's set is the one that stays.
    await trx.selectFrom('user_profiles').select('id').where('id', '=', session.userId).forUpdate().executeTakeFirst();
    const issued = await issueRecoveryCodes(trx, ctx.keys, session.userId);
    await writeAudit(trx, { actorId: session.userId, companyId: null, action: recoveryCodeActions.regenerated, entityType: 'user', entityId: session.userId, details: { count: issued.length }, ip });
    return issued;
  });
  log.info({ userId: session.userId, event: 'mfa-recovery-codes-regenerated' }, 'recovery codes regenerated');
  return { codes };
}
