import { describe, expect, it } from 'vitest';
import { deriveMfaKeys, decryptTotpSecret, encryptTotpSecret, generateOneTimeCode, hashOneTimeCode, hashPhone, oneTimeCodeMatches } from '../../server/auth/mfa-crypto.ts';
import { maskPhone, normalisePhone } from '../../server/auth/mfa-phone.ts';

describe('MFA phone numbers', () => {
  it('normalises Indian numbers to E.164 whatever the spelling', () => {
    for (const input of ['9876543210', '98765 43210', '98765-43210', '09876543210', '919876543210', '+91 98765 43210', ' +91-98765-43210 ']) {
      expect(normalisePhone(input)).toBe('+919876543210');
    }
    expect(normalisePhone('+44 7911 123456')).toBe('+447911123456');
  });

  it('refuses what cannot receive a text', () => {
    for (const input of ['12345', 'abcdefghijk', '0000000000', '+91 80 2222 3333', '1234567890', '+91 98765 4321']) expect(normalisePhone(input)).toBeNull();
  });

  it('masks all but the country code and last three digits', () => {
    expect(maskPhone('+919876543210')).toBe('+91•••••••210');
    expect(maskPhone('+447911123456')).toBe('+44•••••••456');
  });
});

describe('MFA secrets and codes', () => {
  const keys = deriveMfaKeys('a-test-secret-that-is-long-enough-for-config');

  it('derives a different key for each purpose', () => {
    expect(new Set([keys.code, keys.phone, keys.totpSecret]).size).toBe(3);
    expect(deriveMfaKeys('another-secret-that-is-long-enough-for-it').code).not.toBe(keys.code);
  });

  it('encrypts TOTP secrets so the stored value reveals nothing and decrypts back', async () => {
    const encrypted = await encryptTotpSecret(keys, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(encrypted).not.toContain('JBSWY3DP');
    expect(await encryptTotpSecret(keys, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).not.toBe(encrypted);
    expect(await decryptTotpSecret(keys, encrypted)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    await expect(decryptTotpSecret(deriveMfaKeys('another-secret-that-is-long-enough-for-it'), encrypted)).rejects.toThrow();
  });

  it('makes 6-digit codes over the whole range', () => {
    const codes = Array.from({ length: 2000 }, () => generateOneTimeCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('binds a code hash to its challenge', () => {
    const hash = hashOneTimeCode(keys, 'challenge-a', '123456');
    expect(hash).not.toContain('123456');
    expect(oneTimeCodeMatches(keys, 'challenge-a', '123456', hash)).toBe(true);
    expect(oneTimeCodeMatches(keys, 'challenge-b', '123456', hash)).toBe(false);
    expect(oneTimeCodeMatches(keys, 'challenge-a', '123457', hash)).toBe(false);
    expect(hashPhone(keys, '+919876543210')).not.toContain('9876543210');
  });
});
