import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { COMPANY_CHECK_RATE_LIMIT, EMPLOYER_SIGNUP_RATE_LIMIT } from '../../server/features/employer-signup/routes.ts';
import { waitForMessage } from '../support/outbox.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PASSWORD = 'Tandoor-Harbour-Lantern-58';
let ipCounter = 0;
/** Each rate-limited call gets its own address unless a test is about the limit. */
const nextIp = () => {
  ipCounter += 1;
  return `10.60.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

describe.skipIf(laneUnavailable)('employer signup: check_company_exists and POST /api/employer-signup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const check = (body: unknown, remoteAddress = nextIp()) => t.app.inject({ method: 'POST', url: '/api/rpc/check-company-exists', payload: body as object, remoteAddress });
  const signUp = (body: Record<string, unknown>, remoteAddress = nextIp()) => t.app.inject({ method: 'POST', url: '/api/employer-signup', payload: body, remoteAddress });
  const addVerification = (company_name: string, domain: string, verification_status: 'pending' | 'verified' | 'rejected') =>
    t.database.db.insertInto('company_verifications').values({ company_name, domain, verification_status }).execute();
  const userByEmail = (email: string) => t.database.db.selectFrom('auth_users').select(['id', 'emailVerified']).where('email', '=', email).executeTakeFirst();
  const verificationsOf = (name: string) =>
    t.database.db
      .selectFrom('company_verifications')
      .select(['company_name', 'domain', 'verification_status'])
      .where((eb) => eb(eb.fn('lower', ['company_name']), '=', name.toLowerCase()))
      .execute();

  describe('check_company_exists', () => {
    it('answers a list whose only item says an unknown company is available (green), with exactly the three fields', async () => {
      const response = await check({ company_name: 'Nimbus Ledger Works' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual([{ company_exists: false, verification_status: 'not_found', status_message: 'Great — Nimbus Ledger Works is available.' }]);
      expect(Object.keys(body[0]).sort()).toEqual(['company_exists', 'status_message', 'verification_status']);
    });

    it('reports a company awaiting verification as existing and pending', async () => {
      await addVerification('Pending Pixels', 'pendingpixels.in', 'pending');
      const response = await check({ company_name: 'Pending Pixels' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { company_exists: true, verification_status: 'pending', status_message: messages.employerSignupFlow.statusPending.replace('{name}', 'Pending Pixels') },
      ]);
    });

    it('reports a verified company as existing and verified, with the invite hint', async () => {
      await addVerification('Verified Ventures', 'verifiedventures.in', 'verified');
      const [result] = (await check({ company_name: 'Verified Ventures' })).json();
      expect(result).toEqual({
        company_exists: true,
        verification_status: 'verified',
        status_message: 'Verified Ventures is already registered and verified on WorkCred. Ask your administrator to invite you.',
      });
    });

    it('prefers verified over pending when several signups name the company', async () => {
      await addVerification('Twin Domains', 'twin-one.in', 'pending');
      await addVerification('Twin Domains', 'twin-two.in', 'verified');
      const [result] = (await check({ company_name: 'Twin Domains' })).json();
      expect(result.verification_status).toBe('verified');
    });

    it('reports a company that exists only in companies as existing, with no verification', async () => {
      await t.factories.company({ name: 'Only Companies Ltd' });
      const [result] = (await check({ company_name: 'Only Companies Ltd' })).json();
      expect(result).toMatchObject({ company_exists: true, verification_status: 'not_found' });
      expect(result.status_message).toContain('Only Companies Ltd');
      expect(result.status_message).not.toMatch(/available/);
    });

    it('ignores case and surrounding spaces', async () => {
      await addVerification('Acme Infotech', 'acme-infotech.in', 'pending');
      await t.factories.company({ name: 'Saffron Systems' });
      const [a] = (await check({ company_name: '   aCmE   INFOTECH  ' })).json();
      expect(a).toMatchObject({ company_exists: true, verification_status: 'pending' });
      expect(a.status_message).toContain('aCmE INFOTECH');
      const [b] = (await check({ company_name: 'saffron systems ' })).json();
      expect(b).toMatchObject({ company_exists: true });
    });

    it('answers 400 to names under 3 characters (after trimming), unknown fields and missing names', async () => {
      // A NUL (which PostgreSQL text cannot hold) is refused by the schema, not by a database error.
      const bodies = [{ company_name: 'ab' }, { company_name: '  ab   ' }, { company_name: '' }, {}, { company_name: 'Good Name', extra: 1 }, { company_name: 42 }, { company_name: 'x'.repeat(201) }, { company_name: 'Nul\u0000Corp' }];
      for (const body of bodies) {
        const response = await check(body);
        expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
        expect(response.json().code).toBe('VALIDATION_FAILED');
      }
      expect((await check({ company_name: 'abc' })).statusCode).toBe(200);
    });

    it('is rate-limited per IP with 429, and other addresses are unaffected', async () => {
      const ip = '10.61.0.1';
      for (let i = 0; i < COMPANY_CHECK_RATE_LIMIT.max; i += 1) {
        expect((await check({ company_name: `Rate Company ${i}` }, ip)).statusCode).toBe(200);
      }
      const limited = await check({ company_name: 'One Too Many' }, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(messages.errors.rateLimited);
      expect((await check({ company_name: 'Other Address' }, '10.61.0.2')).statusCode).toBe(200);
    });
  });

  describe('POST /api/employer-signup', () => {
    it('creates an unconfirmed employer account, queues the confirmation email and records the company with the email domain', async () => {
      const email = 'meera.iyer@lotus-analytics.in';
      const response = await signUp({ company_name: '  Lotus   Analytics ', full_name: 'Meera Iyer', email: 'Meera.Iyer@Lotus-Analytics.in', password: PASSWORD, plan: 'starter' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'confirmation_sent' });
      expect(response.cookies).toHaveLength(0);

      const user = await userByEmail(email);
      expect(user).toMatchObject({ emailVerified: false });
      // The pricing section's plan waits on the account until the company is created.
      expect((await t.database.db.selectFrom('auth_users').select('chosenPlan').where('email', '=', email).executeTakeFirstOrThrow()).chosenPlan).toBe('starter');
      const profile = await t.database.db.selectFrom('user_profiles').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(profile).toMatchObject({ role: 'employer', full_name: 'Meera Iyer', company_id: null });
      expect(await verificationsOf('Lotus Analytics')).toEqual([{ company_name: 'Lotus Analytics', domain: 'lotus-analytics.in', verification_status: 'pending' }]);

      const mail = await waitForMessage(t.dataDir, (m) => m.to === email && m.subject === 'Confirm your WorkCred account');
      expect(mail.text).toContain('callbackURL=%2Fauth%2Fcallback');
      // Unconfirmed: no sign-in yet.
      const early = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: PASSWORD }, remoteAddress: nextIp() });
      expect(early.statusCode).toBe(403);
      // The company is now known to the live check.
      const [result] = (await check({ company_name: 'lotus analytics' })).json();
      expect(result).toMatchObject({ company_exists: true, verification_status: 'pending' });
    });

    it('blocks a signup under a verified company with the check message, creating nothing', async () => {
      await addVerification('Banyan Robotics', 'banyan-robotics.in', 'verified');
      const email = 'intruder@other-domain.in';
      const response = await signUp({ company_name: ' banyan ROBOTICS ', full_name: 'Someone Else', email, password: PASSWORD });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'COMPANY_ALREADY_VERIFIED',
        message: 'banyan ROBOTICS is already registered and verified on WorkCred. Ask your administrator to invite you.',
        requestId: expect.any(String),
      });
      expect(await userByEmail(email)).toBeUndefined();
      expect(await verificationsOf('Banyan Robotics')).toHaveLength(1);
    });

    it('refuses a free-mail address with the spec message, creating nothing', async () => {
      for (const email of ['someone@gmail.com', 'Someone@YAHOO.com', 'a.b@hotmail.com', 'x@outlook.com', 'not-an-email']) {
        const response = await signUp({ company_name: 'Freemail Traders', full_name: 'Free Mailer', email, password: PASSWORD });
        expect({ email, status: response.statusCode }).toEqual({ email, status: 400 });
        expect(response.json().message).toBe(messages.employerSignup.invalidWorkEmail);
        expect(await userByEmail(email.toLowerCase())).toBeUndefined();
      }
      expect(await verificationsOf('Freemail Traders')).toEqual([]);
    });

    it('applies the password policy: common and short passwords answer 400, creating nothing', async () => {
      const common = await signUp({ company_name: 'Weak Pass Co', full_name: 'Weak Pass', email: 'weak@weakpass.in', password: 'password123' });
      expect(common.statusCode).toBe(400);
      expect(common.json().message).toMatch(/too common/);
      const short = await signUp({ company_name: 'Weak Pass Co', full_name: 'Weak Pass', email: 'weak@weakpass.in', password: 'Ab1!' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toMatch(/at least 8/);
      expect(await userByEmail('weak@weakpass.in')).toBeUndefined();
      expect(await verificationsOf('Weak Pass Co')).toEqual([]);
    });

    it('answers an already-registered email exactly like a new one, and makes no second account', async () => {
      const existing = await t.factories.user({ email: 'ravi@kestrel-labs.in', role: 'employer' });
      const again = await signUp({ company_name: 'Kestrel Labs', full_name: 'Not Ravi', email: existing.email, password: 'Another-Long-Passphrase-9' });
      const fresh = await signUp({ company_name: 'Kestrel Labs', full_name: 'New Person', email: 'new.person@kestrel-labs.in', password: PASSWORD });
      expect(again.statusCode).toBe(fresh.statusCode);
      expect(again.json()).toEqual(fresh.json());
      expect(again.headers['set-cookie']).toBeUndefined();
      const users = await t.database.db.selectFrom('auth_users').select('id').where('email', '=', existing.email).execute();
      expect(users).toEqual([{ id: existing.id }]);
      // The existing account is unchanged: its password still signs in.
      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: existing.email, password: existing.password }, remoteAddress: nextIp() });
      expect(signIn.statusCode).toBe(200);
      expect(await verificationsOf('Kestrel Labs')).toHaveLength(1);
    });

    it('creates one company_verifications row for a double submit, in sequence or at once', async () => {
      const body = { company_name: 'Double Click Pvt Ltd', full_name: 'Dee Click', email: 'dee@doubleclick-pvt.in', password: PASSWORD };
      const first = await signUp(body);
      const second = await signUp(body);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(await verificationsOf('Double Click Pvt Ltd')).toHaveLength(1);

      const together = { ...body, company_name: 'Parallel Clicks', email: 'pat@parallel-clicks.in' };
      const answers = await Promise.all([signUp(together), signUp(together), signUp(together)]);
      expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join()).toEqual([200, 200, 200]);
      expect(await verificationsOf('Parallel Clicks')).toHaveLength(1);
      expect(await t.database.db.selectFrom('auth_users').select('id').where('email', '=', together.email).execute()).toHaveLength(1);
    });

    it('accepts the landing plans and refuses anything else, unknown fields included (no mass assignment)', async () => {
      const professional = await signUp({ company_name: 'Plan Pro Ltd', full_name: 'Pro Plan', email: 'pro@planpro.in', password: PASSWORD, plan: 'professional' });
      expect(professional.statusCode).toBe(200);
      const enterprise = await signUp({ company_name: 'Plan Ent Ltd', full_name: 'Ent Plan', email: 'ent@planent.in', password: PASSWORD, plan: 'enterprise' });
      expect(enterprise.statusCode).toBe(400);
      const nul = await signUp({ company_name: 'Nul Ltd', full_name: 'Nul\u0000Name', email: 'nul@nul-ltd.in', password: PASSWORD });
      expect(nul.statusCode).toBe(400);
      const sneaky = await signUp({ company_name: 'Sneaky Ltd', full_name: 'Sneaky', email: 'sneaky@sneaky-ltd.in', password: PASSWORD, role: 'admin' });
      expect(sneaky.statusCode).toBe(400);
      expect(await userByEmail('sneaky@sneaky-ltd.in')).toBeUndefined();
      for (const missing of ['company_name', 'full_name', 'email', 'password']) {
        const body: Record<string, unknown> = { company_name: 'Missing Field Co', full_name: 'Miss Ing', email: 'miss@missing-field.in', password: PASSWORD };
        delete body[missing];
        const response = await signUp(body);
        expect({ missing, status: response.statusCode }).toEqual({ missing, status: 400 });
      }
    });

    it('is rate-limited per IP with 429', async () => {
      const ip = '10.62.0.1';
      for (let i = 0; i < EMPLOYER_SIGNUP_RATE_LIMIT.max; i += 1) {
        expect((await signUp({ company_name: 'Limit Co', full_name: 'Li Mit', email: `limit${i}@gmail.com`, password: PASSWORD }, ip)).statusCode).toBe(400);
      }
      const limited = await signUp({ company_name: 'Limit Co', full_name: 'Li Mit', email: 'limit@limit-co.in', password: PASSWORD }, ip);
      expect(limited.statusCode).toBe(429);
      expect(await userByEmail('limit@limit-co.in')).toBeUndefined();
    });
  });
});
