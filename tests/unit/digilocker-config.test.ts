import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createDigilockerProvider } from '../../server/features/verification/sources/digilocker/create-provider.ts';
import { createDevelopmentDigilocker } from '../../server/features/verification/sources/digilocker/development.ts';
import { codeChallengeOf, createCodeVerifier } from '../../server/features/verification/sources/digilocker/pkce.ts';
import { DigilockerInvalidGrant, DigilockerUnauthorized } from '../../server/features/verification/sources/digilocker/provider.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'workcred-digilocker-'));
const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://workcred.example', SMTP_URL: 'smtp://mail.example:25', UAN_PROVIDER: 'none' };

describe('DigiLocker configuration', () => {
  it('is development outside production and none in production, with the callback under PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({
      DIGILOCKER_PROVIDER: 'development',
      DIGILOCKER_API_URL: 'https://digilocker.meripehchaan.gov.in/public',
      DIGILOCKER_REDIRECT_URI: 'http://localhost:3000/api/digilocker/callback',
    });
    expect(loadConfig({ DATA_DIR: tmp(), ...production })).toMatchObject({ DIGILOCKER_PROVIDER: 'none', DIGILOCKER_REDIRECT_URI: 'https://workcred.example/api/digilocker/callback' });
  });

  it('refuses the development provider in production, and digilocker without its client id and secret', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...production, DIGILOCKER_PROVIDER: 'development' })).toThrow(/DIGILOCKER_PROVIDER: development serves sample documents and is refused in production/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DIGILOCKER_PROVIDER: 'digilocker', DIGILOCKER_CLIENT_ID: 'WC0001' })).toThrow(/DIGILOCKER_CLIENT_ID and DIGILOCKER_CLIENT_SECRET are required/);
    expect(() => createDevelopmentDigilocker({ nodeEnv: 'production', secret: 's', publicUrl: 'https://x', redirectUri: 'https://x/cb' })).toThrow(/refused in production/);
    const config = loadConfig({ DATA_DIR: tmp(), ...production, DIGILOCKER_PROVIDER: 'digilocker', DIGILOCKER_CLIENT_ID: 'WC0001', DIGILOCKER_CLIENT_SECRET: 'secret' });
    expect(createDigilockerProvider({ config })?.name).toBe('digilocker');
    expect(createDigilockerProvider({ config: { ...config, DIGILOCKER_PROVIDER: 'none' } })).toBeNull();
  });
});

describe('the development DigiLocker', () => {
  let now = new Date('2026-11-27T10:00:00Z');
  const dev = createDevelopmentDigilocker({ nodeEnv: 'test', secret: 'a'.repeat(40), publicUrl: 'http://localhost:3000', redirectUri: 'http://localhost:3000/api/digilocker/callback', now: () => now });

  it('checks the PKCE verifier against the code’s challenge, once, within five minutes', async () => {
    const verifier = createCodeVerifier();
    const code = () => dev.issueCode({ codeChallenge: codeChallengeOf(verifier), redirectUri: 'http://localhost:3000/api/digilocker/callback', holder: 'Ananya Rao' });
    await expect(dev.exchangeCode({ code: code(), codeVerifier: createCodeVerifier() })).rejects.toBeInstanceOf(DigilockerInvalidGrant);
    const once = code();
    const token = await dev.exchangeCode({ code: once, codeVerifier: verifier });
    expect(token).toMatchObject({ expiresIn: 600, name: 'Ananya Rao' });
    await expect(dev.exchangeCode({ code: once, codeVerifier: verifier })).rejects.toBeInstanceOf(DigilockerInvalidGrant);
    const late = code();
    now = new Date(now.getTime() + 301_000);
    await expect(dev.exchangeCode({ code: late, codeVerifier: verifier })).rejects.toBeInstanceOf(DigilockerInvalidGrant);
    // The token works for ten minutes from its making, then not.
    now = new Date(now.getTime() - 301_000 + 599_000);
    expect((await dev.issuedFiles(token.accessToken)).map((file) => file.doctype)).toEqual(['HSCER', 'DGCER']);
    now = new Date(now.getTime() + 2_000);
    await expect(dev.issuedFiles(token.accessToken)).rejects.toBeInstanceOf(DigilockerUnauthorized);
  });

  it('serves the same small PDF for the same holder, with their name on it', async () => {
    now = new Date('2026-11-27T10:00:00Z');
    const verifier = createCodeVerifier();
    const code = dev.issueCode({ codeChallenge: codeChallengeOf(verifier), redirectUri: 'http://localhost:3000/api/digilocker/callback', holder: 'Ananya Rao' });
    const { accessToken } = await dev.exchangeCode({ code, codeVerifier: verifier });
    const first = await dev.file(accessToken, 'in.ac.vtu-DGCER-1RV15CS042');
    const second = await dev.file(accessToken, 'in.ac.vtu-DGCER-1RV15CS042');
    expect(first.equals(second)).toBe(true);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.length).toBeLessThan(5_000);
    expect(await dev.xml(accessToken, 'in.ac.vtu-DGCER-1RV15CS042')).toContain('<Person name="Ananya Rao"/>');
  });
});
