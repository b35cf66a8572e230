import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { linkIn, readOutbox, waitForMessage } from '../support/outbox.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { CookieJar, createTestApp, signIn, type TestApp } from '../support/test-app.ts';

const PASSWORD = 'Saffron-Kettle-Monsoon-7';

describe.skipIf(laneUnavailable)('accounts: sign-up, confirmation, sign-in, sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('refuses sign-in until the email is confirmed through the outbox link, then signs in and out', async () => {
    const email = 'priya.sharma@acme-infotech.in';
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: PASSWORD, name: 'Priya Sharma', companyName: 'Acme Infotech', callbackURL: '/auth/callback' },
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.cookies).toHaveLength(0);

    const profile = await t.database.db.selectFrom('user_profiles').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ full_name: 'Priya Sharma', role: 'employer', company_id: null });

    const early = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: PASSWORD } });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    const mail = await waitForMessage(t.dataDir, (m) => m.to === email && m.subject === 'Confirm your WorkCred account');
    expect(mail.channel).toBe('email');
    expect(typeof mail.createdAt).toBe('string');
    const link = new URL(linkIn(mail));
    const confirm = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toContain('/auth/callback');

    // The link works once.
    const again = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(again.statusCode).not.toBe(200);
    expect(again.cookies.find((c) => c.name.endsWith('session_token') && c.value)).toBeUndefined();

    const jar = await signIn(t.app, email, PASSWORD);
    const sessionCookie = (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: PASSWORD } })).cookies.find((c) =>
      c.name.endsWith('session_token'),
    );
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email, full_name: 'Priya Sharma', role: 'employer' }, is_admin: false, session: { aal: 'aal1' } });

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: jar.header }, payload: {} });
    expect(out.statusCode).toBe(200);
    // The old cookie replayed after sign-out is dead.
    const replay = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header } });
    expect(replay.statusCode).toBe(401);
  });

  it('answers the session probe with 200 either way: the user when signed in, null when not', async () => {
    const user = await t.factories.user({ role: 'candidate', fullName: 'Ishaan Bose' });
    const jar = await signIn(t.app, user.email, user.password, '10.12.0.9');
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: jar.header } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ me: { user: { email: user.email, full_name: 'Ishaan Bose', role: 'candidate' }, session: { aal: 'aal1' } } });
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: jar.header }, payload: {} });
    for (const cookie of [jar.header, undefined, 'better-auth.session_token=forged.value']) {
      const probe = await t.app.inject({ method: 'GET', url: '/api/session', headers: cookie ? { cookie } : {} });
      expect(probe.statusCode).toBe(200);
      expect(probe.json()).toEqual({ me: null });
    }
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const user = await t.factories.user({ password: PASSWORD });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: 'Not-The-Password-1' }, remoteAddress: '10.1.0.1' });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'nobody@nowhere-corp.in', password: 'Not-The-Password-1' }, remoteAddress: '10.1.0.1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // The same answer but for each request's own id (issue 37 §4).
    expect({ ...wrong.json(), requestId: undefined }).toEqual({ ...unknown.json(), requestId: undefined });
    expect(wrong.json().requestId).toBe(wrong.headers['x-request-id']);
  });

  it('answers sign-up for an existing email exactly as for a new one, and sends no second account', async () => {
    const user = await t.factories.user({ password: PASSWORD });
    const existing = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: user.email, password: PASSWORD, name: 'Someone Else' }, remoteAddress: '10.2.0.1' });
    const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'brand.new@fresh-corp.in', password: PASSWORD, name: 'Someone Else' }, remoteAddress: '10.2.0.1' });
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(existing.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(existing.json().user.id).not.toBe(user.id);
  });

  it('refuses common and short passwords at sign-up with a clear message', async () => {
    const common = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'c1@corp-one.in', password: 'password123', name: 'C One' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/too common/);
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'c2@corp-one.in', password: 'Ab1!', name: 'C Two' } });
    expect(short.statusCode).toBe(400);
    const long = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'c3@corp-one.in', password: `ಕನ್ನಡ-${'x'.repeat(70)}`, name: 'C Three' } });
    expect(long.statusCode).toBe(200);
  });

  it('locks an account after repeated failures with 429 and a clear message', async () => {
    const user = await t.factories.user({ password: PASSWORD });
    let last = 0;
    for (let i = 0; i < 10; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: `Wrong-guess-${i}x` }, remoteAddress: `10.3.0.${i + 1}` });
      last = response.statusCode;
    }
    expect(last).toBe(401);
    const locked = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: PASSWORD }, remoteAddress: '10.3.1.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(messages.auth.tooManyAttempts);
  });

  it('limits repeated sign-ins from one address with 429', async () => {
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: `ghost${i}@corp-two.in`, password: 'Whatever-123' }, remoteAddress: '10.4.0.1' });
      status = response.statusCode;
    }
    expect(status).toBe(429);
  });

  it('resets a password through the emailed link, ends other sessions, and the old password stops working', async () => {
    const user = await t.factories.user({ password: PASSWORD });
    const before = await signIn(t.app, user.email, PASSWORD, '10.5.0.1');
    const ask = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.email, redirectTo: '/auth/reset-password' }, remoteAddress: '10.5.0.2' });
    const askUnknown = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: 'unknown@corp-three.in', redirectTo: '/auth/reset-password' }, remoteAddress: '10.5.0.2' });
    expect(ask.statusCode).toBe(200);
    expect(askUnknown.statusCode).toBe(200);
    expect(ask.body).toBe(askUnknown.body);

    const mail = await waitForMessage(t.dataDir, (m) => m.to === user.email && m.subject === 'Reset your WorkCred password');
    const link = new URL(linkIn(mail));
    const follow = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(follow.statusCode).toBe(302);
    const token = new URL(follow.headers.location as string, 'http://localhost').searchParams.get('token');
    expect(token).toBeTruthy();
    const newPassword = 'Brand-New-Monsoon-Pass-9';
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword }, remoteAddress: '10.5.0.3' });
    expect(reset.statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: before.header } })).statusCode).toBe(401);
    const old = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: PASSWORD }, remoteAddress: '10.5.0.4' });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, user.email, newPassword, '10.5.0.5');
    expect(readOutbox(t.dataDir).some((m) => m.text.includes(newPassword))).toBe(false);
  });

  it('refuses a suspended account and ends its sessions', async () => {
    const user = await t.factories.user({ password: PASSWORD });
    const jar = await signIn(t.app, user.email, PASSWORD, '10.6.0.1');
    await t.database.db.updateTable('user_profiles').set({ suspended_at: new Date() }).where('id', '=', user.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jar.header } })).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: PASSWORD }, remoteAddress: '10.6.0.2' });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(messages.auth.accountSuspended);
    expect(new CookieJar().store(again).size).toBe(0);
  });
});
