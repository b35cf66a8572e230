import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { EMAIL_CHANGES_PER_HOUR, type Account, type AccountSession } from '../../shared/schemas/account.ts';
import { deviceName } from '../../server/features/account/device-name.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { CookieJar, createTestApp, type TestApp } from '../support/test-app.ts';

const text = messages.account;
const PASSWORD = 'Kodaikanal-Lake-Mist-57';
const NEW_PASSWORD = 'Western-Ghats-Rain-2031';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';

describe('device names from User-Agent', () => {
  it('names the well-known browsers and systems, and nothing else', () => {
    const edge = `${WINDOWS_CHROME} Edg/126.0.0.0`;
    const samsung = 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';
    const headless = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36';
    const agents = [WINDOWS_CHROME, IPHONE_SAFARI, MAC_FIREFOX, edge, samsung, headless, 'Mozilla/5.0 (X11; Linux x86_64) curl-ish', 'lightMyRequest', null, 'x'.repeat(100_000)];
    expect(agents.map(deviceName)).toEqual(['Chrome on Windows', 'Safari on iOS', 'Firefox on macOS', 'Edge on Windows', 'Samsung Internet on Android', 'Chrome on Linux', 'Browser on Linux', ...Array(3).fill(text.unknownDevice)]);
  });
});

