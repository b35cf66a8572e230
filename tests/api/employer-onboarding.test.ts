import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { codeIn, readOutbox, waitForMessage } from '../support/outbox.ts';
import { waitFor } from '../support/wait-for.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const SUBJECT = messages.employerOnboardingFlow.emailSubject;
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.70.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

describe.skipIf(laneUnavailable)('employer onboarding: send-code and POST /api/employer-onboarding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  async function employer() {
    const company = await t.factories.company();
    const user = await t.factories.user({ role: 'employer', companyId: company.id });
    const jar = await signIn(t.app, user.email, user.password, nextIp());
    return { user, company, jar };
  }
  const sendCode = (jar: CookieJar | undefined, work_email: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/employer-onboarding/send-code', headers: jar ? { cookie: jar.header } : {}, payload: { work_email } as object, remoteAddress: nextIp() });
  const submit = (jar: CookieJar | undefined, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/employer-onboarding', headers: jar ? { cookie: jar.header } : {}, payload: body, remoteAddress: nextIp() });

  /** Sends a code and reads it from the outbox (waiting for a message that was not there before). */
  async function sendAndRead(jar: CookieJar, email: string): Promise<string> {
    const mails = () => readOutbox(t.dataDir).filter((m) => m.to === email && m.subject === SUBJECT);
    const before = mails().length;
    const response = await sendCode(jar, email);
    expect(response.statusCode, response.body).toBe(201);
    const mail = await waitFor(() => mails()[before], { what: `the onboarding code email to ${email}` });
    return codeIn(mail);
  }
  const form = (email: string, code: string) => ({
    company_name: 'Coral Freight Pvt Ltd',
    industry: 'Manufacturing',
    company_size: '51-200',
    company_website: '',
    full_name: 'Kavya Menon',
    work_email: email,
    phone_number: '+91 98765 43210',
    verification_code: code,
    terms_accepted: true,
  });
  const rowsOf = (userId: string) => t.database.db.selectFrom('employer_onboarding').selectAll().where('user_id', '=', userId).execute();
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('refuses anonymous callers with 401 on both routes', async () => {
    expect((await sendCode(undefined, 'x@corp.in')).statusCode).toBe(401);
    expect((await submit(undefined, form('x@corp.in', '123456'))).statusCode).toBe(401);
  });

  it('emails a 6-digit code to the work email and stores only its hash', async () => {
    const { user, jar } = await employer();
    const response = await sendCode(jar, ' Kavya@Coral-Freight.IN ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ sent_to: 'kavya@coral-freight.in', resend_after_seconds: 60 });
    const expiresIn = new Date(response.json().expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 5_000);

    const mail = await waitForMessage(t.dataDir, (m) => m.to === 'kavya@coral-freight.in' && m.subject === SUBJECT);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.database.db.selectFrom('employer_onboarding_codes').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.code_hash).not.toContain(code);
  });

  it('refuses a wrong code with 400 and saves nothing', async () => {
    const { user, jar } = await employer();
    const code = await sendAndRead(jar, 'wrong@coral-freight.in');
    const response = await submit(jar, form('wrong@coral-freight.in', wrongCodeFor(code)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'INVALID_CODE', message: messages.mfa.invalidCode, requestId: expect.any(String) });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('refuses an expired code with 400', async () => {
    const { user, jar } = await employer();
    const code = await sendAndRead(jar, 'late@coral-freight.in');
    await t.database.db.updateTable('employer_onboarding_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
    const response = await submit(jar, form('late@coral-freight.in', code));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'CODE_EXPIRED', message: messages.mfa.codeExpired, requestId: expect.any(String) });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('kills the code after 5 wrong tries: the right code no longer works', async () => {
    const { user, jar } = await employer();
    const code = await sendAndRead(jar, 'guess@coral-freight.in');
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i += 1) statuses.push((await submit(jar, form('guess@coral-freight.in', wrongCodeFor(String(Number(code) + i - 1))))).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await submit(jar, form('guess@coral-freight.in', code));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(messages.mfa.tooManyTries);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('refuses a resend within 60 s with 429, and caps sends at 5 an hour', async () => {
    const { user, jar } = await employer();
    expect((await sendCode(jar, 'spacing@coral-freight.in')).statusCode).toBe(201);
    const tooSoon = await sendCode(jar, 'spacing@coral-freight.in');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(messages.mfa.resendTooSoon);
    // Another address does not reset the spacing.
    expect((await sendCode(jar, 'other@coral-freight.in')).statusCode).toBe(429);

    const age = async () =>
      t.database.db.updateTable('employer_onboarding_codes').set({ created_at: new Date(Date.now() - 2 * 60_000) }).where('user_id', '=', user.id).execute();
    for (let sent = 1; sent < 5; sent += 1) {
      await age();
      expect((await sendCode(jar, 'spacing@coral-freight.in')).statusCode).toBe(201);
    }
    await age();
    const capped = await sendCode(jar, 'spacing@coral-freight.in');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(messages.mfa.hourlyLimit);
  });

  it('saves one row and one audit entry in the same step for the right code (201), and the code works once', async () => {
    const { user, company, jar } = await employer();
    const code = await sendAndRead(jar, 'kavya.menon@coral-freight.in');
    const response = await submit(jar, { ...form('Kavya.Menon@Coral-Freight.in', code), company_website: 'https://coral-freight.in' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    expect(typeof id).toBe('string');

    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      user_id: user.id,
      company_name: 'Coral Freight Pvt Ltd',
      industry: 'Manufacturing',
      company_size: '51-200',
      company_website: 'https://coral-freight.in',
      full_name: 'Kavya Menon',
      work_email: 'kavya.menon@coral-freight.in',
      phone_number: '+91 98765 43210',
    });
    const audit = await t.database.db.selectFrom('admin_audit_logs').selectAll().where('entity_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: user.id, action: 'onboarding_submitted', entity_type: 'employer_onboarding', company_id: company.id });

    const again = await submit(jar, form('kavya.menon@coral-freight.in', code));
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CODE_USED');
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('saves once when the same right code is submitted twice at once (double click)', async () => {
    const { user, jar } = await employer();
    const code = await sendAndRead(jar, 'twice@coral-freight.in');
    const answers = await Promise.all([submit(jar, form('twice@coral-freight.in', code)), submit(jar, form('twice@coral-freight.in', code))]);
    // Exactly one wins; the loser is refused (400 used code, or 429 when it lost the race for the
    // attempt counter on a real server), never a second row.
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect([400, 409, 429]).toContain(statuses[1]);
    expect(await rowsOf(user.id)).toHaveLength(1);
    const audits = await t.database.db.selectFrom('admin_audit_logs').select('id').where('admin_id', '=', user.id).where('action', '=', 'onboarding_submitted').execute();
    expect(audits).toHaveLength(1);
  });

  it('stores an empty website as null, and audits a user without a company with company_id null', async () => {
    const user = await t.factories.user({ role: 'employer' });
    const jar = await signIn(t.app, user.email, user.password, nextIp());
    const code = await sendAndRead(jar, 'nosite@coral-freight.in');
    const response = await submit(jar, form('nosite@coral-freight.in', code));
    expect(response.statusCode).toBe(201);
    const [row] = await rowsOf(user.id);
    expect(row?.company_website).toBeNull();
    const audit = await t.database.db.selectFrom('admin_audit_logs').selectAll().where('entity_id', '=', response.json().id).executeTakeFirstOrThrow();
    expect(audit.company_id).toBeNull();
  });

  it("never accepts another user's code", async () => {
    const alice = await employer();
    const bob = await employer();
    const bobsCode = await sendAndRead(bob.jar, 'shared@coral-freight.in');
    // Alice has no code for this address: Bob's code does not count.
    const noCode = await submit(alice.jar, form('shared@coral-freight.in', bobsCode));
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().code).toBe('NO_CODE');
    // Alice asks for her own: Bob's code is still wrong for her (unless the two happen to match).
    const alicesCode = await sendAndRead(alice.jar, 'shared@coral-freight.in');
    if (alicesCode !== bobsCode) {
      const wrong = await submit(alice.jar, form('shared@coral-freight.in', bobsCode));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('INVALID_CODE');
    }
    expect(await rowsOf(alice.user.id)).toEqual([]);
    // Bob's code is untouched by Alice's tries and still works for Bob.
    expect((await submit(bob.jar, form('shared@coral-freight.in', bobsCode))).statusCode).toBe(201);
  });

  it('only the newest code works, and a code is bound to the address it was sent to', async () => {
    const { user, jar } = await employer();
    const first = await sendAndRead(jar, 'first@coral-freight.in');
    await t.database.db.updateTable('employer_onboarding_codes').set({ created_at: new Date(Date.now() - 2 * 60_000) }).where('user_id', '=', user.id).execute();
    const second = await sendAndRead(jar, 'second@coral-freight.in');
    const old = await submit(jar, form('first@coral-freight.in', first));
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('CODE_EXPIRED');
    if (first !== second) expect((await submit(jar, form('second@coral-freight.in', first))).statusCode).toBe(400);
    expect((await submit(jar, form('first@coral-freight.in', second))).statusCode).toBe(400);
    expect((await submit(jar, form('second@coral-freight.in', second))).statusCode).toBe(201);
  });

  it('answers 400 naming the field when a required field is missing or wrong, before any code is spent', async () => {
    const { user, jar } = await employer();
    const code = await sendAndRead(jar, 'fields@coral-freight.in');
    const full = form('fields@coral-freight.in', code);
    for (const field of ['company_name', 'industry', 'company_size', 'full_name', 'work_email', 'phone_number', 'verification_code', 'terms_accepted']) {
      const body: Record<string, unknown> = { ...full };
      delete body[field];
      const response = await submit(jar, body);
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(response.json().message.startsWith(`${field}:`), response.json().message).toBe(true);
    }
    const invalid: [string, unknown][] = [
      ['industry', 'Mining'],
      ['company_size', '2-5'],
      ['company_website', 'javascript:alert(1)'],
      ['phone_number', '12345'],
      ['verification_code', '1234567'],
      ['terms_accepted', false],
      ['company_name', '   '],
      ['company_name', 'Nul\u0000Freight'],
      ['full_name', 'Tab\tName'],
    ];
    for (const [field, value] of invalid) {
      const response = await submit(jar, { ...full, [field]: value });
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(response.json().message.startsWith(`${field}:`)).toBe(true);
    }
    expect((await submit(jar, { ...full, user_id: 'someone-else' })).statusCode).toBe(400);
    const stored = await t.database.db.selectFrom('employer_onboarding_codes').select('attempts').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.attempts).toBe(0);
    expect((await submit(jar, full)).statusCode).toBe(201);
  });
});
