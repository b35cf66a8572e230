import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import type { GuardianConsent, PrivacyOverview } from '../../shared/schemas/privacy.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.privacy;

/**
 * Issue 18, a person under 18: registration refuses them until a platform admin records a
 * parent's or guardian's verifiable consent; then only the notice is asked, the child is emailed,
 * the consent is in their ledger and the admin's list; refusals, who may not, bad input.
 */
describe.skipIf(laneUnavailable)('privacy: guardian consent for a person under 18', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.93.${Math.floor(++ip / 250)}.${ip % 250}`;
  const db = () => t.database.db;
  type Person = { id: string; email: string; jar: CookieJar };
  const person = async (values: Parameters<TestApp['factories']['user']>[0]): Promise<Person> => {
    const user = await t.factories.user(values);
    return { id: user.id, email: user.email, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  };
  const call = (jar: CookieJar | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: nextIp() });
  const child = async (fullName = '') => {
    const user = await person({ role: 'candidate', fullName });
    await t.factories.candidateProfile(user.id, { declared: false, completed: false });
    return user;
  };
  const consentBody = (email: string) => ({ email, guardian_name: 'Sunita Gupta', relationship: 'Mother', evidence: 'Mother’s Aadhaar seen on a video call; signed form in the grievance mailbox.' });
  const guardianColumns = (userId: string) =>
    db().selectFrom('candidate_profiles').select(['guardian_consent_at', 'guardian_name', 'guardian_relationship', 'guardian_consent_note']).where('user_id', '=', userId).executeTakeFirstOrThrow();

  let admin: Person, owner: Person;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await person({ role: 'admin', fullName: 'Farah Khan' });
    owner = await person({ role: 'employer', companyId: (await t.factories.company()).id, companyRole: 'owner' });
  });
  afterAll(async () => t?.close());

  it('lets a person under 18 register once an admin records a guardian’s consent; only the notice is then asked of them', async () => {
    const ishaan = await child();
    const body = { full_name: 'Ishaan Gupta', education: 'Class XI' };
    expect((await call(ishaan.jar, 'PUT', '/api/candidate/profile/personal', { ...body, notice_accepted: true })).json()).toMatchObject({ code: 'ADULT_REQUIRED', message: text.adultRequired });

    const recorded = await call(admin.jar, 'POST', '/api/admin/privacy/guardian-consents', { ...consentBody(`  ${ishaan.email.toUpperCase()} `) });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json<GuardianConsent>()).toMatchObject({ person: { id: ishaan.id, email: ishaan.email }, guardian_name: 'Sunita Gupta', relationship: 'Mother', recorded_by: 'Farah Khan' });
    expect((await call(admin.jar, 'GET', '/api/admin/privacy/guardian-consents')).json<GuardianConsent[]>().map((row) => row.person.id)).toContain(ishaan.id);

    const mail = await db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', ishaan.email).executeTakeFirstOrThrow();
    expect(mail.subject).toBe(text.guardianEmailSubject);
    expect(mail.body_text).toContain('Your mother, Sunita Gupta, has given consent');
    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'details']).where('entity_id', '=', ishaan.id).executeTakeFirstOrThrow();
    expect(audit.action).toBe('privacy_guardian_consent_recorded');
    expect(JSON.stringify(audit.details)).not.toContain('Sunita');

    const state = (await call(ishaan.jar, 'GET', '/api/candidate/registration')).json<{ guardian_consent_at: string | null; declared: boolean }>();
    expect(state).toMatchObject({ declared: false, guardian_consent_at: recorded.json<GuardianConsent>().recorded_at });
    expect((await call(ishaan.jar, 'PUT', '/api/candidate/profile/personal', body)).json()).toMatchObject({ code: 'NOTICE_REQUIRED' });
    expect((await call(ishaan.jar, 'PUT', '/api/candidate/profile/personal', { ...body, notice_accepted: true })).json()).toMatchObject({ declared: true });
    // The age was not declared by the child: the parent's consent stands for it.
    expect((await db().selectFrom('candidate_profiles').select('adult_declared_at').where('user_id', '=', ishaan.id).executeTakeFirstOrThrow()).adult_declared_at).toBeNull();

    const consents = (await call(ishaan.jar, 'GET', '/api/privacy')).json<PrivacyOverview>().consents;
    expect(consents.find((entry) => entry.kind === 'guardian')).toMatchObject({
      purpose: fill(text.guardianPurpose, { guardian: 'Sunita Gupta', relationship: 'Mother' }),
      withdrawable: false,
      organisation: null,
    });
  });

  it('refuses an unknown or non-candidate address, a second record, and a person who declared they are 18; writes nothing', async () => {
    const adult = await person({ role: 'candidate' });
    await t.factories.candidateProfile(adult.id);
    const twice = await child();
    expect((await call(admin.jar, 'POST', '/api/admin/privacy/guardian-consents', consentBody(twice.email))).statusCode).toBe(201);
    const outboxBefore = Number((await db().selectFrom('outbox_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    const cases: [string, number, string][] = [
      ['nobody@nowhere.example.in', 404, text.guardianPersonNotFound],
      [owner.email, 404, text.guardianPersonNotFound],
      [twice.email, 409, text.guardianAlreadyRecorded],
      [adult.email, 409, text.guardianNotNeeded],
    ];
    for (const [email, status, message] of cases) {
      const response = await call(admin.jar, 'POST', '/api/admin/privacy/guardian-consents', consentBody(email));
      expect(response.statusCode, email).toBe(status);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect(await guardianColumns(adult.id)).toEqual({ guardian_consent_at: null, guardian_name: null, guardian_relationship: null, guardian_consent_note: null });
    expect(Number((await db().selectFrom('outbox_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(outboxBefore);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const noah = await child();
    const valid = consentBody(noah.email);
    const cases: [unknown, string][] = [
      [{ ...valid, email: 'not-an-email' }, text.guardianEmailInvalid],
      [{ ...valid, guardian_name: '  ' }, text.guardianNameRequired],
      [{ ...valid, guardian_name: 'x'.repeat(101) }, text.guardianNameTooLong],
      [{ ...valid, relationship: '' }, text.guardianRelationshipRequired],
      [{ ...valid, evidence: undefined }, text.guardianEvidenceRequired],
      [{ ...valid, evidence: 'y'.repeat(501) }, text.guardianEvidenceTooLong],
      [{ ...valid, extra: true }, ''],
    ];
    for (const [body, message] of cases) {
      const response = await call(admin.jar, 'POST', '/api/admin/privacy/guardian-consents', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect((await guardianColumns(noah.id)).guardian_consent_at).toBeNull();
  });

  it('is for platform admins only', async () => {
    const maya = await child();
    for (const jar of [owner.jar, maya.jar]) {
      expect((await call(jar, 'GET', '/api/admin/privacy/guardian-consents')).statusCode).toBe(403);
      expect((await call(jar, 'POST', '/api/admin/privacy/guardian-consents', consentBody(maya.email))).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/api/admin/privacy/guardian-consents')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/admin/privacy/guardian-consents', consentBody(maya.email))).statusCode).toBe(401);
    expect((await guardianColumns(maya.id)).guardian_consent_at).toBeNull();
  });

  it('answers random input without a server error', async () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('email', 'guardian_name', 'relationship', 'evidence', 'x'), value, { maxKeys: 5 }), async (payload) => {
        const response = await call(admin.jar, 'POST', '/api/admin/privacy/guardian-consents', payload);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
