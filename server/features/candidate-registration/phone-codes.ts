import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { hashOneTimeCode, oneTimeCodeMatches, type MfaKeys } from '../../auth/mfa-crypto.ts';
import { normalisePhone } from '../../auth/mfa-phone.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';

/** Phone codes expire after this long (ASVS 6.5.5)… */
export const PHONE_CODE_TTL_MINUTES = 10;
/** …and die after this many wrong tries (ASVS 6.6.3). */
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/**
 * The stored hash is bound to this purpose and to the code's own row, so a code made for an MFA
 * challenge, an onboarding email or another phone code never verifies here (ASVS 6.6.2).
 */
export function hashPhoneCode(keys: MfaKeys, codeId: string, code: string): string {
  return hashOneTimeCode(keys, `candidate-phone:${codeId}`, code);
}

export function phoneCodeMatches(keys: MfaKeys, codeId: string, code: string, storedHash: string): boolean {
  return oneTimeCodeMatches(keys, `candidate-phone:${codeId}`, code, storedHash);
}

/** The E.164 form of an Indian (or any SMS-capable) number, or 400 with the spec's message. */
export function phoneOrRefuse(input: string): string {
  const phone = normalisePhone(input);
  if (!phone) throw badRequest(messages.candidate.phone.invalidPhone, 'INVALID_PHONE');
  return phone;
}

/** Whether another account has already verified this number: one number, one account. */
export async function phoneVerifiedElsewhere(db: Kysely<DB> | Transaction<DB>, phone: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_profiles')
    .select('id')
    .where('phone', '=', phone)
    .where('mobile_verified', '=', true)
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}
