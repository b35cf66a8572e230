import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { generateTotpSecret, matchTotpStep, totpCodeAt, totpStepAt, totpUri } from '../../server/auth/mfa-totp.ts';


describe('TOTP (RFC 6238 through otpauth, with our window and replay rules)', () => {
  it('matches the RFC 6238 SHA-1 test vectors', () => {
    const secret = OTPAuth.Secret.fromUTF8('12345678901234567890').base32;
    // RFC 6238 appendix B gives 8 digits; the last 6 are the 6-digit code.
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpCodeAt(secret, seconds * 1000)).toBe(code.slice(-6));
  });

  it('generates 160-bit base32 secrets that round-trip', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(OTPAuth.Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('accepts the current step and one either side, and nothing further', () => {
    const secret = generateTotpSecret();
    const now = Date.now();
    const step = totpStepAt(now);
    for (const offset of [-1, 0, 1]) expect(matchTotpStep(secret, totpCodeAt(secret, now + offset * 30_000), now)).toBe(step + offset);
    for (const offset of [-3, -2, 2, 3]) {
      const code = totpCodeAt(secret, now + offset * 30_000);
      const inWindow = [-1, 0, 1].some((o) => totpCodeAt(secret, now + o * 30_000) === code);
      if (!inWindow) expect(matchTotpStep(secret, code, now)).toBeNull();
    }
  });

  it('refuses malformed codes without throwing', () => {
    const secret = generateTotpSecret();
    for (const code of ['', '12345', '1234567', 'abcdef', '١٢٣٤٥٦', '12 456']) expect(matchTotpStep(secret, code, Date.now())).toBeNull();
  });

  it('builds an otpauth:// URI that authenticator apps (and otpauth) read back', () => {
    const secret = generateTotpSecret();
    const uri = totpUri({ secret, issuer: 'Work Cred & Co', account: 'priya+mfa@acme-infotech.in' });
    const parsed = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.issuer).toBe('Work Cred & Co');
    expect(parsed.label).toBe('priya+mfa@acme-infotech.in');
    expect(parsed.secret.base32).toBe(secret);
    expect(parsed.generate()).toBe(totpCodeAt(secret, Date.now()));
  });
});
