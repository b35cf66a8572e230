import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { CANDIDATE_EMAIL_CODE_SUBJECT, REAUTH_CODE_SUBJECT } from '../../server/auth/emails.ts';
import { codeIn, readOutbox } from '../support/outbox.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { CookieJar, createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const m = messages.mfa;

/**
 * Issue 12, defect 2: a candidate who registered by email code has no password, yet second-factor
 * changes asked for one. Such an account now confirms the change with a code emailed to it.
 */
describe.skipIf(laneUnavailable)('re-authentication of accounts without a password', () => {
  let t: TestApp;
  let ipCounter = 0;
  const ip = () => `10.83.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const call = async (jar: CookieJar, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: { cookie: jar.header }, remoteAddress: ip(), ...(payload ? { payload } : {}) });
    // Passing a second factor starts a new session (ASVS 7.2.4): keep its cookie.
    jar.store(response);
    return response;
  };
  const mailsTo = (email: string, subject: string) => readOutbox(t.dataDir).filter((mail) => mail.to === email && mail.subject === subject);

  /** A candidate signed in through the registration's email step: no password exists. */
  async function emailCandidate(email: string): Promise<CookieJar> {
    const before = mailsTo(email, CANDIDATE_EMAIL_CODE_SUBJECT).length;
    const asked = await t.app.inject({ method: 'POST', url: '/api/candidate/registration/email', payload: { email }, remoteAddress: ip() });
    expect(asked.statusCode, asked.body).toBe(202);
    const mail = await waitFor(() => mailsTo(email, CANDIDATE_EMAIL_CODE_SUBJECT)[before], { what: 'the sign-in code' });
    const verified = await t.app.inject({ method: 'POST', url: '/api/candidate/registration/email/verify', payload: { email, otp: codeIn(mail) }, remoteAddress: ip() });
    expect(verified.statusCode, verified.body).toBe(200);
    return new CookieJar().store(verified);
  }
  async function reauthCode(jar: CookieJar, email: string): Promise<string> {
    const before = mailsTo(email, REAUTH_CODE_SUBJECT).length;
    const sent = await call(jar, 'POST', '/api/mfa/reauth-code');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ email });
    return codeIn(await waitFor(() => mailsTo(email, REAUTH_CODE_SUBJECT)[before], { what: 'the confirmation code' }));
  }
  /** Resends are spaced by 60 s: move the earlier codes back instead of waiting. */
  const ageCodes = () => t.database.db.updateTable('reauth_codes').set({ created_at: sql<Date>`created_at - interval '2 minutes'` }).execute();
  const enrolTotp = (jar: CookieJar, proof: object) => call(jar, 'POST', '/api/mfa/factors', { factor_type: 'totp', ...proof });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('says how a change is confirmed: password for a password account, an emailed code otherwise', async () => {
    const jar = await emailCandidate('tanvi.shah@example-mail.in');
    expect((await call(jar, 'GET', '/api/mfa/factors')).json()).toEqual({ factors: [], reauth: 'email_code' });
    const withPassword = await t.factories.user({ role: 'employer' });
    const employer = await signIn(t.app, withPassword.email, withPassword.password, ip());
    expect((await call(employer, 'GET', '/api/mfa/factors')).json()).toMatchObject({ reauth: 'password' });
    // A password account is not emailed codes, and still needs its password.
    expect((await call(employer, 'POST', '/api/mfa/reauth-code')).statusCode).toBe(409);
    const noProof = await enrolTotp(employer, {});
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json()).toMatchObject({ code: 'PASSWORD_REQUIRED', message: m.passwordRequired });
    expect((await enrolTotp(employer, { password: withPassword.password })).statusCode).toBe(201);
  });

  it('lets a password-less candidate add and remove a second factor with an emailed code', async () => {
    const email = 'rakesh.verma@example-mail.in';
    const jar = await emailCandidate(email);
    const missing = await enrolTotp(jar, {});
    expect(missing.json()).toMatchObject({ code: 'REAUTH_CODE_REQUIRED', message: m.reauthCodeRequired });
    const code = await reauthCode(jar, email);
    const enrolled = await enrolTotp(jar, { email_code: code });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    // Single use: the same code cannot confirm a second change.
    const again = await enrolTotp(jar, { email_code: code });
    expect(again.json()).toMatchObject({ code: 'REAUTH_CODE_EXPIRED', message: m.reauthCodeExpired });
    await ageCodes();
    const removal = await call(jar, 'DELETE', `/api/mfa/factors/${enrolled.json<{ id: string }>().id}`, { email_code: await reauthCode(jar, email) });
    expect(removal.statusCode, removal.body).toBe(204);
  });

  it('refuses wrong, expired, other-session and sign-in codes; five wrong tries kill a code; resends are spaced', async () => {
    const email = 'farida.sheikh@example-mail.in';
    const jar = await emailCandidate(email);
    const code = await reauthCode(jar, email);
    // Asked again at once: too soon.
    expect((await call(jar, 'POST', '/api/mfa/reauth-code')).statusCode).toBe(429);
    // The sign-in code of the registration is another purpose: it never confirms a change.
    let wrongTries = 0;
    const signInCode = codeIn(mailsTo(email, CANDIDATE_EMAIL_CODE_SUBJECT)[0]!);
    if (signInCode !== code) {
      expect((await enrolTotp(jar, { email_code: signInCode })).json()).toMatchObject({ code: 'REAUTH_CODE_WRONG' });
      wrongTries += 1;
    }
    // Another session of the same person cannot use this session's code.
    await t.database.db.updateTable('outbox_messages').set({ created_at: sql<Date>`created_at - interval '2 minutes'` }).where('recipient', '=', email).execute();
    const other = await emailCandidate(email);
    expect((await enrolTotp(other, { email_code: code })).json()).toMatchObject({ code: 'REAUTH_CODE_EXPIRED' });
    // Five wrong tries in all kill the code: even the right one is refused then.
    const wrong = code === '000000' ? '111111' : '000000';
    for (; wrongTries < 5; wrongTries += 1) expect((await enrolTotp(jar, { email_code: wrong })).json()).toMatchObject({ code: 'REAUTH_CODE_WRONG' });
    expect((await enrolTotp(jar, { email_code: code })).json()).toMatchObject({ code: 'REAUTH_CODE_EXPIRED' });
    // An expired code.
    await ageCodes();
    const fresh = await reauthCode(jar, email);
    await t.database.db.updateTable('reauth_codes').set({ expires_at: sql<Date>`now() - interval '1 second'` }).execute();
    expect((await enrolTotp(jar, { email_code: fresh })).json()).toMatchObject({ code: 'REAUTH_CODE_EXPIRED' });
    // Malformed codes are refused by the schema; nothing was enrolled.
    expect((await enrolTotp(jar, { email_code: '12ab56' })).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('mfa_factors').select('id').where('user_id', '=', (await t.database.db.selectFrom('user_profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id).execute()).toEqual([]);
  });

  it('lets a password-less candidate add a phone factor with an emailed code and pass it; the new session needs a new code', async () => {
    const email = 'sandeep.rao@example-mail.in';
    const jar = await emailCandidate(email);
    const phone = { input: '98123 45067', e164: '+919812345067' };
    const enrolled = await call(jar, 'POST', '/api/mfa/factors', { factor_type: 'phone', phone: phone.input, friendly_name: 'Mobile', email_code: await reauthCode(jar, email) });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const factorId = enrolled.json<{ id: string }>().id;
    const challenge = await call(jar, 'POST', `/api/mfa/factors/${factorId}/challenge`, {});
    expect(challenge.statusCode, challenge.body).toBe(201);
    const sms = await waitFor(() => readOutbox(t.dataDir).find((mail) => mail.channel === 'sms' && mail.to === phone.e164), { what: 'the SMS code' });
    const verified = await call(jar, 'POST', `/api/mfa/factors/${factorId}/verify`, { challenge_id: challenge.json<{ id: string }>().id, code: codeIn(sms) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await call(jar, 'GET', '/api/me')).json()).toMatchObject({ session: { aal: 'aal2' } });
    expect((await call(jar, 'GET', '/api/mfa/factors')).json()).toMatchObject({ factors: [{ factor_type: 'phone', status: 'verified' }], reauth: 'email_code' });

    // The new (aal2) session's change needs a code of its own: the earlier session's is gone with it.
    await ageCodes();
    const totp = await enrolTotp(jar, { email_code: await reauthCode(jar, email) });
    expect(totp.statusCode, totp.body).toBe(201);
    await ageCodes();
    const removed = await call(jar, 'DELETE', `/api/mfa/factors/${factorId}`, { email_code: await reauthCode(jar, email) });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call(jar, 'GET', '/api/mfa/factors')).json()).toMatchObject({ factors: [{ factor_type: 'totp', status: 'unverified' }] });
  });

  it('never signs in with a re-authentication code, and keeps only a keyed hash of it', async () => {
    const email = 'lakshmi.pillai@example-mail.in';
    const jar = await emailCandidate(email);
    const code = await reauthCode(jar, email);
    const stored = await t.database.db.selectFrom('reauth_codes as r').innerJoin('user_profiles as p', 'p.id', 'r.user_id').select('r.code_hash').where('p.email', '=', email).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);

    // A sign-in code is open for the address: the confirmation code is not it, and signs nobody in.
    await t.database.db.updateTable('outbox_messages').set({ created_at: sql<Date>`created_at - interval '2 minutes'` }).where('recipient', '=', email).execute();
    const before = mailsTo(email, CANDIDATE_EMAIL_CODE_SUBJECT).length;
    expect((await t.app.inject({ method: 'POST', url: '/api/candidate/registration/email', payload: { email }, remoteAddress: ip() })).statusCode).toBe(202);
    const signInCode = codeIn(await waitFor(() => mailsTo(email, CANDIDATE_EMAIL_CODE_SUBJECT)[before], { what: 'the sign-in code' }));
    if (signInCode !== code) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/candidate/registration/email/verify', payload: { email, otp: code }, remoteAddress: ip() });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'EMAIL_CODE_INVALID' });
      expect(refused.cookies).toEqual([]);
      // And the sign-in code, now in hand, does not confirm a change either.
      expect((await enrolTotp(jar, { email_code: signInCode })).json()).toMatchObject({ code: 'REAUTH_CODE_WRONG' });
    }
    // The confirmation code still works for what it was sent for.
    expect((await enrolTotp(jar, { email_code: code })).statusCode).toBe(201);
  });

  it('sends one code for parallel requests, and at most five an hour', async () => {
    const email = 'gurpreet.sandhu@example-mail.in';
    const jar = await emailCandidate(email);
    const parallel = await Promise.all([1, 2, 3].map(() => call(jar, 'POST', '/api/mfa/reauth-code')));
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
    expect(parallel.find((r) => r.statusCode === 429)!.json()).toMatchObject({ message: m.resendTooSoon });
    await waitFor(() => mailsTo(email, REAUTH_CODE_SUBJECT)[0], { what: 'the confirmation code' });
    for (let sent = 1; sent < 5; sent += 1) {
      await ageCodes();
      expect((await call(jar, 'POST', '/api/mfa/reauth-code')).statusCode).toBe(200);
    }
    await ageCodes();
    const capped = await call(jar, 'POST', '/api/mfa/reauth-code');
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ message: m.hourlyLimit });
    await waitFor(() => (mailsTo(email, REAUTH_CODE_SUBJECT).length === 5 ? true : undefined), { what: 'five confirmation codes' });
  });
});
