import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { CANDIDATE_EMAIL_CODE_SUBJECT } from '../../server/auth/emails.ts';
import { ensureCandidateProfile } from '../../server/features/candidate-registration/ensure-candidate-profile.ts';
import { codeIn, readOutbox, type OutboxRecord } from '../support/outbox.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { CookieJar, createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const c = messages.candidate;
const CODE_PATTERN = /^WC-[0-9A-HJKMNP-TV-Z]{6}$/;
const SESSION_COOKIE = 'workcred.session_token';

type Method = 'GET' | 'POST' | 'PUT';

/** The personal step's age declaration and privacy notice (issue 18). */
const DECLARED = { adult_confirmed: true, notice_accepted: true } as const;

/** Every signed-in candidate route (the contract in shared/schemas/candidate.ts), with a valid body. */
const CANDIDATE_ROUTES: { method: Method; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/candidate/registration' },
  { method: 'POST', url: '/api/candidate/verify-phone', body: { action: 'send', phone: '98765 43210' } },
  { method: 'PUT', url: '/api/candidate/profile/uan', body: { uan: '100200300400' } },
  { method: 'PUT', url: '/api/candidate/profile/personal', body: { full_name: 'Asha Rao', education: 'B.Com', ...DECLARED } },
  { method: 'PUT', url: '/api/candidate/profile/professional', body: { current_employer: 'Infosys', notice_period_days: 30, experience_years: 3 } },
  { method: 'POST', url: '/api/candidate/registration/complete', body: {} },
  { method: 'GET', url: '/api/candidate/applications' },
];

