import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { confirmReauthentication } from '../../auth/reauth.ts';
import type { SessionContext } from '../../auth/session.ts';
import { ownFactor, type MfaContext } from './factors.ts';

/**
 * Removes one of the caller's factors after the password (or an emailed code) is given again (ASVS 7.5.1). When the
 * last verified factor goes the account no longer needs aal2, and its sessions return to aal1,
 * the level an account without a second factor signs in at, and its recovery codes are deleted.
 */
export async function unenrolFactor(ctx: MfaContext, session: SessionContext, factorId: string, proof: { password?: string | undefined; email_code?: string | undefined }, log: FastifyBaseLogger): Promise<void> {
  const factor = await ownFactor(ctx, session, factorId);
  await confirmReauthentication(ctx, session, proof, log);
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mfa_factors').where('id', '=', factor.id).where('user_id', '=', session.userId).execute();
    const remaining = await trx
      .selectFrom('mfa_factors')
      .select(sql<number>`1`.as('one'))
      .where('user_id', '=', session.userId)
      .where('status', '=', 'verified')
      .executeTakeFirst();
    if (!remaining) {
      await trx.updateTable('auth_sessions').set({ aal: 'aal1' }).where('userId', '=', session.userId).where('aal', '=', 'aal2').execute();
      // Two-step verification is off: its recovery codes go with it, and turning it on again issues a new set.
      await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', session.userId).execute();
    }
  });
  log.info({ userId: session.userId, factorId, event: 'mfa-unenrolled', factorType: factor.factor_type }, 'MFA factor removed');
}
