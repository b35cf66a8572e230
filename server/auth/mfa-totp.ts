import { timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) through the otpauth library, with the parameters every authenticator app
 * supports: SHA-1, 6 digits, 30-second steps. The caller stores the last accepted step so a code
 * works once (ASVS 6.5.1).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted (clock drift between phone and server). */
export const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;

const totpFor = (base32Secret: string, issuer = '', label = '') =>
  new TOTP({ secret: Secret.fromBase32(base32Secret), issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

/** A new shared secret, base32 as authenticator apps expect (160 bits, RFC 4226's recommendation). */
export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

export function totpStepAt(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_PERIOD_SECONDS);
}

export function totpCodeAt(base32Secret: string, timeMs: number): string {
  return totpFor(base32Secret).generate({ timestamp: timeMs });
}

/**
 * The time step the code belongs to, searching now ± TOTP_WINDOW, or null when it matches none.
 * Every candidate is computed and compared in constant time.
 */
export function matchTotpStep(base32Secret: string, code: string, timeMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(base32Secret);
  const now = totpStepAt(timeMs);
  const given = Buffer.from(code);
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step += 1) {
    const expected = Buffer.from(totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 }));
    if (timingSafeEqual(expected, given) && matched === null) matched = step;
  }
  return matched;
}

/** otpauth:// URI (Key Uri Format) for a QR code: label "issuer:account", issuer repeated as a parameter. */
export function totpUri({ secret, issuer, account }: { secret: string; issuer: string; account: string }): string {
  return totpFor(secret, issuer, account).toString();
}