describe.skipIf(laneUnavailable)('candidate registration API', () => {
  let t: TestApp;
  let ipCounter = 0;
  let emailCounter = 0;
  let phoneCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  /** A fresh client address per request keeps the per-IP limits out of the tests that are not about them. */
  const nextIp = () => {
    ipCounter += 1;
    return `10.55.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };
  const nextEmail = () => {
    emailCounter += 1;
    return `candidate.${emailCounter}.${Date.now().toString(36)}@example-mail.in`;
  };
  /** A different Indian mobile number per test, so the per-number SMS limits never cross tests. */
  const nextPhone = () => {
    phoneCounter += 1;
    const national = `91234${String(10000 + phoneCounter).padStart(5, '0')}`;
    return { input: `${national.slice(0, 5)} ${national.slice(5)}`, e164: `+91${national}` };
  };

  async function call(jar: CookieJar | undefined, method: Method, url: string, payload?: unknown, ip = nextIp()): Promise<LightMyRequestResponse> {
    const response = await t.app.inject({
      method,
      url,
      headers: jar ? { cookie: jar.header } : {},
      remoteAddress: ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    jar?.store(response);
    return response;
  }

  const emailCodes = (email: string) => readOutbox(t.dataDir).filter((m) => m.channel === 'email' && m.to === email && m.subject === CANDIDATE_EMAIL_CODE_SUBJECT);
  const smsTo = (e164: string) => readOutbox(t.dataDir).filter((m) => m.channel === 'sms' && m.to === e164);

  /** Asks for an email code and reads it from the outbox (the message after those already there). */
  async function requestEmailCode(email: string, typed = email): Promise<string> {
    const before = emailCodes(email).length;
    const response = await call(undefined, 'POST', '/api/candidate/registration/email', { email: typed });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ sent: true });
    const mail = await waitFor(() => emailCodes(email)[before], { what: `the email code to ${email}` });
    return codeIn(mail);
  }

  /** The per-address limits count earlier sends: move them back in time instead of waiting. */
  async function ageEmailCodes(email: string, minutes = 2) {
    await t.database.db
      .updateTable('outbox_messages')
      .set({ created_at: sql<Date>`created_at - make_interval(mins => ${minutes})` })
      .where('recipient', '=', email)
      .execute();
  }

  async function verifyEmail(email: string, otp: string) {
    return call(undefined, 'POST', '/api/candidate/registration/email/verify', { email, otp });
  }

  /** The whole email step: a new (or returning) candidate signed in, with their state. */
  async function signInByEmail(email: string) {
    await ageEmailCodes(email, 120);
    const otp = await requestEmailCode(email);
    const response = await verifyEmail(email, otp);
    expect(response.statusCode, response.body).toBe(200);
    const jar = new CookieJar().store(response);
    expect(jar.header).toContain(SESSION_COOKIE);
    return { jar, state: response.json() as Record<string, unknown> & { step: string | null } };
  }

  async function newCandidate() {
    const email = nextEmail();
    const { jar, state } = await signInByEmail(email);
    const profile = await t.database.db.selectFrom('user_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return { email, jar, state, userId: profile.id };
  }

  /** Sends a phone code and reads it from the outbox. */
  async function sendPhoneCode(jar: CookieJar, input: string, e164: string) {
    const before = smsTo(e164).length;
    const response = await call(jar, 'POST', '/api/candidate/verify-phone', { action: 'send', phone: input });
    expect(response.statusCode, response.body).toBe(200);
    const sms = await waitFor(() => smsTo(e164)[before], { what: `an SMS to ${e164}` });
    return { response, code: codeIn(sms), sms };
  }

  /** The per-number spacing counts sends in the last minute: move this user's sends back instead of waiting. */
  async function ageSmsSends(userId: string, seconds = 61) {
    await t.database.db
      .updateTable('mfa_sms_sends')
      .set({ created_at: sql<Date>`created_at - make_interval(secs => ${seconds})` })
      .where('user_id', '=', userId)
      .execute();
  }

  const verifyPhone = (jar: CookieJar, phone: string, otp: string) => call(jar, 'POST', '/api/candidate/verify-phone', { action: 'verify', phone, otp });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const state = async (jar: CookieJar) => {
    const response = await call(jar, 'GET', '/api/candidate/registration');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record<string, unknown> & { step: string | null };
  };

  async function verifiedCandidate() {
    const candidate = await newCandidate();
    const phone = nextPhone();
    const { code } = await sendPhoneCode(candidate.jar, phone.input, phone.e164);
    expect((await verifyPhone(candidate.jar, phone.input, code)).json()).toEqual({ verified: true });
    return { ...candidate, phone };
  }

  describe('email step', () => {
    it('creates the candidate account from an email code, signs it in and answers the state at the phone step', async () => {
      const email = nextEmail();
      const otp = await requestEmailCode(email, ` ${email.toUpperCase()} `);
      expect(otp).toMatch(/^\d{6}$/);
      const mail = emailCodes(email).at(-1) as OutboxRecord;
      expect(mail.text).toContain('expires in 10 minutes');

      const response = await verifyEmail(email, otp);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        step: 'verification',
        completed: false,
        candidate_code: expect.stringMatching(CODE_PATTERN),
        email,
        phone: null,
        mobile_verified: false,
        uan: null,
        no_uan: false,
        full_name: '',
        education: null,
        current_employer: null,
        notice_period_days: null,
        experience_years: null,
        declared: false,
        guardian_consent_at: null,
        documents: [],
      });
      const jar = new CookieJar().store(response);
      expect(jar.header).toContain(SESSION_COOKIE);

      const me = await call(jar, 'GET', '/api/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().user).toMatchObject({ email, role: 'candidate', email_verified: true });
      const profile = await t.database.db.selectFrom('candidate_profiles').selectAll().where('user_id', '=', me.json().user.id).executeTakeFirstOrThrow();
      expect(profile.candidate_code).toBe(body.candidate_code);

      // Only a hash of the code is stored, and the code works once.
      const stored = await sql<{ value: string }>`SELECT value FROM auth_verifications WHERE identifier LIKE ${`%${email}`}`.execute(t.database.db);
      for (const row of stored.rows) expect(row.value).not.toContain(otp);
      const again = await verifyEmail(email, otp);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(c.registration.emailCodeInvalid);
    });

    it('answers the same for a new address, a candidate, an employer and an admin address', async () => {
      const candidate = await newCandidate();
      const employer = await t.factories.user({ role: 'employer' });
      const admin = await t.factories.user({ role: 'admin' });
      const answers = [];
      for (const email of [nextEmail(), candidate.email, employer.email, admin.email]) {
        await ageEmailCodes(email);
        const response = await call(undefined, 'POST', '/api/candidate/registration/email', { email });
        answers.push({ status: response.statusCode, body: response.body });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toEqual({ status: 202, body: JSON.stringify({ sent: true }) });
    });

    it('refuses a wrong code with 400 and no session; five wrong tries kill the code', async () => {
      const email = nextEmail();
      const otp = await requestEmailCode(email);
      for (let i = 0; i < 5; i += 1) {
        const wrong = await verifyEmail(email, wrongCode(otp));
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toMatchObject({ code: 'EMAIL_CODE_INVALID', message: c.registration.emailCodeInvalid });
        expect(wrong.headers['set-cookie']).toBeUndefined();
      }
      const right = await verifyEmail(email, otp);
      expect(right.statusCode).toBe(400);
      expect(right.json().message).toBe(c.registration.emailCodeInvalid);
      expect(await t.database.db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    });

    it('refuses an expired code with 400', async () => {
      const email = nextEmail();
      const otp = await requestEmailCode(email);
      await sql`UPDATE auth_verifications SET "expiresAt" = now() - interval '1 second' WHERE identifier = ${`sign-in-otp-${email}`}`.execute(t.database.db);
      const response = await verifyEmail(email, otp);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(c.registration.emailCodeInvalid);
    });

    it('refuses malformed bodies with 400 and the schema message', async () => {
      const badEmail = await call(undefined, 'POST', '/api/candidate/registration/email', { email: 'not-an-email' });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().message).toContain(c.registration.invalidEmail);
      const badOtp = await call(undefined, 'POST', '/api/candidate/registration/email/verify', { email: 'a@example-mail.in', otp: '12ab' });
      expect(badOtp.statusCode).toBe(400);
      expect(badOtp.json().message).toContain(c.phone.invalidOtp);
      const extra = await call(undefined, 'POST', '/api/candidate/registration/email/verify', { email: 'a@example-mail.in', otp: '123456', companyName: 'Acme' });
      expect(extra.statusCode).toBe(400);
    });

    it("refuses an employer's address with 409 after a right code, and leaves no session and the account as it was", async () => {
      const company = await t.factories.company();
      for (const confirmed of [true, false]) {
        const employer = await t.factories.user({ role: 'employer', companyId: company.id, confirmed });
        const otp = await requestEmailCode(employer.email);
        const response = await verifyEmail(employer.email, otp);
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json()).toMatchObject({ code: 'NOT_A_CANDIDATE_ACCOUNT', message: c.registration.notACandidateAccount });
        expect(response.headers['set-cookie']).toBeUndefined();
        const sessions = await t.database.db.selectFrom('auth_sessions').select('id').where('userId', '=', employer.id).execute();
        expect(sessions).toHaveLength(0);
        // Nothing about the account changed: still an employer, the password kept, confirmation as it was.
        const profile = await t.database.db.selectFrom('user_profiles').select('role').where('id', '=', employer.id).executeTakeFirstOrThrow();
        expect(profile.role).toBe('employer');
        const user = await t.database.db.selectFrom('auth_users').select('emailVerified').where('id', '=', employer.id).executeTakeFirstOrThrow();
        expect(user.emailVerified).toBe(confirmed);
        const accounts = await t.database.db.selectFrom('auth_accounts').select('password').where('userId', '=', employer.id).execute();
        expect(accounts.some((a) => a.password)).toBe(true);
        expect(await t.database.db.selectFrom('candidate_profiles').select('user_id').where('user_id', '=', employer.id).executeTakeFirst()).toBeUndefined();
        // The code does not work a second time either.
        expect((await verifyEmail(employer.email, otp)).statusCode).toBe(400);
        if (confirmed) await signIn(t.app, employer.email, employer.password, nextIp());
      }
    });

    it('refuses a wrong code for an employer address exactly like any wrong code', async () => {
      const employer = await t.factories.user({ role: 'employer' });
      const otp = await requestEmailCode(employer.email);
      const response = await verifyEmail(employer.email, wrongCode(otp));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(c.registration.emailCodeInvalid);
    });

    it('signs in a candidate who signed up with a password, and creates their missing profile', async () => {
      const user = await t.factories.user({ role: 'candidate' });
      expect(await t.database.db.selectFrom('candidate_profiles').select('user_id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
      const { state: body } = await signInByEmail(user.email);
      expect(body).toMatchObject({ step: 'verification', email: user.email, full_name: user.fullName, candidate_code: expect.stringMatching(CODE_PATTERN) });
    });

    it('draws another candidate code when the first is taken', async () => {
      const holder = await newCandidate();
      const user = await t.factories.user({ role: 'candidate' });
      const codes = [String(holder.state.candidate_code), 'WC-ZZZZ99'];
      await ensureCandidateProfile(t.database.db, user.id, () => codes.shift() as string);
      const row = await t.database.db.selectFrom('candidate_profiles').select('candidate_code').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.candidate_code).toBe('WC-ZZZZ99');
      // A second call (a double submit) keeps the first code.
      await ensureCandidateProfile(t.database.db, user.id);
      expect((await t.database.db.selectFrom('candidate_profiles').select('candidate_code').where('user_id', '=', user.id).executeTakeFirstOrThrow()).candidate_code).toBe('WC-ZZZZ99');
    });

    it('refuses a suspended candidate with 403 and no session', async () => {
      const candidate = await newCandidate();
      await t.database.db.updateTable('user_profiles').set({ suspended_at: new Date() }).where('id', '=', candidate.userId).execute();
      await ageEmailCodes(candidate.email);
      const otp = await requestEmailCode(candidate.email);
      const sessions = () => t.database.db.selectFrom('auth_sessions').select('id').where('userId', '=', candidate.userId).execute();
      const before = await sessions();
      const response = await verifyEmail(candidate.email, otp);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.auth.accountSuspended);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await sessions()).toEqual(before);
      // The session from before the suspension is dead too.
      expect((await call(candidate.jar, 'GET', '/api/candidate/registration')).statusCode).toBe(401);
    });

    it('spaces codes to one address by 60 s and caps them at 5 an hour; a refused request keeps the current code', async () => {
      const email = nextEmail();
      const first = await requestEmailCode(email);
      const tooSoon = await call(undefined, 'POST', '/api/candidate/registration/email', { email });
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().message).toBe(c.registration.emailResendTooSoon);
      // The refused request did not replace the code the candidate already has.
      expect((await verifyEmail(email, first)).statusCode).toBe(200);
      let latest = first;
      for (let sent = 1; sent < 5; sent += 1) {
        await ageEmailCodes(email);
        latest = await requestEmailCode(email);
      }
      await ageEmailCodes(email);
      const capped = await call(undefined, 'POST', '/api/candidate/registration/email', { email });
      expect(capped.statusCode).toBe(429);
      expect(capped.json().message).toBe(c.registration.emailHourlyLimit);
      expect(emailCodes(email)).toHaveLength(5);
      expect((await verifyEmail(email, latest)).statusCode).toBe(200);
      // An hour later the address may have codes again.
      await ageEmailCodes(email, 60);
      await requestEmailCode(email);
    });

    it('sends one code for a double click', async () => {
      const email = nextEmail();
      const [a, b] = await Promise.all([
        call(undefined, 'POST', '/api/candidate/registration/email', { email }),
        call(undefined, 'POST', '/api/candidate/registration/email', { email }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([202, 429]);
      const mail = await waitFor(() => emailCodes(email)[0], { what: 'the email code' });
      expect(emailCodes(email)).toHaveLength(1);
      expect((await verifyEmail(email, codeIn(mail))).statusCode).toBe(200);
    });

    it('limits code requests and checks from one address with 429', async () => {
      const ip = '10.56.0.1';
      const statuses = [];
      for (let i = 0; i < 12; i += 1) {
        statuses.push((await call(undefined, 'POST', '/api/candidate/registration/email', { email: nextEmail() }, ip)).statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
      expect(statuses.at(-1)).toBe(429);

      const checks = [];
      for (let i = 0; i < 22; i += 1) {
        checks.push((await call(undefined, 'POST', '/api/candidate/registration/email/verify', { email: nextEmail(), otp: '123456' }, '10.56.0.2')).statusCode);
      }
      expect(checks.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(checks.at(-1)).toBe(429);
    });

    it("does not serve the email-OTP plugin's own endpoints over HTTP", async () => {
      const employer = await t.factories.user({ role: 'employer' });
      const paths = [
        '/api/auth/email-otp/send-verification-otp',
        '/api/auth/email-otp/check-verification-otp',
        '/api/auth/email-otp/verify-email',
        '/api/auth/email-otp/request-password-reset',
        '/api/auth/email-otp/reset-password',
        '/api/auth/sign-in/email-otp',
        '/api/auth/forget-password/email-otp',
        '/api/auth/sign-in/email-otp/',
        '/api/auth/sign-in/EMAIL-OTP',
        '/api/auth/sign-in/email%2Dotp',
        '/api/auth/./sign-in/email-otp',
        '/api/auth/x/../sign-in/email-otp',
        '/api/auth//email-otp/send-verification-otp',
        '/api/auth/email-otp/send-verification-otp?x=1',
      ];
      for (const url of paths) {
        const response = await t.app.inject({ method: 'POST', url, payload: { email: employer.email, type: 'sign-in', otp: '123456' }, remoteAddress: nextIp() });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
      expect(emailCodes(employer.email)).toHaveLength(0);
      // Password sign-in, the rest of the bridge, is untouched.
      await signIn(t.app, employer.email, employer.password, nextIp());
    });

    // Regression: over real HTTP (inject resolves dot segments itself) "/api/auth/./sign-up/email"
    // reached better-auth's sign-up while the bridge's password policy looked for the exact path.
    it("applies the bridge's rules to the path better-auth sees, however it is spelled", async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const post = (path: string, body: unknown) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          });
          req.on('error', reject);
          req.end(JSON.stringify(body));
        });
      for (const path of ['/api/auth/./sign-up/email', '/api/auth/x/../sign-up/email']) {
        const response = await post(path, { email: nextEmail(), password: 'password123', name: 'Weak' });
        expect({ path, status: response.status, code: (JSON.parse(response.body) as { code?: string }).code }).toEqual({ path, status: 400, code: 'PASSWORD_NOT_ACCEPTED' });
      }
      const employer = await t.factories.user({ role: 'employer' });
      for (const path of ['/api/auth/./sign-in/email-otp', '/api/auth/sign-in/x/../email-otp', '/api/auth/./email-otp/send-verification-otp', '/api/auth/sign-in/email%2Dotp']) {
        const response = await post(path, { email: employer.email, type: 'sign-in', otp: '123456' });
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
      }
      expect(emailCodes(employer.email)).toHaveLength(0);
    });
  });

  describe('phone step (verify-phone)', () => {
    it('normalises Indian numbers to +91 E.164, texts a code, and verifies it in one step', async () => {
      const candidate = await newCandidate();
      const first = await sendPhoneCode(candidate.jar, '98765 43210', '+919876543210');
      expect(first.response.json()).toEqual({ sent: true, phone: '+91•••••••210', resend_after_seconds: 60 });
      expect(first.sms.text).toBe(c.phone.smsText.replace('{code}', first.code));
      await ageSmsSends(candidate.userId);
      await sendPhoneCode(candidate.jar, '+91 98765 43210', '+919876543210');
      await ageSmsSends(candidate.userId);
      const third = await sendPhoneCode(candidate.jar, '09876543210', '+919876543210');

      const stored = await t.database.db.selectFrom('phone_verification_codes').selectAll().where('user_id', '=', candidate.userId).execute();
      expect(stored).toHaveLength(3);
      for (const row of stored) {
        expect(row.phone).toBe('+919876543210');
        expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.code_hash).not.toContain(third.code);
      }

      // An earlier code stopped working when a new one was sent: it is just a wrong code now.
      if (first.code !== third.code) expect((await verifyPhone(candidate.jar, '9876543210', first.code)).json()).toEqual({ verified: false });

      const verified = await verifyPhone(candidate.jar, '+91-98765-43210', third.code);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toEqual({ verified: true });
      const body = await state(candidate.jar);
      expect(body).toMatchObject({ step: 'uan', phone: '+919876543210', mobile_verified: true });
      const me = await call(candidate.jar, 'GET', '/api/me');
      expect(me.json().user.mobile_verified).toBe(true);
      // Used up.
      const reused = await verifyPhone(candidate.jar, '9876543210', third.code);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().message).toBe(c.phone.codeExpired);
    });

    it('refuses invalid numbers with the spec message', async () => {
      const candidate = await newCandidate();
      for (const phone of ['12345', '1234567890', '+91 12345 67890', '+91 80 2345 6789', 'abcdefghijkl', '98765 4321']) {
        const response = await call(candidate.jar, 'POST', '/api/candidate/verify-phone', { action: 'send', phone });
        expect({ phone, status: response.statusCode }).toEqual({ phone, status: 400 });
        expect(response.json().message).toContain(c.phone.invalidPhone);
      }
      const missing = await call(candidate.jar, 'POST', '/api/candidate/verify-phone', { action: 'send' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain(c.phone.invalidPhone);
      const badOtp = await call(candidate.jar, 'POST', '/api/candidate/verify-phone', { action: 'verify', phone: '9876543210', otp: '12345' });
      expect(badOtp.statusCode).toBe(400);
      expect(badOtp.json().message).toContain(c.phone.invalidOtp);
      const badAction = await call(candidate.jar, 'POST', '/api/candidate/verify-phone', { action: 'call', phone: '9876543210' });
      expect(badAction.statusCode).toBe(400);
      // Nothing was texted, and nothing counted against any number.
      expect(await t.database.db.selectFrom('mfa_sms_sends').select('id').where('user_id', '=', candidate.userId).execute()).toEqual([]);
      expect(await t.database.db.selectFrom('phone_verification_codes').select('id').where('user_id', '=', candidate.userId).execute()).toEqual([]);
    });

    it('answers a wrong code with verified false; the fifth wrong try kills the code', async () => {
      const candidate = await newCandidate();
      const phone = nextPhone();
      const { code } = await sendPhoneCode(candidate.jar, phone.input, phone.e164);
      for (let i = 1; i <= 5; i += 1) {
        const wrong = await verifyPhone(candidate.jar, phone.input, wrongCode(code));
        expect(wrong.statusCode).toBe(200);
        expect(wrong.json()).toEqual({ verified: false });
      }
      const right = await verifyPhone(candidate.jar, phone.input, code);
      expect(right.statusCode).toBe(400);
      expect(right.json()).toMatchObject({ code: 'TOO_MANY_TRIES', message: c.phone.tooManyTries });
      expect((await state(candidate.jar)).mobile_verified).toBe(false);
    });

    it('refuses an expired code with 400', async () => {
      const candidate = await newCandidate();
      const phone = nextPhone();
      const { code } = await sendPhoneCode(candidate.jar, phone.input, phone.e164);
      await t.database.db.updateTable('phone_verification_codes').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('user_id', '=', candidate.userId).execute();
      const response = await verifyPhone(candidate.jar, phone.input, code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'CODE_EXPIRED', message: c.phone.codeExpired });
    });

    it('refuses a code checked against another number, and a verify with nothing sent', async () => {
      const candidate = await newCandidate();
      const none = await verifyPhone(candidate.jar, nextPhone().input, '123456');
      expect(none.statusCode).toBe(400);
      const phone = nextPhone();
      const { code } = await sendPhoneCode(candidate.jar, phone.input, phone.e164);
      const other = await verifyPhone(candidate.jar, nextPhone().input, code);
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toBe(c.phone.codeExpired);
    });

    it('spaces codes to one number by 60 s (429) and caps them at 5 an hour (429)', async () => {
      const candidate = await newCandidate();
      const phone = nextPhone();
      await sendPhoneCode(candidate.jar, phone.input, phone.e164);
      const tooSoon = await call(candidate.jar, 'POST', '/api/candidate/verify-phone', { action: 'send', phone: phone.input });
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().message).toBe(c.phone.resendTooSoon);
      for (let sent = 1; sent < 5; sent += 1) {
        await ageSmsSends(candidate.userId);
        await sendPhoneCode(candidate.jar, phone.input, phone.e164);
      }
      await ageSmsSends(candidate.userId);
      const sixth = await call(candidate.jar, 'POST', '/api/candidate/verify-phone', { action: 'send', phone: phone.input });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe(c.phone.hourlyLimit);
      expect(smsTo(phone.e164)).toHaveLength(5);
    });

    it('shares the per-number budget with the MFA phone factor', async () => {
      const a = await newCandidate();
      const b = await newCandidate();
      const phone = nextPhone();
      await sendPhoneCode(a.jar, phone.input, phone.e164);
      // Another account texting the same number within the minute is refused too.
      const other = await call(b.jar, 'POST', '/api/candidate/verify-phone', { action: 'send', phone: phone.input });
      expect(other.statusCode).toBe(429);
      const sends = await t.database.db.selectFrom('mfa_sms_sends').select('user_id').where('user_id', '=', a.userId).execute();
      expect(sends).toHaveLength(1);
    });

    it('refuses a number already verified on another account with 409', async () => {
      const first = await verifiedCandidate();
      const second = await newCandidate();
      const response = await call(second.jar, 'POST', '/api/candidate/verify-phone', { action: 'send', phone: first.phone.input });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PHONE_TAKEN', message: c.phone.phoneTaken });

      // Both sent before either verified: the second to verify is refused.
      const third = await newCandidate();
      const fourth = await newCandidate();
      const phone = nextPhone();
      const codeA = await sendPhoneCode(third.jar, phone.input, phone.e164);
      await ageSmsSends(third.userId);
      await t.database.db.updateTable('mfa_sms_sends').set({ created_at: sql<Date>`created_at - interval '61 seconds'` }).execute();
      const codeB = await sendPhoneCode(fourth.jar, phone.input, phone.e164);
      expect((await verifyPhone(third.jar, phone.input, codeA.code)).json()).toEqual({ verified: true });
      const late = await verifyPhone(fourth.jar, phone.input, codeB.code);
      expect(late.statusCode).toBe(409);
      expect((await state(fourth.jar)).mobile_verified).toBe(false);
    });

  });

  describe('logging', () => {
    it('logs phone, UAN and email-code events without codes, full numbers or full UANs', async () => {
      const entries: { level: string; args: unknown[] }[] = [];
      const recorder = {} as FastifyBaseLogger;
      for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
        (recorder as unknown as Record<string, unknown>)[level] = (...args: unknown[]) => entries.push({ level, args });
      }
      Object.assign(recorder, { level: 'trace', child: () => recorder });
      const holder = await newCandidate();
      const uan = '246813579024';
      await call(holder.jar, 'PUT', '/api/candidate/profile/uan', { uan });
      const spy = vi.spyOn(t.app.log, 'child').mockImplementation(() => recorder);
      try {
        const email = nextEmail();
        const emailCode = await requestEmailCode(email);
        expect((await verifyEmail(email, wrongCode(emailCode))).statusCode).toBe(400);
        const signedIn = await verifyEmail(email, emailCode);
        expect(signedIn.json().step).toBe('verification');
        const jar = new CookieJar().store(signedIn);
        const phone = nextPhone();
        const { code } = await sendPhoneCode(jar, phone.input, phone.e164);
        expect((await verifyPhone(jar, phone.input, wrongCode(code))).json()).toEqual({ verified: false });
        expect((await verifyPhone(jar, phone.input, code)).json()).toEqual({ verified: true });
        expect((await call(jar, 'PUT', '/api/candidate/profile/uan', { uan })).statusCode).toBe(409);

        const ours = entries.filter((e) => typeof e.args[0] === 'object' && e.args[0] !== null && !('req' in e.args[0]) && !('res' in e.args[0]));
        const events = ours.map((e) => (e.args[0] as { event?: string }).event);
        expect(events).toEqual(expect.arrayContaining(['candidate-email-code-sent', 'candidate-email-code-failed', 'sign-in', 'candidate-phone-code-sent', 'candidate-phone-wrong-code', 'candidate-phone-verified', 'candidate-uan-claimed']));
        const everything = JSON.stringify(ours.map((e) => e.args));
        for (const secret of [emailCode, code, wrongCode(code), phone.e164, phone.e164.slice(3), uan]) expect(everything).not.toContain(secret);
        expect(everything).toContain('•••9024');
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('UAN, personal and professional details', () => {
    it('saves a 12-digit UAN and refuses anything else', async () => {
      const candidate = await newCandidate();
      for (const uan of ['12345678901', '1234567890123', '12345678901a', '', '1234 5678 9012']) {
        const response = await call(candidate.jar, 'PUT', '/api/candidate/profile/uan', { uan });
        expect({ uan, status: response.statusCode }).toEqual({ uan, status: 400 });
        expect(response.json().message).toContain(c.uan.invalid);
      }
      const saved = await call(candidate.jar, 'PUT', '/api/candidate/profile/uan', { uan: ' 100200300401 ' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ uan: '100200300401' });
      // Saving one's own UAN again is fine.
      expect((await call(candidate.jar, 'PUT', '/api/candidate/profile/uan', { uan: '100200300401' })).statusCode).toBe(200);
    });

    it("refuses a UAN another candidate holds with 409 and records the claim once, counting attempts", async () => {
      const holder = await newCandidate();
      const claimant = await newCandidate();
      const uan = '555566667777';
      expect((await call(holder.jar, 'PUT', '/api/candidate/profile/uan', { uan })).statusCode).toBe(200);
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const response = await call(claimant.jar, 'PUT', '/api/candidate/profile/uan', { uan });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'UAN_TAKEN', message: c.uan.taken });
        const claims = await t.database.db.selectFrom('uan_claims').selectAll().where('claimant_id', '=', claimant.userId).execute();
        expect(claims).toHaveLength(1);
        expect(claims[0]).toMatchObject({ uan, holder_id: holder.userId, attempts: attempt, reviewed_at: null });
      }
      expect((await state(claimant.jar)).uan).toBeNull();
      expect((await state(holder.jar)).uan).toBe(uan);
      // A claimant who then saves a UAN of their own is fine.
      expect((await call(claimant.jar, 'PUT', '/api/candidate/profile/uan', { uan: '555566667778' })).statusCode).toBe(200);
    });

    it('validates personal details', async () => {
      const candidate = await newCandidate();
      const cases: [unknown, string][] = [
        [{ full_name: '', education: 'B.Tech' }, c.personal.fullNameRequired],
        [{ full_name: '   ', education: 'B.Tech' }, c.personal.fullNameRequired],
        [{ full_name: 'x'.repeat(101), education: 'B.Tech' }, c.personal.fullNameTooLong],
        [{ full_name: 'Asha Rao', education: '' }, c.personal.educationRequired],
        [{ full_name: 'Asha Rao', education: 'y'.repeat(201) }, c.personal.educationTooLong],
        [{ full_name: 'Asha Rao' }, c.personal.educationRequired],
      ];
      for (const [body, message] of cases) {
        const response = await call(candidate.jar, 'PUT', '/api/candidate/profile/personal', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(message);
      }
      const extra = await call(candidate.jar, 'PUT', '/api/candidate/profile/personal', { full_name: 'Asha Rao', education: 'B.Tech', role: 'admin' });
      expect(extra.statusCode).toBe(400);
      const saved = await call(candidate.jar, 'PUT', '/api/candidate/profile/personal', { full_name: '  Asha Rao ', education: ' B.Tech, NIT Trichy ', ...DECLARED });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ full_name: 'Asha Rao', education: 'B.Tech, NIT Trichy' });
      const profile = await t.database.db.selectFrom('user_profiles').select(['full_name', 'role']).where('id', '=', candidate.userId).executeTakeFirstOrThrow();
      expect(profile).toEqual({ full_name: 'Asha Rao', role: 'candidate' });
    });

    it('validates professional details', async () => {
      const candidate = await newCandidate();
      const valid = { current_employer: 'Infosys', notice_period_days: 30, experience_years: 3.5 };
      const cases: [unknown, string][] = [
        [{ ...valid, current_employer: '' }, c.professional.currentEmployerRequired],
        [{ ...valid, current_employer: 'z'.repeat(201) }, c.professional.currentEmployerTooLong],
        [{ ...valid, notice_period_days: -1 }, c.professional.noticePeriodInvalid],
        [{ ...valid, notice_period_days: 366 }, c.professional.noticePeriodInvalid],
        [{ ...valid, notice_period_days: 10.5 }, c.professional.noticePeriodInvalid],
        [{ ...valid, notice_period_days: '30' }, c.professional.noticePeriodInvalid],
        [{ ...valid, experience_years: 61 }, c.professional.experienceInvalid],
        [{ ...valid, experience_years: -0.5 }, c.professional.experienceInvalid],
        [{ ...valid, experience_years: 2.25 }, c.professional.experienceInvalid],
        [{ current_employer: 'Infosys', notice_period_days: 30 }, c.professional.experienceInvalid],
      ];
      for (const [body, message] of cases) {
        const response = await call(candidate.jar, 'PUT', '/api/candidate/profile/professional', body);
        expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
        expect(response.json().message).toContain(message);
      }
      const saved = await call(candidate.jar, 'PUT', '/api/candidate/profile/professional', valid);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject(valid);
      const zero = await call(candidate.jar, 'PUT', '/api/candidate/profile/professional', { current_employer: 'Fresher', notice_period_days: 0, experience_years: 0 });
      expect(zero.json()).toMatchObject({ notice_period_days: 0, experience_years: 0 });
    });
  });

  describe('resume, completion and applications', () => {
    it('resumes a fresh sign-in at the first unfinished step after each save, then completes', async () => {
      const email = nextEmail();
      const resumeAt = async (expected: string | null) => {
        const { state: body } = await signInByEmail(email);
        expect(body.step).toBe(expected);
        return body;
      };
      const { jar, state: first } = await signInByEmail(email);
      expect(first.step).toBe('verification');
      await resumeAt('verification');

      const phone = nextPhone();
      const { code } = await sendPhoneCode(jar, phone.input, phone.e164);
      expect((await verifyPhone(jar, phone.input, code)).json()).toEqual({ verified: true });
      await resumeAt('uan');

      expect((await call(jar, 'PUT', '/api/candidate/profile/uan', { uan: '700800900100' })).json().step).toBe('personal');
      await resumeAt('personal');

      expect((await call(jar, 'PUT', '/api/candidate/profile/personal', { full_name: 'Ravi Kumar', education: 'MBA', ...DECLARED })).json().step).toBe('professional');
      await resumeAt('professional');

      expect((await call(jar, 'PUT', '/api/candidate/profile/professional', { current_employer: 'TCS', notice_period_days: 60, experience_years: 5 })).json().step).toBe('documents');
      await resumeAt('documents');

      const completed = await call(jar, 'POST', '/api/candidate/registration/complete', {});
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json()).toMatchObject({ step: null, completed: true });
      const final = await resumeAt(null);
      expect(final).toMatchObject({
        completed: true,
        candidate_code: first.candidate_code,
        phone: phone.e164,
        mobile_verified: true,
        uan: '700800900100',
        full_name: 'Ravi Kumar',
        education: 'MBA',
        current_employer: 'TCS',
        notice_period_days: 60,
        experience_years: 5,
        documents: [],
      });
    });

    it('saves the steps in any order; the step is still the first unfinished one', async () => {
      const candidate = await newCandidate();
      const body = await call(candidate.jar, 'PUT', '/api/candidate/profile/professional', { current_employer: 'Wipro', notice_period_days: 15, experience_years: 1 });
      expect(body.json().step).toBe('verification');
      expect((await call(candidate.jar, 'PUT', '/api/candidate/profile/personal', { full_name: 'Meera', education: 'BSc', ...DECLARED })).json().step).toBe('verification');
    });

    it('completes only after the required steps, and completing again changes nothing', async () => {
      const candidate = await verifiedCandidate();
      const early = await call(candidate.jar, 'POST', '/api/candidate/registration/complete', {});
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'REGISTRATION_INCOMPLETE', message: c.registration.finishEarlierSteps });

      await call(candidate.jar, 'PUT', '/api/candidate/profile/uan', { uan: '321321321321' });
      await call(candidate.jar, 'PUT', '/api/candidate/profile/personal', { full_name: 'Zoya Khan', education: 'BA', ...DECLARED });
      await call(candidate.jar, 'PUT', '/api/candidate/profile/professional', { current_employer: 'HCL', notice_period_days: 90, experience_years: 7.5 });
      // The body may be left out.
      const done = await t.app.inject({ method: 'POST', url: '/api/candidate/registration/complete', headers: { cookie: candidate.jar.header } });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ step: null, completed: true, experience_years: 7.5 });
      const completedAt = async () =>
        (await t.database.db.selectFrom('candidate_profiles').select('registration_completed_at').where('user_id', '=', candidate.userId).executeTakeFirstOrThrow()).registration_completed_at;
      const before = await completedAt();
      const again = await call(candidate.jar, 'POST', '/api/candidate/registration/complete', {});
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ step: null, completed: true });
      expect(await completedAt()).toEqual(before);
    });

    it("lists the candidate's own applications newest first, with job, company, status and whether the job is open", async () => {
      const candidate = await newCandidate();
      const other = await newCandidate();
      // Applying needs a name and a verified phone (issue 12, defect 9).
      await t.database.db.updateTable('user_profiles').set({ full_name: 'Tanvi Joshi', phone: '+919812345670', mobile_verified: true }).where('id', '=', candidate.userId).execute();
      const company = await t.factories.company({ name: 'Tidewater Logistics' });
      const open = await t.factories.job(company.id, { title: 'Warehouse Lead' });
      const closing = await t.factories.job(company.id, { title: 'Fleet Planner' });
      const deleted = await t.factories.job(company.id, { title: 'Dispatcher' });
      for (const job of [open, closing, deleted]) {
        const applied = await call(candidate.jar, 'POST', `/api/jobs/${job.id}/applications`, {});
        expect(applied.statusCode, applied.body).toBe(201);
      }
      await t.factories.application(open.id, other.userId);
      // Spread the times so "newest first" is visible, then close two jobs.
      await t.database.db.updateTable('job_applications').set({ created_at: sql<Date>`now() - interval '3 days'` }).where('job_id', '=', open.id).execute();
      await t.database.db.updateTable('job_applications').set({ created_at: sql<Date>`now() - interval '2 days'` }).where('job_id', '=', closing.id).execute();
      await t.database.db.updateTable('job_postings').set({ expires_at: sql<Date>`now() - interval '1 day'` }).where('id', '=', closing.id).execute();
      await t.database.db.updateTable('job_postings').set({ is_deleted: true }).where('id', '=', deleted.id).execute();

      const response = await call(candidate.jar, 'GET', '/api/candidate/applications');
      expect(response.statusCode).toBe(200);
      const list = response.json() as { job_title: string; company_name: string; status: string; applied_at: string; job_open: boolean; job_id: string }[];
      expect(list.map((a) => [a.job_title, a.job_open])).toEqual([
        ['Dispatcher', false],
        ['Fleet Planner', false],
        ['Warehouse Lead', true],
      ]);
      for (const application of list) {
        expect(application).toMatchObject({ company_name: 'Tidewater Logistics', status: 'received', applied_at: expect.any(String) });
      }
      expect((await call(other.jar, 'GET', '/api/candidate/applications')).json()).toHaveLength(1);
    });
  });

  describe('permissions', () => {
    it('answers 401 to anonymous callers on every candidate route', async () => {
      for (const route of CANDIDATE_ROUTES) {
        const response = await call(undefined, route.method, route.url, route.body);
        expect({ route: route.url, status: response.statusCode }).toEqual({ route: route.url, status: 401 });
      }
    });

    it('answers 403 with a clear message to employers and admins on every candidate route, before reading the body', async () => {
      const company = await t.factories.company();
      const employer = await t.factories.user({ role: 'employer', companyId: company.id });
      const admin = await t.factories.user({ role: 'admin' });
      for (const user of [employer, admin]) {
        const jar = await signIn(t.app, user.email, user.password, nextIp());
        for (const route of CANDIDATE_ROUTES) {
          for (const body of route.method === 'GET' ? [undefined] : [route.body, { nonsense: true }]) {
            const response = await call(jar, route.method, route.url, body);
            expect({ route: route.url, status: response.statusCode }).toEqual({ route: route.url, status: 403 });
            expect(response.json()).toMatchObject({ code: 'CANDIDATES_ONLY', message: c.registration.candidatesOnly });
          }
        }
      }
      // Nothing was saved for them.
      expect(await t.database.db.selectFrom('candidate_profiles').select('user_id').where('user_id', 'in', [employer.id, admin.id]).execute()).toEqual([]);
      expect(await t.database.db.selectFrom('mfa_sms_sends').select('id').where('user_id', 'in', [employer.id, admin.id]).execute()).toEqual([]);
    });

    it("shows a candidate only their own registration and changes only their own rows", async () => {
      const a = await verifiedCandidate();
      const b = await newCandidate();
      await call(a.jar, 'PUT', '/api/candidate/profile/uan', { uan: '909090909090' });
      await call(a.jar, 'PUT', '/api/candidate/profile/personal', { full_name: 'Candidate A', education: 'PhD', ...DECLARED });
      const seenByB = await state(b.jar);
      expect(seenByB).toMatchObject({ email: b.email, uan: null, full_name: '', education: null, phone: null, mobile_verified: false });
      expect(seenByB.candidate_code).not.toBe((await state(a.jar)).candidate_code);
      // B's write touches B's row only.
      await call(b.jar, 'PUT', '/api/candidate/profile/personal', { full_name: 'Candidate B', education: 'MA', ...DECLARED });
      expect(await state(a.jar)).toMatchObject({ full_name: 'Candidate A', education: 'PhD', uan: '909090909090' });
      // A verify-phone by B with A's code does nothing for either.
      const phone = nextPhone();
      await ageSmsSends(a.userId);
      const { code } = await sendPhoneCode(a.jar, phone.input, phone.e164);
      const stolen = await verifyPhone(b.jar, phone.input, code);
      expect(stolen.statusCode).toBe(400);
      expect((await state(b.jar)).mobile_verified).toBe(false);
    });

    it('requires the second factor of a candidate who has one before answering their data', async () => {
      const candidate = await newCandidate();
      await t.database.db.insertInto('mfa_factors').values({ user_id: candidate.userId, factor_type: 'totp', status: 'verified', secret_encrypted: 'x' }).execute();
      await ageEmailCodes(candidate.email);
      const otp = await requestEmailCode(candidate.email);
      const response = await verifyEmail(candidate.email, otp);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'MFA_REQUIRED' });
      // Signed in at aal1, so the browser can go on to the challenge; the data stays closed until then.
      const jar = new CookieJar().store(response);
      expect(jar.header).toContain(SESSION_COOKIE);
      const me = await call(jar, 'GET', '/api/me');
      expect(me.json().session).toMatchObject({ aal: 'aal1', next_aal: 'aal2' });
      expect((await call(jar, 'GET', '/api/candidate/registration')).statusCode).toBe(403);
    });
  });
});
