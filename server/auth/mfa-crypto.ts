import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';

/**
 * Keys for MFA data, each derived from AUTH_SECRET for one purpose only, so a value made for one
 * use (a phone lookup hash, say) never verifies as another (a one-time code).
 */
export interface MfaKeys {
  /** Encrypts TOTP secrets at rest. */
  totpSecret: string;
  /** Keyed hash of one-time codes (stored hashed, ASVS 6.5.4). */
  code: string;
  /** Keyed hash of phone numbers for the per-number send limits. */
  phone: string;
  /** Keyed hash of recovery codes (mfa-recovery-codes.ts). */
  recoveryCode: string;
}

export function deriveMfaKeys(authSecret: string): MfaKeys {
  const derive = (purpose: string) => createHmac('sha256', authSecret).update(`workcred:mfa:${purpose}:v1`).digest('hex');
  return { totpSecret: derive('totp-secret'), code: derive('one-time-code'), phone: derive('phone'), recoveryCode: derive('recovery-code') };
}

export async function encryptTotpSecret(keys: MfaKeys, secret: string): Promise<string> {
  return symmetricEncrypt({ key: keys.totpSecret, data: secret });
}

export async function decryptTotpSecret(keys: MfaKeys, encrypted: string): Promise<string> {
  return symmetricDecrypt({ key: keys.totpSecret, data: encrypted });
}

/** A 6-digit one-time code from the CSPRNG (ASVS 6.5.3): uniform over 000000–999999. */
export function generateOneTimeCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The stored form of a one-time code: bound to its challenge, so the hash of a code issued for one
 * challenge never matches another (ASVS 6.6.2), and keyed, so a database copy alone cannot be
 * brute-forced over the million possible codes.
 */
export function hashOneTimeCode(keys: MfaKeys, challengeId: string, code: string): string {
  return createHmac('sha256', keys.code).update(`${challengeId}:${code}`).digest('hex');
}

export function oneTimeCodeMatches(keys: MfaKeys, challengeId: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashOneTimeCode(keys, challengeId, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function hashPhone(keys: MfaKeys, e164: string): string {
  return createHmac('sha256', keys.phone).update(e164).digest('hex');
}