/** Issue 13, Settings → Your account: name, password, email change by link, sessions. */
describe.skipIf(laneUnavailable)('account settings', () => {
  let t: TestApp;
  let ip = 0;
  let company: { id: string; name: string };

  const db = () => t.database.db;
  const nextIp = () => `10.93.${Math.floor(++ip / 250) % 250}.${ip % 250}`;
  const call = (jar: CookieJar | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, ...(payload ? { payload } : {}), remoteAddress: nextIp() });
  const codeOf = (response: LightMyRequestResponse) => ({ status: response.statusCode, code: response.json<{ code?: string }>().code });
  const signInAs = async (email: string, password = PASSWORD, userAgent = WINDOWS_CHROME) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers: { 'user-agent': userAgent }, remoteAddress: nextIp() });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    return new CookieJar().store(response);
  };
  const signInStatus = async (email: string, password: string) => (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: nextIp() })).statusCode;
  const isSignedIn = async (jar: CookieJar) => (await call(jar, 'GET', '/api/account')).statusCode === 200;
  const member = async (fullName: string, role: 'owner' | 'admin' | 'recruiter' | 'interviewer' = 'recruiter') => {
    const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: role, fullName, password: PASSWORD, email: `${fullName.toLowerCase().replace(/\W+/g, '.')}@godavari-foods.in` });
    return { ...user, jar: await signInAs(user.email) };
  };
  const audits = (userId: string, action: string) => db().selectFrom('admin_audit_logs').select(['details', 'company_id']).where('admin_id', '=', userId).where('action', '=', action).execute();
  const linkTokenFor = async (email: string) => {
    const mail = await db().selectFrom('outbox_messages').select('body_text').where('recipient', '=', email).where('subject', '=', text.emailChangeSubject).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const match = /\/account\/confirm-email#([A-Za-z0-9_-]+)/.exec(mail.body_text);
    expect(match).not.toBeNull();
    return match![1]!;
  };
  const count = async (table: 'email_change_requests' | 'admin_audit_logs' | 'outbox_messages') => Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestApp();
    company = await t.factories.company({ name: 'Godavari Foods Pvt Ltd' });
  });
  afterAll(async () => t?.close());

  it('refuses anonymous callers on every route but the link confirmation', async () => {
    for (const [method, url] of [
      ['GET', '/api/account'], ['PATCH', '/api/account/name'], ['POST', '/api/account/password'], ['POST', '/api/account/email'],
      ['GET', '/api/account/sessions'], ['DELETE', '/api/account/sessions/abc'], ['POST', '/api/account/sessions/sign-out-others'],
    ] as const) {
      expect((await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call(null, 'POST', '/api/account/email/confirm', { token: 'x'.repeat(43) })).statusCode).toBe(410);
  });

  it('changes the name (trimmed) in the profile and the sign-in account, with an audit entry; refuses bad names', async () => {
    const me = await member('Lakshmi Narayanan', 'interviewer');
    const account = (await call(me.jar, 'GET', '/api/account')).json<Account>();
    expect(account).toEqual({ full_name: 'Lakshmi Narayanan', email: me.email, has_password: true, pending_email: null });

    const saved = await call(me.jar, 'PATCH', '/api/account/name', { full_name: '  Lakshmi N. Iyer  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Account>().full_name).toBe('Lakshmi N. Iyer');
    expect((await db().selectFrom('auth_users').select('name').where('id', '=', me.id).executeTakeFirstOrThrow()).name).toBe('Lakshmi N. Iyer');
    expect((await call(me.jar, 'GET', '/api/me')).json<{ user: { full_name: string } }>().user.full_name).toBe('Lakshmi N. Iyer');
    expect(await audits(me.id, 'account_name_changed')).toEqual([{ details: { from: 'Lakshmi Narayanan', to: 'Lakshmi N. Iyer' }, company_id: company.id }]);

    const before = await count('admin_audit_logs');
    const refusals = [[{ full_name: '   ' }, text.nameRequired], [{ full_name: 'a'.repeat(101) }, text.nameTooLong], [{ full_name: 'Lakshmi\u0000Iyer' }, text.nameInvalidCharacters],
      [{ full_name: 'Lakshmi\nIyer' }, text.nameInvalidCharacters], [{ full_name: 42 }, text.nameRequired], [{}, text.nameRequired]] as const;
    for (const [body, message] of refusals) {
      const refused = await call(me.jar, 'PATCH', '/api/account/name', body);
      expect(codeOf(refused), JSON.stringify(body)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
      expect(refused.json<{ issues: { path: string; message: string }[] }>().issues[0]).toEqual({ path: 'full_name', message });
    }
    expect((await call(me.jar, 'PATCH', '/api/account/name', { full_name: 'Ok Name', role: 'admin' })).statusCode).toBe(400);
    expect((await call(me.jar, 'PATCH', '/api/account/name', { full_name: 'a'.repeat(100) })).statusCode).toBe(200);
    expect(await count('admin_audit_logs')).toBe(before + 1);
  });

  it('changes the password with the current one; every other session ends, this one stays; audited without the password', async () => {
    const me = await member('Ravi Shankar');
    const phone = await signInAs(me.email, PASSWORD, IPHONE_SAFARI);
    const laptop = await signInAs(me.email, PASSWORD, MAC_FIREFOX);
    const stranger = await member('Meera Pillai');

    // Refusals first: nothing changes, and a wrong current password counts towards the sign-in lock.
    const weak = await call(me.jar, 'POST', '/api/account/password', { current_password: PASSWORD, new_password: 'password123' });
    expect(codeOf(weak)).toEqual({ status: 400, code: 'PASSWORD_NOT_ACCEPTED' });
    expect(codeOf(await call(me.jar, 'POST', '/api/account/password', { current_password: PASSWORD, new_password: 'short' }))).toEqual({ status: 400, code: 'PASSWORD_NOT_ACCEPTED' });
    expect(codeOf(await call(me.jar, 'POST', '/api/account/password', { current_password: PASSWORD, new_password: PASSWORD }))).toEqual({ status: 400, code: 'SAME_PASSWORD' });
    const wrong = await call(me.jar, 'POST', '/api/account/password', { current_password: 'Not-My-Password-99', new_password: NEW_PASSWORD });
    expect(codeOf(wrong)).toEqual({ status: 403, code: 'WRONG_PASSWORD' });
    expect(wrong.json<{ message: string }>().message).toBe(text.wrongPassword);
    const failures = await db().selectFrom('auth_failures').select('failures').where('key', '=', `sign-in:${me.email}`).executeTakeFirstOrThrow();
    expect(failures.failures).toBe(1);
    expect(codeOf(await call(me.jar, 'POST', '/api/account/password', { current_password: '', new_password: NEW_PASSWORD }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(codeOf(await call(me.jar, 'POST', '/api/account/password', { new_password: NEW_PASSWORD }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await audits(me.id, 'account_password_changed')).toEqual([]);
    expect([await isSignedIn(phone), await isSignedIn(laptop)]).toEqual([true, true]);

    const changed = await call(me.jar, 'POST', '/api/account/password', { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ signed_out: 2 });
    expect([await isSignedIn(me.jar), await isSignedIn(phone), await isSignedIn(laptop), await isSignedIn(stranger.jar)]).toEqual([true, false, false, true]);
    expect(await signInStatus(me.email, PASSWORD)).toBe(401);
    expect(await signInStatus(me.email, NEW_PASSWORD)).toBe(200);
    const [audit] = await audits(me.id, 'account_password_changed');
    expect(audit).toEqual({ details: { sessions_ended: 2 }, company_id: company.id });
    const logged = JSON.stringify(await db().selectFrom('admin_audit_logs').select('details').where('admin_id', '=', me.id).execute());
    expect(logged).not.toContain(NEW_PASSWORD);
    expect(logged).not.toContain(PASSWORD);
    const notice = await db().selectFrom('outbox_messages').select(['body_text']).where('recipient', '=', me.email).where('subject', '=', text.passwordChangedSubject).executeTakeFirstOrThrow();
    expect(notice.body_text).not.toContain(NEW_PASSWORD);
  });

  it('answers 409 with a clear message to an account without a password', async () => {
    const me = await member('Gopal Krishnan');
    await db().deleteFrom('auth_accounts').where('userId', '=', me.id).where('providerId', '=', 'credential').execute();
    expect((await call(me.jar, 'GET', '/api/account')).json<Account>().has_password).toBe(false);
    const refused = await call(me.jar, 'POST', '/api/account/password', { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(codeOf(refused)).toEqual({ status: 409, code: 'NO_PASSWORD' });
    expect(refused.json<{ message: string }>().message).toBe(text.noPassword);
    expect(codeOf(await call(me.jar, 'POST', '/api/account/email', { new_email: 'gopal@godavari-foods.co.in', current_password: PASSWORD }))).toEqual({ status: 409, code: 'NO_PASSWORD' });
    expect(await count('email_change_requests')).toBe(0);
  });

  it('changes the email only when the link sent to the new address is opened; the old address is told', async () => {
    const me = await member('Suresh Babu');
    const other = await signInAs(me.email, PASSWORD, IPHONE_SAFARI);
    const taken = await member('Kavya Reddy');
    const ask = (body: object) => call(me.jar, 'POST', '/api/account/email', body);

    // Refusals: nothing stored, nothing sent.
    const outboxBefore = await count('outbox_messages');
    expect(codeOf(await ask({ new_email: 'suresh.babu@gmail.com', current_password: PASSWORD }))).toEqual({ status: 400, code: 'WORK_EMAIL_REQUIRED' });
    expect(codeOf(await ask({ new_email: 'not-an-email', current_password: PASSWORD }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(codeOf(await ask({ new_email: me.email.toUpperCase(), current_password: PASSWORD }))).toEqual({ status: 400, code: 'EMAIL_SAME' });
    expect(codeOf(await ask({ new_email: 'suresh@godavari-foods.co.in', current_password: 'Wrong-Password-11' }))).toEqual({ status: 403, code: 'WRONG_PASSWORD' });
    const takenAnswer = await ask({ new_email: taken.email.toUpperCase(), current_password: PASSWORD });
    expect(codeOf(takenAnswer)).toEqual({ status: 409, code: 'EMAIL_TAKEN' });
    expect(takenAnswer.json<{ message: string }>().message).toBe(text.emailTaken);
    expect(await count('email_change_requests')).toBe(0);
    expect(await count('outbox_messages')).toBe(outboxBefore);

    // The request: a pending change, a link to the new address, a notice to the old one.
    const asked = await ask({ new_email: ' Suresh@Godavari-Foods.co.in ', current_password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(202);
    const pending = asked.json<Account>().pending_email;
    expect(pending?.new_email).toBe('suresh@godavari-foods.co.in');
    expect(new Date(pending!.expires_at).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    expect((await call(me.jar, 'GET', '/api/account')).json<Account>()).toMatchObject({ email: me.email, pending_email: pending });
    const token = await linkTokenFor('suresh@godavari-foods.co.in');
    const row = await db().selectFrom('email_change_requests').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);
    const notice = await db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', me.email).where('subject', '=', text.emailChangeNoticeSubject).executeTakeFirstOrThrow();
    expect(notice.body_text).toContain('suresh@godavari-foods.co.in');
    expect(notice.body_text).not.toContain(token);
    // Nothing changed yet: the old address still signs in (a third session).
    expect(await signInStatus(me.email, PASSWORD)).toBe(200);

    // A bad token changes nothing; the real one (opened signed out) applies it and ends every session.
    expect(codeOf(await call(null, 'POST', '/api/account/email/confirm', { token: `${token.slice(0, -2)}xx` }))).toEqual({ status: 410, code: 'EMAIL_LINK_INVALID' });
    expect(codeOf(await call(null, 'POST', '/api/account/email/confirm', { token: 'short' }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    const confirmed = await call(null, 'POST', '/api/account/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'suresh@godavari-foods.co.in', signed_in: false });
    expect(await db().selectFrom('auth_users').select(['email', 'emailVerified']).where('id', '=', me.id).executeTakeFirstOrThrow()).toEqual({ email: 'suresh@godavari-foods.co.in', emailVerified: true });
    expect((await db().selectFrom('user_profiles').select('email').where('id', '=', me.id).executeTakeFirstOrThrow()).email).toBe('suresh@godavari-foods.co.in');
    expect([await isSignedIn(me.jar), await isSignedIn(other)]).toEqual([false, false]);
    expect(await signInStatus(me.email, PASSWORD)).toBe(401);
    expect(await signInStatus('suresh@godavari-foods.co.in', PASSWORD)).toBe(200);
    expect(await audits(me.id, 'account_email_changed')).toEqual([{ details: { from: me.email, to: 'suresh@godavari-foods.co.in', sessions_ended: 3 }, company_id: company.id }]);
    // The link works once.
    const reused = await call(null, 'POST', '/api/account/email/confirm', { token });
    expect(codeOf(reused)).toEqual({ status: 410, code: 'EMAIL_LINK_INVALID' });
    expect(reused.json<{ message: string }>().message).toBe(text.confirmInvalid);
  });

  it('keeps the session that opens the link, refuses expired and superseded links, and an address taken meanwhile', async () => {
    const me = await member('Deepa Menon');
    const other = await signInAs(me.email, PASSWORD, MAC_FIREFOX);
    const ask = (email: string) => call(me.jar, 'POST', '/api/account/email', { new_email: email, current_password: PASSWORD });

    expect((await ask('deepa.first@godavari-foods.co.in')).statusCode).toBe(202);
    const first = await linkTokenFor('deepa.first@godavari-foods.co.in');
    expect((await ask('deepa.second@godavari-foods.co.in')).statusCode).toBe(202);
    const second = await linkTokenFor('deepa.second@godavari-foods.co.in');
    // Only the newest link works.
    expect(codeOf(await call(me.jar, 'POST', '/api/account/email/confirm', { token: first }))).toEqual({ status: 410, code: 'EMAIL_LINK_INVALID' });
    // Expired after 24 hours.
    await db().updateTable('email_change_requests').set({ expires_at: new Date(Date.now() - 1000) }).where('new_email', '=', 'deepa.second@godavari-foods.co.in').execute();
    expect(codeOf(await call(me.jar, 'POST', '/api/account/email/confirm', { token: second }))).toEqual({ status: 410, code: 'EMAIL_LINK_INVALID' });
    expect((await call(me.jar, 'GET', '/api/account')).json<Account>().pending_email).toBeNull();

    // Someone else takes the address between the request and the link.
    expect((await ask('deepa.third@godavari-foods.co.in')).statusCode).toBe(202);
    const third = await linkTokenFor('deepa.third@godavari-foods.co.in');
    await t.factories.user({ role: 'employer', email: 'deepa.third@godavari-foods.co.in' });
    expect(codeOf(await call(me.jar, 'POST', '/api/account/email/confirm', { token: third }))).toEqual({ status: 409, code: 'EMAIL_TAKEN' });
    expect((await db().selectFrom('user_profiles').select('email').where('id', '=', me.id).executeTakeFirstOrThrow()).email).toBe(me.email);

    // Opened in the signed-in browser: that session stays, the other ends.
    expect((await ask('deepa.menon@godavari-foods.co.in')).statusCode).toBe(202);
    const fourth = await linkTokenFor('deepa.menon@godavari-foods.co.in');
    const confirmed = await call(me.jar, 'POST', '/api/account/email/confirm', { token: fourth });
    expect(confirmed.json()).toEqual({ email: 'deepa.menon@godavari-foods.co.in', signed_in: true });
    expect([await isSignedIn(me.jar), await isSignedIn(other)]).toEqual([true, false]);
    expect((await call(me.jar, 'GET', '/api/account')).json<Account>()).toMatchObject({ email: 'deepa.menon@godavari-foods.co.in', pending_email: null });

    // At most EMAIL_CHANGES_PER_HOUR requests an hour (four made above).
    for (let i = 4; i < EMAIL_CHANGES_PER_HOUR; i += 1) expect((await ask(`deepa.${i}@godavari-foods.co.in`)).statusCode).toBe(202);
    expect(codeOf(await ask('deepa.more@godavari-foods.co.in'))).toEqual({ status: 429, code: 'TOO_MANY_EMAIL_CHANGES' });
  });

  it('lists your sessions (this one first, a readable device, never a token) and signs out only your own', async () => {
    const me = await member('Arun Prakash', 'owner');
    const phone = await signInAs(me.email, PASSWORD, IPHONE_SAFARI);
    const laptop = await signInAs(me.email, PASSWORD, MAC_FIREFOX);
    const stranger = await member('Nisha Agarwal', 'admin');

    const listed = await call(me.jar, 'GET', '/api/account/sessions');
    expect(listed.statusCode, listed.body).toBe(200);
    const sessions = listed.json<{ sessions: AccountSession[] }>().sessions;
    expect(sessions.map((row) => [row.device, row.current])).toEqual([
      ['Chrome on Windows', true],
      ['Firefox on macOS', false],
      ['Safari on iOS', false],
    ]);
    expect(Object.keys(sessions[0]!).sort()).toEqual(['created_at', 'current', 'device', 'id', 'ip_address', 'last_seen_at']);
    const tokens = await db().selectFrom('auth_sessions').select('token').where('userId', '=', me.id).execute();
    for (const { token } of tokens) expect(listed.body).not.toContain(token);
    expect(sessions[0]!.ip_address).toMatch(/^10\.93\./);

    const [current, laptopRow, phoneRow] = sessions as [AccountSession, AccountSession, AccountSession];
    const strangerSession = (await call(stranger.jar, 'GET', '/api/account/sessions')).json<{ sessions: AccountSession[] }>().sessions[0]!;
    expect(codeOf(await call(me.jar, 'DELETE', `/api/account/sessions/${strangerSession.id}`))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await isSignedIn(stranger.jar)).toBe(true);
    expect(codeOf(await call(me.jar, 'DELETE', `/api/account/sessions/${current.id}`))).toEqual({ status: 409, code: 'CURRENT_SESSION' });
    expect((await call(me.jar, 'DELETE', '/api/account/sessions/..%2F..')).statusCode).toBe(400);

    expect((await call(me.jar, 'DELETE', `/api/account/sessions/${phoneRow.id}`)).statusCode).toBe(204);
    expect([await isSignedIn(me.jar), await isSignedIn(phone), await isSignedIn(laptop)]).toEqual([true, false, true]);
    expect(codeOf(await call(me.jar, 'DELETE', `/api/account/sessions/${phoneRow.id}`))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await audits(me.id, 'account_session_ended')).map((row) => row.details)).toEqual([{ device: 'Safari on iOS' }]);

    await signInAs(me.email, PASSWORD, IPHONE_SAFARI);
    const everywhere = await call(me.jar, 'POST', '/api/account/sessions/sign-out-others');
    expect(everywhere.json()).toEqual({ signed_out: 2 });
    expect([await isSignedIn(me.jar), await isSignedIn(laptop), await isSignedIn(stranger.jar)]).toEqual([true, false, true]);
    expect((await call(me.jar, 'GET', '/api/account/sessions')).json<{ sessions: AccountSession[] }>().sessions.map((row) => row.id)).toEqual([current.id]);
    expect((await call(me.jar, 'POST', '/api/account/sessions/sign-out-others')).json()).toEqual({ signed_out: 0 });
    expect(laptopRow.current).toBe(false);
  });

  it('answers random bodies, well-shaped or not, without a 5xx and without changing the name to garbage', async () => {
    const me = await member('Fuzz Tester');
    const routes = [['PATCH', '/api/account/name'], ['POST', '/api/account/password'], ['POST', '/api/account/email'],
      ['POST', '/api/account/email/confirm'], ['POST', '/api/account/sessions/sign-out-others']] as const;
    const text16 = fc.string({ unit: 'binary', maxLength: 140 });
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ full_name: text16 }),
      fc.record({ current_password: text16, new_password: text16 }),
      fc.record({ new_email: fc.oneof(text16, fc.emailAddress()), current_password: text16 }),
      fc.record({ token: fc.oneof(text16, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/)) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async ([method, url], payload) => {
        const response = await t.app.inject({ method, url, headers: { cookie: me.jar.header, 'content-type': 'application/json' }, payload: JSON.stringify(payload), remoteAddress: nextIp() });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
    const name = (await db().selectFrom('user_profiles').select('full_name').where('id', '=', me.id).executeTakeFirstOrThrow()).full_name;
    expect(name).toBe(name.trim());
    expect(/\p{Cc}/u.test(name)).toBe(false);
  });
});
