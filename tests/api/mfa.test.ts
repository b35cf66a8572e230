import * as OTPAuth from 'otpauth';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { codeIn, readOutbox, type OutboxRecord } from '../support/outbox.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { CookieJar, createTestApp, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const PASSWORD = 'Monsoon-Chai-Ledger-84';
const SESSION_COOKIE = 'workcred.session_token';

type Method = 'GET' | 'POST' | 'DELETE';

describe.skipIf(laneUnavailable)('multi-factor authentication (TOTP and SMS, aal1 → aal2)', () => {
  let t: TestApp;
  let ipCounter = 0;
  let phoneCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  /** A fresh address per sign-in keeps better-auth's per-IP sign-in limit out of these tests. */
  const nextIp = () => {
    ipCounter += 1;
    return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };
  /** A different Indian mobile number per test, so the per-number SMS limits never cross tests. */
  const nextPhone = () => {
    phoneCounter += 1;
    const national = `98765${String(43000 + phoneCounter).padStart(5, '0')}`;
    return { input: `${national.slice(0, 5)} ${national.slice(5)}`, e164: `+91${national}` };
  };

  async function signInJar(email: string, password = PASSWORD, extra: Record<string, unknown> = {}): Promise<CookieJar> {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password, ...extra }, remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    return new CookieJar().store(response);
  }

  async function newUser() {
    const user = await t.factories.user({ password: PASSWORD });
    return { ...user, jar: await signInJar(user.email) };
  }

  async function call(jar: CookieJar | undefined, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    const response = await t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
    jar?.store(response);
    return response;
  }

  const me = async (jar: CookieJar) => (await call(jar, 'GET', '/api/me')).json() as { session: { aal: string; next_aal: string } };
  const sessionToken = (jar: CookieJar) => /workcred\.session_token=([^;]+)/.exec(jar.header)?.[1];
  const totpFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  async function enrolTotp(jar: CookieJar) {
    const response = await call(jar, 'POST', '/api/mfa/factors', { factor_type: 'totp', friendly_name: 'Phone app', password: PASSWORD });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { id: string; totp: { secret: string; uri: string } };
    return { id: body.id, secret: body.totp.secret, totp: totpFor(body.totp.secret) };
  }

  async function challenge(jar: CookieJar, factorId: string) {
    const response = await call(jar, 'POST', `/api/mfa/factors/${factorId}/challenge`, {});
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string; expires_at: string }).id;
  }

  /** Waits for the next SMS to this number (the one after the `before` already there). */
  async function nextSms(e164: string, before: number): Promise<OutboxRecord> {
    return waitFor(() => {
      const sent = readOutbox(t.dataDir).filter((m) => m.channel === 'sms' && m.to === e164);
      return sent.length > before ? sent.at(-1) : undefined;
    }, { what: `an SMS to ${e164}` });
  }
  const smsCount = (e164: string) => readOutbox(t.dataDir).filter((m) => m.channel === 'sms' && m.to === e164).length;

  async function smsChallenge(jar: CookieJar, factorId: string, e164: string) {
    const before = smsCount(e164);
    const id = await challenge(jar, factorId);
    const sms = await nextSms(e164, before);
    return { id, code: codeIn(sms), sms };
  }

  async function enrolPhone(jar: CookieJar) {
    const phone = nextPhone();
    const response = await call(jar, 'POST', '/api/mfa/factors', { factor_type: 'phone', phone: phone.input, password: PASSWORD });
    expect(response.statusCode, response.body).toBe(201);
    return { id: (response.json() as { id: string }).id, phone };
  }

  async function userWithVerifiedTotp() {
    const user = await newUser();
    const factor = await enrolTotp(user.jar);
    const challengeId = await challenge(user.jar, factor.id);
    const verified = await call(user.jar, 'POST', `/api/mfa/factors/${factor.id}/verify`, { challenge_id: challengeId, code: factor.totp.generate() });
    expect(verified.statusCode, verified.body).toBe(200);
    return { ...user, factor };
  }

  describe('TOTP from enrolment to a later sign-in', () => {
    let user: Awaited<ReturnType<typeof newUser>>;
    let factor: Awaited<ReturnType<typeof enrolTotp>>;
    let firstCode: string;

    it('refuses enrolment without the right password', async () => {
      user = await newUser();
      expect((await call(user.jar, 'GET', '/api/mfa/factors')).json()).toEqual({ factors: [], reauth: 'password' });

      const wrong = await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'totp', password: 'Not-My-Password-1' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: messages.mfa.wrongPassword });
      const missing = await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'totp' });
      expect(missing.statusCode).toBe(400);
      expect((await call(user.jar, 'GET', '/api/mfa/factors')).json()).toEqual({ factors: [], reauth: 'password' });
    });

    it('counts wrong passwords towards the account lock, as failed sign-ins do', async () => {
      const other = await newUser();
      for (let i = 0; i < 10; i += 1) {
        expect((await call(other.jar, 'POST', '/api/mfa/factors', { factor_type: 'totp', password: `Wrong-guess-${i}x` })).statusCode).toBe(403);
      }
      const locked = await call(other.jar, 'POST', '/api/mfa/factors', { factor_type: 'totp', password: PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(messages.auth.tooManyAttempts);
      expect((await call(other.jar, 'GET', '/api/mfa/factors')).json()).toEqual({ factors: [], reauth: 'password' });
    });

    it('enrols with the password: the secret is shown once, in an otpauth:// URI, and stored encrypted', async () => {
      const response = await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'totp', friendly_name: '  Work phone  ', password: PASSWORD });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ factor_type: 'totp', status: 'unverified', friendly_name: 'Work phone' });
      expect(body.phone_hint).toBeUndefined();
      expect(body.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
      const parsed = OTPAuth.URI.parse(body.totp.uri) as OTPAuth.TOTP;
      expect(body.totp.uri).toMatch(/^otpauth:\/\/totp\/WorkCred:/);
      expect(parsed).toMatchObject({ issuer: 'WorkCred', label: user.email, digits: 6, period: 30 });
      expect(parsed.secret.base32).toBe(body.totp.secret);
      factor = { id: body.id, secret: body.totp.secret, totp: totpFor(body.totp.secret) };

      const row = await t.database.db.selectFrom('mfa_factors').selectAll().where('id', '=', factor.id).executeTakeFirstOrThrow();
      expect(row.secret_encrypted).toBeTruthy();
      expect(row.secret_encrypted).not.toContain(factor.secret);

      const list = (await call(user.jar, 'GET', '/api/mfa/factors')).json();
      expect(list.factors).toEqual([{ id: factor.id, factor_type: 'totp', friendly_name: 'Work phone', status: 'unverified', created_at: expect.any(String) }]);
      expect(JSON.stringify(list)).not.toContain(factor.secret);
      // An unfinished enrolment does not make the account need aal2.
      expect((await me(user.jar)).session).toMatchObject({ aal: 'aal1', next_aal: 'aal1' });
    });

    it('verifies a code from the secret: aal2 under a new session, and the old cookie is dead', async () => {
      const oldJar = new CookieJar();
      for (const part of user.jar.header.split('; ')) oldJar.store({ cookies: [{ name: part.split('=')[0], value: part.slice(part.indexOf('=') + 1) }] } as unknown as LightMyRequestResponse);
      const oldToken = sessionToken(user.jar);
      const sessionsBefore = await t.database.db.selectFrom('auth_sessions').select(['id', 'aal']).where('userId', '=', user.id).execute();
      expect(sessionsBefore).toEqual([{ id: expect.any(String), aal: 'aal1' }]);

      const challengeResponse = await call(user.jar, 'POST', `/api/mfa/factors/${factor.id}/challenge`, {});
      expect(challengeResponse.statusCode).toBe(201);
      const { id: challengeId, expires_at } = challengeResponse.json();
      const minutesLeft = (new Date(expires_at).getTime() - Date.now()) / 60_000;
      expect(minutesLeft).toBeGreaterThan(9);
      expect(minutesLeft).toBeLessThanOrEqual(10.1);

      firstCode = factor.totp.generate();
      const verified = await call(user.jar, 'POST', `/api/mfa/factors/${factor.id}/verify`, { challenge_id: challengeId, code: firstCode });
      expect(verified.statusCode, verified.body).toBe(200);
      // The first verified factor turns two-step verification on, with its recovery codes (mfa-recovery-codes.test.ts).
      expect(verified.json()).toEqual({ aal: 'aal2', recovery_codes: expect.any(Array) });
      const cookie = verified.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 60 * 60 * 12 });
      expect(sessionToken(user.jar)).not.toBe(oldToken);

      const sessionsAfter = await t.database.db.selectFrom('auth_sessions').select(['id', 'aal']).where('userId', '=', user.id).execute();
      expect(sessionsAfter).toHaveLength(1);
      expect(sessionsAfter[0]).toMatchObject({ aal: 'aal2' });
      expect(sessionsAfter[0]?.id).not.toBe(sessionsBefore[0]?.id);

      expect((await call(oldJar, 'GET', '/api/me')).statusCode).toBe(401);
      expect((await me(user.jar)).session).toMatchObject({ aal: 'aal2', next_aal: 'aal2' });
      expect((await call(user.jar, 'GET', '/api/rpc/is-admin')).statusCode).toBe(200);
      expect((await call(user.jar, 'GET', '/api/mfa/factors')).json().factors[0]).toMatchObject({ id: factor.id, status: 'verified' });
    });

    it('after signing in again the account is at aal1 and must prove the factor; a replayed code fails', async () => {
      expect((await call(user.jar, 'POST', '/api/auth/sign-out', {})).statusCode).toBe(200);
      user.jar = await signInJar(user.email);
      expect((await me(user.jar)).session).toMatchObject({ aal: 'aal1', next_aal: 'aal2' });
      const refused = await call(user.jar, 'GET', '/api/rpc/is-admin');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('MFA_REQUIRED');
      // Adding factors needs aal2 too.
      expect((await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'totp', password: PASSWORD })).json().code).toBe('MFA_REQUIRED');

      const challengeId = await challenge(user.jar, factor.id);
      const replay = await call(user.jar, 'POST', `/api/mfa/factors/${factor.id}/verify`, { challenge_id: challengeId, code: firstCode });
      expect(replay.statusCode).toBe(400);
      expect((await me(user.jar)).session.aal).toBe('aal1');

      // The code of the next time step is new, and works.
      const nextCode = factor.totp.generate({ timestamp: Date.now() + 30_000 });
      const verified = await call(user.jar, 'POST', `/api/mfa/factors/${factor.id}/verify`, { challenge_id: challengeId, code: nextCode });
      expect(verified.statusCode, verified.body).toBe(200);
      expect((await me(user.jar)).session).toMatchObject({ aal: 'aal2', next_aal: 'aal2' });
      expect((await call(user.jar, 'GET', '/api/rpc/is-admin')).json()).toEqual({ is_admin: false });

      // The same code on a fresh challenge from a fresh sign-in is still refused.
      const again = await signInJar(user.email);
      const otherChallenge = await challenge(again, factor.id);
      const replayAgain = await call(again, 'POST', `/api/mfa/factors/${factor.id}/verify`, { challenge_id: otherChallenge, code: nextCode });
      expect(replayAgain.statusCode).toBe(400);
      expect([messages.mfa.codeUsed, messages.mfa.invalidCode]).toContain(replayAgain.json().message);
    });

    it('refuses a replay of the code just accepted, by its time step, with its own message', async () => {
      const other = await userWithVerifiedTotp();
      const jar = await signInJar(other.email);
      const code = other.factor.totp.generate({ timestamp: Date.now() + 30_000 });
      const first = await challenge(jar, other.factor.id);
      expect((await call(jar, 'POST', `/api/mfa/factors/${other.factor.id}/verify`, { challenge_id: first, code })).statusCode).toBe(200);
      const jar2 = await signInJar(other.email);
      const second = await challenge(jar2, other.factor.id);
      const replay = await call(jar2, 'POST', `/api/mfa/factors/${other.factor.id}/verify`, { challenge_id: second, code });
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ code: 'CODE_USED', message: messages.mfa.codeUsed });
    });
  });

  describe('phone (SMS) factor', () => {
    it('normalises an Indian number, texts a 6-digit code through the outbox, and verifying it reaches aal2', async () => {
      const user = await newUser();
      const invalid = await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'phone', phone: '12345 678', password: PASSWORD });
      expect(invalid.statusCode).toBe(400);
      // Too short for the shared form rule (spec point 5): the schema's issue carries the text.
      expect(invalid.json().issues[0]).toEqual({ path: 'phone', message: messages.mfa.invalidPhone });
      const landline = await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'phone', phone: '+91 80 2222 3333', password: PASSWORD });
      expect(landline.statusCode).toBe(400);
      expect(landline.json().message).toBe(messages.mfa.invalidPhone);
      const wrongPassword = await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'phone', phone: '98765 43210', password: 'Not-My-Password-1' });
      expect(wrongPassword.statusCode).toBe(403);

      const phone = nextPhone();
      const enrolled = await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'phone', phone: phone.input, friendly_name: 'Mobile', password: PASSWORD });
      expect(enrolled.statusCode).toBe(201);
      const body = enrolled.json();
      expect(body).toEqual({ id: expect.any(String), factor_type: 'phone', status: 'unverified', friendly_name: 'Mobile', phone_hint: `+91•••••••${phone.e164.slice(-3)}` });
      const row = await t.database.db.selectFrom('mfa_factors').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
      expect(row.phone).toBe(phone.e164);
      const list = (await call(user.jar, 'GET', '/api/mfa/factors')).json();
      expect(list.factors[0]).toMatchObject({ phone_hint: body.phone_hint });
      expect(JSON.stringify(list)).not.toContain(phone.e164.slice(3));

      const before = smsCount(phone.e164);
      const response = await call(user.jar, 'POST', `/api/mfa/factors/${body.id}/challenge`, { channel: 'sms' });
      expect(response.statusCode).toBe(201);
      const challengeId = response.json().id as string;
      const sms = await nextSms(phone.e164, before);
      const code = codeIn(sms);
      expect(sms.text).toBe(`Your WorkCred verification code is ${code}. It expires in 10 minutes.`);
      const stored = await t.database.db.selectFrom('mfa_challenges').selectAll().where('id', '=', challengeId).executeTakeFirstOrThrow();
      expect(stored.code_hash).toBeTruthy();
      expect(stored.code_hash).not.toContain(code);

      const verified = await call(user.jar, 'POST', `/api/mfa/factors/${body.id}/verify`, { challenge_id: challengeId, code });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({ aal: 'aal2', recovery_codes: expect.any(Array) });
      expect((await me(user.jar)).session).toMatchObject({ aal: 'aal2', next_aal: 'aal2' });
      expect((await call(user.jar, 'GET', '/api/mfa/factors')).json().factors[0]).toMatchObject({ status: 'verified' });

      // The code worked once: the used challenge takes nothing more.
      const reuse = await call(user.jar, 'POST', `/api/mfa/factors/${body.id}/verify`, { challenge_id: challengeId, code });
      expect(reuse.statusCode).toBe(400);
      // The same number cannot be added twice.
      const duplicate = await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'phone', phone: phone.e164, password: PASSWORD });
      expect(duplicate.statusCode).toBe(409);
    });

    it('kills a challenge after 5 wrong codes: even the right code is refused then', async () => {
      const user = await newUser();
      const { id: factorId, phone } = await enrolPhone(user.jar);
      const { id: challengeId, code } = await smsChallenge(user.jar, factorId, phone.e164);
      for (let i = 0; i < 4; i += 1) {
        const wrong = await call(user.jar, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: challengeId, code: wrongCode(code) });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', message: messages.mfa.invalidCode });
      }
      const fifth = await call(user.jar, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: challengeId, code: wrongCode(code) });
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().message).toBe(messages.mfa.tooManyTries);
      const right = await call(user.jar, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: challengeId, code });
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toBe(messages.mfa.tooManyTries);
      expect((await me(user.jar)).session.aal).toBe('aal1');
    });

    it('counts parallel wrong guesses exactly: never more than 5 on one code', async () => {
      const user = await newUser();
      const { id: factorId, phone } = await enrolPhone(user.jar);
      const { id: challengeId, code } = await smsChallenge(user.jar, factorId, phone.e164);
      const guesses = await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          t.app.inject({ method: 'POST', url: `/api/mfa/factors/${factorId}/verify`, headers: { cookie: user.jar.header }, payload: { challenge_id: challengeId, code: wrongCode(String((Number(code) + i) % 1_000_000)) } }),
        ),
      );
      expect(guesses.map((g) => g.statusCode).sort()).toEqual([400, 400, 400, 400, 429, 429, 429, 429, 429]);
      const row = await t.database.db.selectFrom('mfa_challenges').select('attempts').where('id', '=', challengeId).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(5);
      expect((await call(user.jar, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: challengeId, code })).statusCode).toBe(429);
    });

    it('spaces resends 60 s apart, caps them at 5 an hour per number, and only the newest code works', async () => {
      const user = await newUser();
      const { id: factorId, phone } = await enrolPhone(user.jar);
      const first = await smsChallenge(user.jar, factorId, phone.e164);

      const tooSoon = await call(user.jar, 'POST', `/api/mfa/factors/${factorId}/challenge`, {});
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().message).toBe(messages.mfa.resendTooSoon);
      expect(smsCount(phone.e164)).toBe(1);

      // A minute passes.
      await t.database.db.updateTable('mfa_sms_sends').set({ created_at: new Date(Date.now() - 61_000) }).where('user_id', '=', user.id).execute();
      const second = await smsChallenge(user.jar, factorId, phone.e164);
      expect(second.id).not.toBe(first.id);
      // The first challenge ended when the second was issued.
      const old = await call(user.jar, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: first.id, code: first.code });
      expect(old.statusCode).toBe(400);
      expect(old.json().message).toBe(messages.mfa.codeExpired);

      // Three more, each a minute apart, make five this hour; the sixth is refused.
      for (let i = 0; i < 3; i += 1) {
        await t.database.db.updateTable('mfa_sms_sends').set({ created_at: new Date(Date.now() - 61_000 * (i + 2)) }).where('user_id', '=', user.id).execute();
        await smsChallenge(user.jar, factorId, phone.e164);
      }
      await t.database.db.updateTable('mfa_sms_sends').set({ created_at: new Date(Date.now() - 10 * 60_000) }).where('user_id', '=', user.id).execute();
      const capped = await call(user.jar, 'POST', `/api/mfa/factors/${factorId}/challenge`, {});
      expect(capped.statusCode).toBe(429);
      expect(capped.json().message).toBe(messages.mfa.hourlyLimit);
      expect(smsCount(phone.e164)).toBe(5);

      // The cap is per number: removing the factor and adding the same number again does not reset it.
      await call(user.jar, 'DELETE', `/api/mfa/factors/${factorId}`, { password: PASSWORD });
      const again = await call(user.jar, 'POST', '/api/mfa/factors', { factor_type: 'phone', phone: phone.e164, password: PASSWORD });
      expect(again.statusCode).toBe(201);
      const stillCapped = await call(user.jar, 'POST', `/api/mfa/factors/${again.json().id}/challenge`, {});
      expect(stillCapped.statusCode).toBe(429);

      // An hour later the number can be texted again.
      await t.database.db.updateTable('mfa_sms_sends').set({ created_at: new Date(Date.now() - 61 * 60_000) }).where('user_id', '=', user.id).execute();
      const later = await smsChallenge(user.jar, again.json().id, phone.e164);
      expect((await call(user.jar, 'POST', `/api/mfa/factors/${again.json().id}/verify`, { challenge_id: later.id, code: later.code })).statusCode).toBe(200);
    });

    it('answers an expired code (10 minutes) with its own message', async () => {
      const user = await newUser();
      const { id: factorId, phone } = await enrolPhone(user.jar);
      const { id: challengeId, code } = await smsChallenge(user.jar, factorId, phone.e164);
      await t.database.db.updateTable('mfa_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', challengeId).execute();
      const expired = await call(user.jar, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: challengeId, code });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ code: 'CODE_EXPIRED', message: messages.mfa.codeExpired });
    });
  });

  describe('challenges belong to one session, factors to one user', () => {
    it('refuses a challenge opened by session A when session B presents it, even with the right code', async () => {
      const user = await newUser();
      const { id: factorId, phone } = await enrolPhone(user.jar);
      const enrolment = await smsChallenge(user.jar, factorId, phone.e164);
      expect((await call(user.jar, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: enrolment.id, code: enrolment.code })).statusCode).toBe(200);

      const sessionA = await signInJar(user.email);
      const sessionB = await signInJar(user.email);
      await t.database.db.deleteFrom('mfa_sms_sends').where('user_id', '=', user.id).execute();
      const fromA = await smsChallenge(sessionA, factorId, phone.e164);
      const stolen = await call(sessionB, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: fromA.id, code: fromA.code });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json()).toMatchObject({ code: 'CHALLENGE_NOT_FOUND', message: messages.mfa.challengeNotFound });
      expect((await me(sessionB)).session.aal).toBe('aal1');
      // The refusal did not spend A's challenge.
      expect((await call(sessionA, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: fromA.id, code: fromA.code })).statusCode).toBe(200);
      expect((await me(sessionA)).session.aal).toBe('aal2');
    });

    it("answers 404 for another user's factor on every route and never lists it", async () => {
      const owner = await userWithVerifiedTotp();
      const stranger = await newUser();
      const ownerChallenge = await challenge(owner.jar, owner.factor.id);
      const challengeResponse = await call(stranger.jar, 'POST', `/api/mfa/factors/${owner.factor.id}/challenge`, {});
      expect(challengeResponse.statusCode).toBe(404);
      expect(challengeResponse.json().message).toBe(messages.mfa.factorNotFound);
      const verify = await call(stranger.jar, 'POST', `/api/mfa/factors/${owner.factor.id}/verify`, { challenge_id: ownerChallenge, code: owner.factor.totp.generate() });
      expect(verify.statusCode).toBe(404);
      const remove = await call(stranger.jar, 'DELETE', `/api/mfa/factors/${owner.factor.id}`, { password: PASSWORD });
      expect(remove.statusCode).toBe(404);
      const missing = await call(stranger.jar, 'POST', '/api/mfa/factors/6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b/challenge', {});
      expect(missing.statusCode).toBe(404);
      expect((await call(stranger.jar, 'GET', '/api/mfa/factors')).json()).toEqual({ factors: [], reauth: 'password' });
      expect(await t.database.db.selectFrom('mfa_factors').select('id').where('id', '=', owner.factor.id).executeTakeFirst()).toBeTruthy();
    });

    it('lets a session that still owes its second factor prove only a verified one, not a new enrolment', async () => {
      const user = await userWithVerifiedTotp();
      const { id: phoneFactorId } = await enrolPhone(user.jar);
      const aal1 = await signInJar(user.email);
      const refused = await call(aal1, 'POST', `/api/mfa/factors/${phoneFactorId}/challenge`, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('MFA_REQUIRED');
      expect((await call(aal1, 'DELETE', `/api/mfa/factors/${phoneFactorId}`, { password: PASSWORD })).statusCode).toBe(403);
    });

    it('locks MFA for the account after 10 wrong codes across challenges', async () => {
      const user = await userWithVerifiedTotp();
      const jar = await signInJar(user.email);
      const real = user.factor.totp.generate();
      const bad = ['000000', '111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888', '999999'].filter((c) => c !== real);
      for (let round = 0; round < 2; round += 1) {
        const id = await challenge(jar, user.factor.id);
        for (let i = 0; i < 5; i += 1) await call(jar, 'POST', `/api/mfa/factors/${user.factor.id}/verify`, { challenge_id: id, code: bad[(round * 5 + i) % bad.length] });
      }
      const locked = await call(jar, 'POST', `/api/mfa/factors/${user.factor.id}/challenge`, {});
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(messages.auth.tooManyAttempts);
      expect((await me(jar)).session.aal).toBe('aal1');
    });
  });

  describe('unenrolment', () => {
    it('needs the password, and removing the last verified factor drops the aal2 requirement', async () => {
      const user = await userWithVerifiedTotp();
      const url = `/api/mfa/factors/${user.factor.id}`;
      expect((await call(user.jar, 'DELETE', url)).statusCode).toBe(400);
      expect((await call(user.jar, 'DELETE', url, {})).statusCode).toBe(400);
      const wrong = await call(user.jar, 'DELETE', url, { password: 'Not-My-Password-1' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe(messages.mfa.wrongPassword);

      // Another session of the same account, still at aal1, is held back until the factor goes.
      const other = await signInJar(user.email);
      expect((await call(other, 'GET', '/api/rpc/is-admin')).statusCode).toBe(403);

      const removed = await call(user.jar, 'DELETE', url, { password: PASSWORD });
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      expect((await call(user.jar, 'GET', '/api/mfa/factors')).json()).toEqual({ factors: [], reauth: 'password' });
      expect((await me(user.jar)).session).toMatchObject({ aal: 'aal1', next_aal: 'aal1' });
      expect((await call(user.jar, 'GET', '/api/rpc/is-admin')).statusCode).toBe(200);
      expect((await call(other, 'GET', '/api/rpc/is-admin')).statusCode).toBe(200);
      const fresh = await signInJar(user.email);
      expect((await me(fresh)).session).toMatchObject({ aal: 'aal1', next_aal: 'aal1' });
      expect((await call(fresh, 'GET', '/api/rpc/is-admin')).statusCode).toBe(200);
    });

    it('keeps aal2 required while another verified factor remains', async () => {
      const user = await userWithVerifiedTotp();
      const second = await enrolTotp(user.jar);
      const id = await challenge(user.jar, second.id);
      expect((await call(user.jar, 'POST', `/api/mfa/factors/${second.id}/verify`, { challenge_id: id, code: second.totp.generate() })).statusCode).toBe(200);
      expect((await call(user.jar, 'DELETE', `/api/mfa/factors/${user.factor.id}`, { password: PASSWORD })).statusCode).toBe(204);
      expect((await me(user.jar)).session).toMatchObject({ aal: 'aal2', next_aal: 'aal2' });
      const fresh = await signInJar(user.email);
      expect((await me(fresh)).session).toMatchObject({ aal: 'aal1', next_aal: 'aal2' });
    });
  });

  describe('sessions and cookies', () => {
    it('keeps "don\'t remember me" across the new session: the new cookie has no Max-Age', async () => {
      const user = await t.factories.user({ password: PASSWORD });
      const jar = await signInJar(user.email, PASSWORD, { rememberMe: false });
      const factor = await enrolTotp(jar);
      const id = await challenge(jar, factor.id);
      const verified = await call(jar, 'POST', `/api/mfa/factors/${factor.id}/verify`, { challenge_id: id, code: factor.totp.generate() });
      expect(verified.statusCode).toBe(200);
      const cookie = verified.cookies.find((c) => c.name === SESSION_COOKIE) as { maxAge?: number; value: string } | undefined;
      expect(cookie?.value).toBeTruthy();
      expect(cookie?.maxAge).toBeUndefined();
      expect((await me(jar)).session.aal).toBe('aal2');
    });

    it('keeps the original sign-in time, so proving a factor never extends the absolute lifetime', async () => {
      const user = await newUser();
      const before = await t.database.db.selectFrom('auth_sessions').select('createdAt').where('userId', '=', user.id).executeTakeFirstOrThrow();
      const factor = await enrolTotp(user.jar);
      const id = await challenge(user.jar, factor.id);
      expect((await call(user.jar, 'POST', `/api/mfa/factors/${factor.id}/verify`, { challenge_id: id, code: factor.totp.generate() })).statusCode).toBe(200);
      const after = await t.database.db.selectFrom('auth_sessions').select('createdAt').where('userId', '=', user.id).executeTakeFirstOrThrow();
      expect(new Date(after.createdAt).getTime()).toBe(new Date(before.createdAt).getTime());
    });

    it('refuses anonymous callers on every MFA route', async () => {
      const factorUrl = '/api/mfa/factors/6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b';
      for (const [method, url] of [['GET', '/api/mfa/factors'], ['POST', '/api/mfa/factors'], ['POST', `${factorUrl}/challenge`], ['POST', `${factorUrl}/verify`], ['DELETE', factorUrl]] as const) {
        expect((await call(undefined, method, url, method === 'GET' ? undefined : {})).statusCode).toBe(401);
      }
    });
  });

  describe('logging', () => {
    it('logs MFA failures as warnings with the user id, and never a code or a password', async () => {
      const entries: { level: string; args: unknown[] }[] = [];
      const recorder = {} as FastifyBaseLogger;
      for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
        (recorder as unknown as Record<string, unknown>)[level] = (...args: unknown[]) => entries.push({ level, args });
      }
      Object.assign(recorder, { level: 'trace', child: () => recorder });
      const spy = vi.spyOn(t.app.log, 'child').mockImplementation(() => recorder);
      try {
        const user = await userWithVerifiedTotp();
        const jar = await signInJar(user.email);
        const id = await challenge(jar, user.factor.id);
        const real = user.factor.totp.generate();
        const wrong = wrongCode(real);
        expect((await call(jar, 'POST', `/api/mfa/factors/${user.factor.id}/verify`, { challenge_id: id, code: wrong })).statusCode).toBe(400);
        expect((await call(jar, 'POST', '/api/mfa/factors', { factor_type: 'totp', password: 'Wrong-Password-77' })).statusCode).toBe(403);
        const removal = await call(user.jar, 'DELETE', `/api/mfa/factors/${user.factor.id}`, { password: 'Wrong-Password-77' });
        expect(removal.statusCode).toBe(403);

        const warnings = entries.filter((e) => e.level === 'warn').map((e) => e.args[0] as Record<string, unknown>);
        expect(warnings).toContainEqual(expect.objectContaining({ userId: user.id, event: 'mfa-verify-failed', reason: 'wrong-code', factorId: user.factor.id }));
        expect(warnings).toContainEqual(expect.objectContaining({ userId: user.id, event: 'mfa-password-wrong' }));
        // Fastify's own request/response lines go through pino's serializers and redaction; ours are plain objects.
        const ours = entries.filter((e) => typeof e.args[0] === 'object' && e.args[0] !== null && !('req' in e.args[0]) && !('res' in e.args[0]));
        expect(ours.length).toBeGreaterThan(3);
        const everything = JSON.stringify(ours.map((e) => e.args));
        expect(everything).not.toContain(wrong);
        expect(everything).not.toContain('Wrong-Password-77');
        expect(everything).not.toContain(user.factor.secret);
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('bad input', () => {
    it('answers 400, never 5xx, to unknown fields, short codes, bad ids and odd bodies', async () => {
      const user = await newUser();
      const factor = await enrolTotp(user.jar);
      const challengeId = await challenge(user.jar, factor.id);
      const verifyUrl = `/api/mfa/factors/${factor.id}/verify`;

      const cases: [Method, string, unknown][] = [
        ['POST', '/api/mfa/factors', { factor_type: 'totp', password: PASSWORD, status: 'verified' }],
        ['POST', '/api/mfa/factors', { factor_type: 'totp', password: PASSWORD, user_id: 'someone-else' }],
        ['POST', '/api/mfa/factors', { factor_type: 'email', password: PASSWORD }],
        ['POST', '/api/mfa/factors', { factor_type: 'phone', password: PASSWORD }],
        ['POST', '/api/mfa/factors', { factor_type: 'totp', password: PASSWORD, issuer: 'Evil:Corp' }],
        ['POST', '/api/mfa/factors', { factor_type: 'totp', password: PASSWORD, friendly_name: 'x'.repeat(61) }],
        ['POST', '/api/mfa/factors', []],
        ['POST', '/api/mfa/factors', 'totp'],
        ['POST', `/api/mfa/factors/${factor.id}/challenge`, { channel: 'email' }],
        ['POST', `/api/mfa/factors/${factor.id}/challenge`, { channel: 'sms', extra: 1 }],
        ['POST', '/api/mfa/factors/not-a-uuid/challenge', {}],
        ['POST', verifyUrl, { challenge_id: challengeId, code: '12345' }],
        ['POST', verifyUrl, { challenge_id: challengeId, code: '1234567' }],
        ['POST', verifyUrl, { challenge_id: challengeId, code: 123456 }],
        ['POST', verifyUrl, { challenge_id: challengeId, code: '12345a' }],
        ['POST', verifyUrl, { challenge_id: 'not-a-uuid', code: '123456' }],
        ['POST', verifyUrl, { challenge_id: challengeId, code: '123456', factor_id: factor.id }],
        ['POST', verifyUrl, { code: '123456' }],
        ['POST', verifyUrl, null],
        ['POST', '/api/mfa/factors/1234/verify', { challenge_id: challengeId, code: '123456' }],
        ['DELETE', '/api/mfa/factors/not-a-uuid', { password: PASSWORD }],
        ['DELETE', `/api/mfa/factors/${factor.id}`, { password: PASSWORD, force: true }],
      ];
      for (const [method, url, payload] of cases) {
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: user.jar.header, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect({ method, url, payload, status: response.statusCode }).toEqual({ method, url, payload, status: 400 });
      }
      const shortCode = await call(user.jar, 'POST', verifyUrl, { challenge_id: challengeId, code: '12345' });
      expect(shortCode.json().message).toContain(messages.mfa.invalidOtp);

      // A prototype-polluting body gains nothing and breaks nothing.
      const polluted = await t.app.inject({
        method: 'POST',
        url: '/api/mfa/factors',
        headers: { cookie: user.jar.header, 'content-type': 'application/json' },
        payload: '{"factor_type":"totp","password":"x","__proto__":{"status":"verified"},"constructor":{"prototype":{"aal":"aal2"}}}',
      });
      expect(polluted.statusCode).toBeLessThan(500);
      expect(polluted.statusCode).not.toBe(201);

      // A challenge may be asked for with no body at all.
      const noBody = await t.app.inject({ method: 'POST', url: `/api/mfa/factors/${factor.id}/challenge`, headers: { cookie: user.jar.header } });
      expect(noBody.statusCode).toBe(201);
      // Nothing above changed the factor.
      expect((await call(user.jar, 'GET', '/api/mfa/factors')).json().factors).toEqual([expect.objectContaining({ id: factor.id, status: 'unverified' })]);
    });

    it('survives random bodies on every MFA route without a 5xx', async () => {
      const user = await newUser();
      const factor = await enrolTotp(user.jar);
      const values: unknown[] = [null, true, 0, -1, 1e300, '', 'x'.repeat(5000), [], {}, { a: 1 }, [1, 'a'], '123456', '\u0000', '٣٤٥٦٧٨'];
      const keys = ['factor_type', 'password', 'phone', 'friendly_name', 'issuer', 'channel', 'challenge_id', 'code', '__proto__'];
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      const urls: [Method, string][] = [
        ['POST', '/api/mfa/factors'],
        ['POST', `/api/mfa/factors/${factor.id}/challenge`],
        ['POST', `/api/mfa/factors/${factor.id}/verify`],
        ['DELETE', `/api/mfa/factors/${factor.id}`],
      ];
      for (let i = 0; i < 60; i += 1) {
        const body: Record<string, unknown> = {};
        for (let k = 0; k < 1 + random(4); k += 1) body[keys[random(keys.length)] as string] = values[random(values.length)];
        const [method, url] = urls[i % urls.length] as [Method, string];
        const response = await t.app.inject({ method, url, headers: { cookie: user.jar.header, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        expect({ url, body, status: response.statusCode < 500 }).toEqual({ url, body, status: true });
      }
      expect((await call(user.jar, 'GET', '/api/mfa/factors')).json().factors).toHaveLength(1);
    });
  });
});
