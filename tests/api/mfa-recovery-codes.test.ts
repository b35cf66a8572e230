import * as OTPAuth from 'otpauth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { readOutbox } from '../support/outbox.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { CookieJar, createTestApp, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const PASSWORD = 'Banyan-Courtyard-Pune-39';
const text = messages.mfaRecovery;
const CODE_SHAPE = /^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/;

type Method = 'GET' | 'POST' | 'DELETE';

/** Issue 33, A7: one-time recovery codes, so a lost phone does not lock the owner out. */
describe.skipIf(laneUnavailable)('two-step verification recovery codes', () => {
  let t: TestApp;
  let ipCounter = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const nextIp = () => {
    ipCounter += 1;
    return `10.93.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };

  async function signInJar(email: string): Promise<CookieJar> {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: PASSWORD }, remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    return new CookieJar().store(response);
  }

  async function call(jar: CookieJar | undefined, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    const response = await t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, remoteAddress: '10.93.250.1', ...(payload === undefined ? {} : { payload: payload as object }) });
    jar?.store(response);
    return response;
  }

  const me = async (jar: CookieJar) => (await call(jar, 'GET', '/api/me')).json() as { session: { aal: string; next_aal: string } };
  const redeem = (jar: CookieJar, code: string) => call(jar, 'POST', '/api/mfa/recovery-codes/verify', { code });
  const mfaFailures = async (userId: string) =>
    (await t.database.db.selectFrom('auth_failures').select('failures').where('key', '=', `mfa:${userId}`).executeTakeFirst())?.failures ?? 0;
  const storedCodes = (userId: string) => t.database.db.selectFrom('mfa_recovery_codes').selectAll().where('user_id', '=', userId).execute();

  /** A user who turned two-step verification on with an authenticator app: their codes, shown once. */
  async function userWithCodes() {
    const user = await t.factories.user({ password: PASSWORD });
    const jar = await signInJar(user.email);
    const enrolled = await call(jar, 'POST', '/api/mfa/factors', { factor_type: 'totp', password: PASSWORD });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const { id: factorId, totp: secret } = enrolled.json() as { id: string; totp: { secret: string } };
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const challenge = await call(jar, 'POST', `/api/mfa/factors/${factorId}/challenge`, {});
    const verified = await call(jar, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: challenge.json().id, code: totp.generate({ timestamp: Date.now() - 30_000 }) });
    expect(verified.statusCode, verified.body).toBe(200);
    const codes = (verified.json() as { recovery_codes: string[] }).recovery_codes;
    return { ...user, jar, factorId, totp, codes };
  }

  /** A fresh sign-in of the user: aal1, owing the second factor. */
  async function secondStep(email: string) {
    const jar = await signInJar(email);
    expect((await me(jar)).session).toMatchObject({ aal: 'aal1', next_aal: 'aal2' });
    return jar;
  }

  it('shows 10 codes of 50 random bits once, when the first factor is verified, and stores only keyed hashes', async () => {
    const user = await userWithCodes();
    expect(user.codes).toHaveLength(10);
    for (const code of user.codes) expect(code).toMatch(CODE_SHAPE);
    expect(new Set(user.codes).size).toBe(10);

    const rows = await storedCodes(user.id);
    expect(rows).toHaveLength(10);
    const dump = JSON.stringify(rows);
    for (const code of user.codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
    for (const row of rows) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);

    // The count is shown, never the codes again.
    const status = await call(user.jar, 'GET', '/api/mfa/recovery-codes');
    expect(status.json()).toEqual({ enabled: true, remaining: 10, total: 10, created_at: expect.any(String) });
    expect(JSON.stringify((await call(user.jar, 'GET', '/api/mfa/factors')).json())).not.toContain(user.codes[0]);

    // A second factor does not replace the set.
    const another = await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'totp', friendly_name: 'Tablet', password: PASSWORD });
    expect(another.statusCode, another.body).toBe(201);
    const { id: anotherId, totp: anotherSecret } = another.json() as { id: string; totp: { secret: string } };
    const anotherTotp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(anotherSecret.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const challenge = (await call(user.jar, 'POST', `/api/mfa/factors/${anotherId}/challenge`, {})).json().id as string;
    const second = await call(user.jar, 'POST', `/api/mfa/factors/${anotherId}/verify`, { challenge_id: challenge, code: anotherTotp.generate() });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({ aal: 'aal2' });
    expect((await storedCodes(user.id)).map((row) => row.code_hash).sort()).toEqual(rows.map((row) => row.code_hash).sort());
  });

  it('signs in with one code at the second step: a new aal2 session, audited, and the owner emailed the count left', async () => {
    const user = await userWithCodes();
    const jar = await secondStep(user.email);
    const oldCookie = jar.header;
    const sessionBefore = await t.database.db.selectFrom('auth_sessions').select('id').where('userId', '=', user.id).orderBy('createdAt', 'desc').executeTakeFirstOrThrow();

    // Typed in capitals without the dash: the same code.
    const response = await redeem(jar, user.codes[3]!.replace('-', '').toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ aal: 'aal2', remaining: 9 });
    expect((await me(jar)).session).toMatchObject({ aal: 'aal2', next_aal: 'aal2' });
    expect(jar.header).not.toBe(oldCookie);
    expect(await t.database.db.selectFrom('auth_sessions').select('id').where('id', '=', sessionBefore.id).executeTakeFirst()).toBeUndefined();

    const audit = await t.database.db.selectFrom('admin_audit_logs').selectAll().where('entity_id', '=', user.id).where('action', '=', 'mfa_recovery_code_used').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: user.id, entity_type: 'user', details: { remaining: 9 } });
    expect(JSON.stringify(audit)).not.toContain(user.codes[3]);

    const email = await waitFor(() => readOutbox(t.dataDir).find((m) => m.to === user.email && m.subject === text.usedSubject), { what: 'the recovery-code email' });
    expect(email.text).toContain('You have 9 recovery codes left');
    expect(email.text).not.toContain(user.codes[3]);
    expect((await call(jar, 'GET', '/api/mfa/recovery-codes')).json()).toMatchObject({ remaining: 9, total: 10 });
  });

  it('refuses a code already used, in its own words, and counts the refusal as a failure', async () => {
    const user = await userWithCodes();
    expect((await redeem(await secondStep(user.email), user.codes[0]!)).statusCode).toBe(200);
    const jar = await secondStep(user.email);
    const reused = await redeem(jar, user.codes[0]!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'RECOVERY_CODE_USED', message: text.codeUsed });
    expect(await mfaFailures(user.id)).toBe(1);
    expect((await me(jar)).session.aal).toBe('aal1');
  });

  it('spends a code once when two sign-ins present it at the same moment', async () => {
    const user = await userWithCodes();
    const [a, b] = [await secondStep(user.email), await secondStep(user.email)];
    const answers = await Promise.all([redeem(a, user.codes[5]!), redeem(b, user.codes[5]!)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await storedCodes(user.id)).filter((row) => row.used_at !== null)).toHaveLength(1);
  });

  it('counts wrong codes with wrong factor codes towards the same account lock', async () => {
    const user = await userWithCodes();
    const jar = await secondStep(user.email);
    for (let i = 0; i < 9; i += 1) {
      const wrong = await redeem(jar, `zzzzz-zzzz${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_RECOVERY_CODE', message: text.wrongCode });
    }
    expect(await mfaFailures(user.id)).toBe(9);
    // The tenth failure is a wrong authenticator code.
    const challenge = (await call(jar, 'POST', `/api/mfa/factors/${user.factorId}/challenge`, {})).json().id as string;
    const right = user.totp.generate();
    const wrongTotp = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect((await call(jar, 'POST', `/api/mfa/factors/${user.factorId}/verify`, { challenge_id: challenge, code: wrongTotp })).statusCode).toBe(400);

    const locked = await redeem(jar, user.codes[1]!);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.auth.tooManyAttempts);
    expect((await storedCodes(user.id)).every((row) => row.used_at === null)).toBe(true);
  });

  it("does not take another person's code, and counts it as a wrong one", async () => {
    const owner = await userWithCodes();
    const other = await userWithCodes();
    const jar = await secondStep(other.email);
    const answer = await redeem(jar, owner.codes[0]!);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('INVALID_RECOVERY_CODE');
    expect(await mfaFailures(other.id)).toBe(1);
    expect((await storedCodes(owner.id)).every((row) => row.used_at === null)).toBe(true);
  });

  it('regenerates only with the password again, at aal2: the old codes stop working, the new ones work', async () => {
    const user = await userWithCodes();
    // At aal1 (second step still owed) nothing changes.
    const pending = await secondStep(user.email);
    expect((await call(pending, 'POST', '/api/mfa/recovery-codes', { password: PASSWORD })).json().code).toBe('MFA_REQUIRED');
    expect((await call(pending, 'GET', '/api/mfa/recovery-codes')).json().code).toBe('MFA_REQUIRED');

    const wrong = await call(user.jar, 'POST', '/api/mfa/recovery-codes', { password: 'Not-The-Password-9' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: messages.mfa.wrongPassword });
    const missing = await call(user.jar, 'POST', '/api/mfa/recovery-codes', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.mfa.passwordRequired);

    const fresh = await call(user.jar, 'POST', '/api/mfa/recovery-codes', { password: PASSWORD });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const codes = (fresh.json() as { codes: string[] }).codes;
    expect(codes).toHaveLength(10);
    expect(codes.filter((code) => user.codes.includes(code))).toEqual([]);
    expect(await t.database.db.selectFrom('admin_audit_logs').select('id').where('entity_id', '=', user.id).where('action', '=', 'mfa_recovery_codes_regenerated').execute()).toHaveLength(1);

    const old = await redeem(pending, user.codes[0]!);
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('INVALID_RECOVERY_CODE');
    const ok = await redeem(pending, codes[0]!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ aal: 'aal2', remaining: 9 });
  });

  it('drops the codes with the last factor, and creates none while two-step verification is off', async () => {
    const user = await userWithCodes();
    expect((await call(user.jar, 'DELETE', `/api/mfa/factors/${user.factorId}`, { password: PASSWORD })).statusCode).toBe(204);
    expect(await storedCodes(user.id)).toEqual([]);
    expect((await call(user.jar, 'GET', '/api/mfa/recovery-codes')).json()).toEqual({ enabled: false, remaining: 0, total: 0, created_at: null });
    const refused = await call(user.jar, 'POST', '/api/mfa/recovery-codes', { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MFA_NOT_ENABLED', message: text.notEnabled });
  });

  it('answers 400 to a malformed code without counting it, and 409 to a session already at aal2 without spending the code', async () => {
    const user = await userWithCodes();
    const jar = await secondStep(user.email);
    for (const payload of [{ code: 'abc' }, { code: 'abcde-1234!' }, { code: 'x'.repeat(41) }, { code: 12345 }, {}, { code: user.codes[0], extra: 1 }]) {
      const answer = await call(jar, 'POST', '/api/mfa/recovery-codes/verify', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(jar, 'POST', '/api/mfa/recovery-codes/verify', { code: 'abc' })).json().message).toContain(text.invalidFormat);
    expect(await mfaFailures(user.id)).toBe(0);

    const already = await redeem(user.jar, user.codes[0]!);
    expect(already.statusCode).toBe(409);
    expect(already.json().code).toBe('ALREADY_AAL2');
    expect((await storedCodes(user.id)).every((row) => row.used_at === null)).toBe(true);
  });

  it('refuses anonymous callers on every recovery-code route', async () => {
    for (const [method, url] of [['GET', '/api/mfa/recovery-codes'], ['POST', '/api/mfa/recovery-codes'], ['POST', '/api/mfa/recovery-codes/verify']] as const) {
      expect((await call(undefined, method, url, method === 'GET' ? undefined : { code: 'abcde-12345' })).statusCode).toBe(401);
    }
  });
});
