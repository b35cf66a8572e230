import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { EnrolFactorInput, EnrolledFactor } from '../../../shared/schemas/auth.ts';
import { encryptTotpSecret } from '../../auth/mfa-crypto.ts';
import { confirmReauthentication } from '../../auth/reauth.ts';
import { maskPhone, normalisePhone } from '../../auth/mfa-phone.ts';
import { generateTotpSecret, totpUri } from '../../auth/mfa-totp.ts';
import type { SessionContext } from '../../auth/session.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { DEFAULT_TOTP_ISSUER, MAX_FACTORS_PER_USER, type MfaContext } from './factors.ts';

/**
 * Adds an unverified factor; it counts only once a code from it is verified. A TOTP secret is
 * returned this once (for the QR code) and stored encrypted; a phone is stored in E.164.
 */
export async function enrolFactor(ctx: MfaContext, session: SessionContext, input: EnrolFactorInput, log: FastifyBaseLogger): Promise<EnrolledFactor> {
  const { db } = ctx.database;
  const phone = input.factor_type === 'phone' ? normalisePhone(input.phone) : null;
  if (input.factor_type === 'phone' && !phone) throw badRequest(messages.mfa.invalidPhone, 'INVALID_PHONE');

  await confirmReauthentication(ctx, session, { password: input.password, email_code: input.email_code }, log);

  // Enrolments abandoned long ago are dropped rather than counted against the limit.
  await db
    .deleteFrom('mfa_factors')
    .where('user_id', '=', session.userId)
    .where('status', '=', 'unverified')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();

  if (phone) {
    const same = await db.selectFrom('mfa_factors').select(['id', 'status']).where('user_id', '=', session.userId).where('phone', '=', phone).execute();
    if (same.some((row) => row.status === 'verified')) throw conflict(messages.mfa.phoneAlreadyEnrolled, 'PHONE_ALREADY_ENROLLED');
    // Starting again with the same number replaces the unfinished enrolment.
    if (same.length > 0) await db.deleteFrom('mfa_factors').where('id', 'in', same.map((row) => row.id)).execute();
  }

  const count = await db.selectFrom('mfa_factors').select(sql<string>`count(*)`.as('n')).where('user_id', '=', session.userId).executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_FACTORS_PER_USER) throw badRequest(messages.mfa.tooManyFactors, 'TOO_MANY_FACTORS');

  const friendlyName = input.friendly_name ? input.friendly_name : null;
  if (input.factor_type === 'totp') {
    const secret = generateTotpSecret();
    const row = await db
      .insertInto('mfa_factors')
      .values({ user_id: session.userId, factor_type: 'totp', friendly_name: friendlyName, secret_encrypted: await encryptTotpSecret(ctx.keys, secret) })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    log.info({ userId: session.userId, factorId: row.id, event: 'mfa-enrol', factorType: 'totp' }, 'MFA factor enrolment started');
    return {
      id: row.id,
      factor_type: 'totp',
      status: 'unverified',
      friendly_name: friendlyName,
      totp: { secret, uri: totpUri({ secret, issuer: input.issuer ?? DEFAULT_TOTP_ISSUER, account: session.profile.email }) },
    };
  }

  const row = await db
    .insertInto('mfa_factors')
    .values({ user_id: session.userId, factor_type: 'phone', friendly_name: friendlyName, phone })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  log.info({ userId: session.userId, factorId: row.id, event: 'mfa-enrol', factorType: 'phone' }, 'MFA factor enrolment started');
  return { id: row.id, factor_type: 'phone', status: 'unverified', friendly_name: friendlyName, phone_hint: maskPhone(phone as string) };
}
