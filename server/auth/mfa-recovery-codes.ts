import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../shared/schemas/mfa-recovery.ts';
import type { MfaKeys } from './mfa-crypto.ts';

/**
 * A set of recovery codes from the CSPRNG: each 10 symbols of a 32-symbol alphabet (50 bits),
 * canonical form (no dash); no two alike in a set.
 */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += RECOVERY_CODE_ALPHABET[randomInt(0, RECOVERY_CODE_ALPHABET.length)];
    codes.add(code);
  }
  return [...codes];
}

/**
 * The stored form of a recovery code: HMAC-SHA-256 under a key derived from AUTH_SECRET, bound to
 * its owner. A fast hash is enough here, unlike for passwords: a slow hash exists to make guessing
 * a human-chosen secret expensive, and these are 50 random bits (10^15 candidates per code) that
 * only matter together with the password. The key means a copy of the database alone cannot be
 * checked against any guess at all, and the owner in the input means one person's code never
 * matches another's row. Being deterministic, the hash lets one UPDATE find and spend the code.
 */
export function hashRecoveryCode(keys: MfaKeys, userId: string, canonicalCode: string): string {
  return createHmac('sha256', keys.recoveryCode).update(`${userId}:${canonicalCode}`).digest('hex');
}
