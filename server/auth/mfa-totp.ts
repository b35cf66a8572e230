import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP (RFC 6238 over RFC 4226 HOTP) with the parameters every authenticator app supports:
 * SHA-1, 6 digits, 30-second steps. Pure functions; the caller stores the last accepted step so a
 * code works once (ASVS 6.5.1).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted (clock drift between phone and server). */
export const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s+/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index === -1) throw new Error('Invalid base32 character');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret, base32 as authenticator apps expect (160 bits, RFC 4226's recommendation). */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

export function totpStepAt(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_PERIOD_SECONDS);
}

export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS;
  return binary.toString().padStart(TOTP_DIGITS, '0');
}

export function totpCodeAt(base32Secret: string, timeMs: number): string {
  return hotp(base32Decode(base32Secret), totpStepAt(timeMs));
}

/**
 * The time step the code belongs to, searching now ± TOTP_WINDOW, or null when it matches none.
 * Every candidate is compared in constant time and all of them are computed.
 */
export function matchTotpStep(base32Secret: string, code: string, timeMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(base32Secret);
  const now = totpStepAt(timeMs);
  const given = Buffer.from(code);
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step += 1) {
    const expected = Buffer.from(hotp(key, step));
    if (timingSafeEqual(expected, given) && matched === null) matched = step;
  }
  return matched;
}

/** otpauth:// URI (Key Uri Format) for a QR code: label "issuer:account", issuer repeated as a parameter. */
export function totpUri({ secret, issuer, account }: { secret: string; issuer: string; account: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_SECONDS) });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`;
}
