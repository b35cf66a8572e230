import { z } from 'zod';
import { mfaRecoveryMessages as text } from '../messages/mfa-recovery.ts';

/** Codes in a set: issued when the first second factor is verified, and on every regeneration. */
export const RECOVERY_CODE_COUNT = 10;
/**
 * Crockford's base 32 in lower case: no i, l, o or u, so a code read off paper is not misread. Ten
 * symbols of 5 bits each: 50 bits per code, shown as two groups of five (`abcde-12345`).
 */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const RECOVERY_CODE_LENGTH = 10;

/**
 * The canonical form of a code as typed: case, spaces and the dash do not matter, and the letters
 * Crockford's alphabet leaves out are read as the digits they look like (i, l → 1; o → 0). Null
 * when what is left is not 10 symbols of the alphabet.
 */
export function normaliseRecoveryCode(input: string): string | null {
  const cleaned = input
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');
  if (cleaned.length !== RECOVERY_CODE_LENGTH) return null;
  for (const ch of cleaned) if (!RECOVERY_CODE_ALPHABET.includes(ch)) return null;
  return cleaned;
}

/** `abcde12345` → `abcde-12345`, the form shown and downloaded. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** POST /api/mfa/recovery-codes/verify: one code at the second step of sign-in. */
export const useRecoveryCodeSchema = z.strictObject({
  code: z
    .string(text.invalidFormat)
    .max(40, text.invalidFormat)
    .refine((value) => normaliseRecoveryCode(value) !== null, text.invalidFormat),
});
export type UseRecoveryCodeInput = z.infer<typeof useRecoveryCodeSchema>;

/** GET /api/mfa/recovery-codes: how many of the current set are left (never the codes). */
export const recoveryCodesStatusSchema = z.object({
  enabled: z.boolean(),
  remaining: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  created_at: z.string().nullable(),
});
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatusSchema>;

/** 201 of POST /api/mfa/recovery-codes: the new set, shown this once. */
export const issuedRecoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type IssuedRecoveryCodes = z.infer<typeof issuedRecoveryCodesSchema>;

/** 200 of POST /api/mfa/recovery-codes/verify: the session is now aal2; `remaining` codes are left. */
export const recoveryVerifyResultSchema = z.object({ aal: z.literal('aal2'), remaining: z.number().int().nonnegative() });
export type RecoveryVerifyResult = z.infer<typeof recoveryVerifyResultSchema>;

/** POST /api/admin/users/:userId/reset-mfa: why, for the audit log. */
export const resetUserMfaBodySchema = z.strictObject({
  reason: z
    .string(text.invalidReason)
    .trim()
    .min(5, text.invalidReason)
    .max(500, text.invalidReason)
    // Control characters (other than line breaks and tabs) have no place in an audit note, and PostgreSQL text refuses NUL.
    .refine((value) => ![...value].some((ch) => (ch < ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t') || ch === '\u007f'), text.invalidReason),
});
export type ResetUserMfaBody = z.infer<typeof resetUserMfaBodySchema>;
