import { createHash, randomBytes } from 'node:crypto';

/**
 * PKCE (RFC 7636) as DigiLocker documents it: a fresh code_verifier per authorization request, and
 * code_challenge = Base64URL, without padding, of SHA-256 of the verifier (method S256).
 */

/** 64 random bytes: an 86-character verifier, inside RFC 7636's 43–128 and its unreserved characters. */
export function createCodeVerifier(): string {
  return randomBytes(64).toString('base64url');
}

export function codeChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** The OAuth state: 256 random bits, unguessable, sent once. */
export function createState(): string {
  return randomBytes(32).toString('base64url');
}

/** States are stored hashed: the state travels in addresses (and so in proxies' logs). */
export function hashState(state: string): string {
  return createHash('sha256').update(state, 'utf8').digest('hex');
}
