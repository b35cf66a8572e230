import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { hashPhone } from '../../auth/mfa-crypto.ts';
import { maskPhone } from '../../auth/mfa-phone.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { recordPhoneVerifiedByCode } from '../verification/phone-check.ts';
import { PHONE_CODE_MAX_ATTEMPTS, phoneCodeMatches, phoneOrRefuse, phoneVerifiedElsewhere } from './phone-codes.ts';
import type { RegistrationContext } from './registration-context.ts';

/**
 * verify-phone {action: 'verify'}: checks the code of the candidate's newest open code for this
 * number. Right: the number becomes the candidate's verified phone, the code is used up and the
 * phone check is recorded as verified, in one transaction. Wrong: {verified: false}, and the try
 * counts; after the fifth the code is dead.
 * Expired (or replaced by a newer send, or none sent) and dead codes answer 400 with a message.
 */
export async function verifyPhoneCode(ctx: RegistrationContext, userId: string, input: string, otp: string, log: FastifyBaseLogger): Promise<{ verified: boolean }> {
  const { db } = ctx.database;
  const phone = phoneOrRefuse(input);
  const masked = maskPhone(phone);
  const refuse = (reason: string, message: string, code: string) => {
    log.warn({ userId, phone: masked, event: 'candidate-phone-verify-failed', reason }, 'phone code refused');
    return badRequest(message, code);
  };

  const row = await db
    .selectFrom('phone_verification_codes')
    .select(['id', 'phone', 'code_hash', 'attempts', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.phone !== phone) throw refuse(row ? 'other-number' : 'no-code', messages.candidate.phone.codeExpired, 'CODE_EXPIRED');
  if (row.attempts >= PHONE_CODE_MAX_ATTEMPTS) throw refuse('too-many-tries', messages.candidate.phone.tooManyTries, 'TOO_MANY_TRIES');
  if (row.expired) throw refuse('expired', messages.candidate.phone.codeExpired, 'CODE_EXPIRED');

  // Claim the try before checking, so parallel guesses cannot exceed the limit.
  const claimed = await db
    .updateTable('phone_verification_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', PHONE_CODE_MAX_ATTEMPTS)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('attempts')
    .executeTakeFirst();
  if (!claimed) throw refuse('too-many-tries', messages.candidate.phone.tooManyTries, 'TOO_MANY_TRIES');

  if (!phoneCodeMatches(ctx.keys, row.id, otp, row.code_hash)) {
    log.info({ userId, phone: masked, attempts: claimed.attempts, event: 'candidate-phone-wrong-code' }, 'wrong phone code');
    return { verified: false };
  }

  await db.transaction().execute(async (trx) => {
    // Two accounts verifying one number at the same moment: one wins.
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`candidate-phone:${hashPhone(ctx.keys, phone)}`}, 0))`.execute(trx);
    if (await phoneVerifiedElsewhere(trx, phone, userId)) {
      log.warn({ userId, phone: masked, event: 'candidate-phone-taken' }, 'phone verification refused: number verified on another account');
      throw conflict(messages.candidate.phone.phoneTaken, 'PHONE_TAKEN');
    }
    const consumed = await trx
      .updateTable('phone_verification_codes')
      .set({ consumed_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    // The same code sent twice at once: the other request used it.
    if (!consumed) throw refuse('code-used', messages.candidate.phone.codeExpired, 'CODE_EXPIRED');
    await trx.updateTable('user_profiles').set({ phone, mobile_verified: true, updated_at: sql<Date>`now()` }).where('id', '=', userId).execute();
    await recordPhoneVerifiedByCode(trx, userId);
  });
  log.info({ userId, phone: masked, event: 'candidate-phone-verified' }, 'phone verified');
  return { verified: true };
}
