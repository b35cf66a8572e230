import { randomInt } from 'node:crypto';

/** Crockford's base 32: digits and capitals without I, L, O and U (never misread, never rude). */
export const CANDIDATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CANDIDATE_CODE_PATTERN = /^WC-[0-9A-HJKMNP-TV-Z]{6}$/;
/** 32^6 ≈ 1.07 billion codes: a collision is rare, and a retry draws again. */
const CODE_LENGTH = 6;
const MAX_TRIES = 5;

/** The short ID shown to the candidate and to employers: "WC-" and six characters, e.g. WC-7K3F9Q. */
export function generateCandidateCode(): string {
  let code = 'WC-';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CANDIDATE_CODE_ALPHABET[randomInt(CANDIDATE_CODE_ALPHABET.length)];
  return code;
}

/** PostgreSQL's unique violation on the candidate_code column (and not on any other). */
export function isCandidateCodeTaken(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'candidate_profiles_candidate_code_key';
}

/**
 * Runs insert with a fresh code, drawing again when the code is already taken. Any other failure,
 * or MAX_TRIES collisions in a row (which would mean the generator is broken), is thrown.
 */
export async function withFreshCandidateCode<T>(insert: (code: string) => Promise<T>, generate: () => string = generateCandidateCode): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insert(generate());
    } catch (error) {
      if (!isCandidateCodeTaken(error) || attempt >= MAX_TRIES) throw error;
    }
  }
}
