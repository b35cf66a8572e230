import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { whatsappMessages as text } from '../../shared/messages/whatsapp.ts';
import type { PrivacyOverview } from '../../shared/schemas/privacy.ts';
import type { WhatsappOptIn } from '../../shared/schemas/whatsapp.ts';
import { collectPersonData } from '../../server/features/privacy/export-data.ts';
import { readOutbox, waitForMessage } from '../support/outbox.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const URL = '/api/candidate/whatsapp';

/**
 * Issue 36 §3: a candidate opts in to WhatsApp and out again, each recorded in the consent ledger;
 * only a verified number can be opted in; only the candidate may choose. An opted-in candidate's
 * application sends the application_received template through the outbox, in the apply's
 * transaction; nobody else gets one.
 */
describe.skipIf(laneUnavailable)('WhatsApp opt-in: GET/PUT /api/candidate/whatsapp, and the message on Apply', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.36.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const db = () => t.database.db;

  async function candidate(fullName: string, phone?: string | null) {
    const user = await t.factories.user({ role: 'candidate', fullName });
    await t.factories.candidateProfile(user.id, phone === undefined ? {} : { phone });
    const profile = await db().selectFrom('user_profiles').select('phone').where('id', '=', user.id).executeTakeFirstOrThrow();
    return { ...user, phone: profile.phone, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  const get = (jar?: CookieJar) => t.app.inject({ method: 'GET', url: URL, headers: jar ? { cookie: jar.header } : {}, remoteAddress: nextIp() });
  const put = (payload: unknown, jar?: CookieJar) =>
    t.app.inject({ method: 'PUT', url: URL, headers: { 'content-type': 'application/json', ...(jar ? { cookie: jar.header } : {}) }, payload: JSON.stringify(payload), remoteAddress: nextIp() });
  const consentRows = (id: string) => db().selectFrom('whatsapp_consents').select(['phone', 'revoked_at', 'notice_version', 'ip_address']).where('candidate_id', '=', id).orderBy('granted_at').execute();
  const ledger = async (jar: CookieJar) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/privacy', headers: { cookie: jar.header }, remoteAddress: nextIp() });
    return response.json<PrivacyOverview>().consents.filter((entry) => entry.kind === 'whatsapp');
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('refuses the signed-out (401), employers and admins (403): the opt-in is the candidate’s own', async () => {
    const company = await t.factories.company();
    const employer = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    const admin = await t.factories.user({ role: 'admin' });
    const employerJar = await signIn(t.app, employer.email, employer.password, nextIp());
    const adminJar = await signIn(t.app, admin.email, admin.password, nextIp());
    expect((await get()).statusCode).toBe(401);
    expect((await put({ opted_in: true })).statusCode).toBe(401);
    for (const jar of [employerJar, adminJar]) {
      for (const response of [await get(jar), await put({ opted_in: true }, jar)]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 'CANDIDATES_ONLY', message: text.candidatesOnly, requestId: expect.any(String) });
      }
    }
    expect(await db().selectFrom('whatsapp_consents').select('id').execute()).toEqual([]);
  });

  it('refuses to opt in without a verified number, and says so', async () => {
    const person = await candidate('Nilesh Patil', null);
    expect((await get(person.jar)).json<WhatsappOptIn>()).toEqual({ available: true, opted_in: false, phone: null, phone_verified: false, given_at: null, phone_changed: false });
    const refused = await put({ opted_in: true }, person.jar);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'PHONE_NOT_VERIFIED', message: text.needsVerifiedPhone, requestId: expect.any(String) });
    // A number given but not verified is no better.
    await db().updateTable('user_profiles').set({ phone: '+919812311111', mobile_verified: false }).where('id', '=', person.id).execute();
    expect((await put({ opted_in: true }, person.jar)).statusCode).toBe(409);
    expect(await consentRows(person.id)).toEqual([]);
  });

  it('refuses a body that is not { opted_in: boolean } and writes nothing', async () => {
    const person = await candidate('Farah Khan');
    for (const body of [{}, { opted_in: 'yes' }, { opted_in: true, phone: '+911234567890' }, { opted_in: true, candidate_id: 'someone-else' }]) {
      expect((await put(body, person.jar)).statusCode).toBe(400);
    }
    expect(await consentRows(person.id)).toEqual([]);
  });

  it('opts in and out, each recorded in the consent ledger; repeating either changes nothing', async () => {
    const person = await candidate('Ritu Sharma');
    const on = await put({ opted_in: true }, person.jar);
    expect(on.statusCode).toBe(200);
    expect(on.json<WhatsappOptIn>()).toEqual({ available: true, opted_in: true, phone: person.phone, phone_verified: true, given_at: expect.any(String), phone_changed: false });
    expect((await put({ opted_in: true }, person.jar)).statusCode).toBe(200);
    expect(await consentRows(person.id)).toEqual([{ phone: person.phone, revoked_at: null, notice_version: expect.any(String), ip_address: expect.any(String) }]);

    const [given] = await ledger(person.jar);
    expect(given).toMatchObject({ kind: 'whatsapp', purpose: fill(text.consentPurpose, { phone: person.phone! }), organisation: null, withdrawn_at: null, withdrawable: true });

    const off = await put({ opted_in: false }, person.jar);
    expect(off.json<WhatsappOptIn>()).toMatchObject({ opted_in: false, given_at: null, phone_changed: false });
    expect((await put({ opted_in: false }, person.jar)).statusCode).toBe(200);
    const entries = await ledger(person.jar);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'whatsapp', withdrawn_at: expect.any(String), withdrawable: false });

    // The person's data export carries the opt-in and its withdrawal.
    const exported = await collectPersonData(db(), person.id, new Date());
    expect(exported.data.whatsapp_consents).toEqual([{ phone: person.phone, notice_version: expect.any(String), granted_at: expect.any(Date), revoked_at: expect.any(Date) }]);

    const audit = await db().selectFrom('admin_audit_logs').select('action').where('admin_id', '=', person.id).where('action', 'like', 'whatsapp_%').orderBy('created_at').execute();
    expect(audit.map((row) => row.action)).toEqual(['whatsapp_opt_in', 'whatsapp_opt_out']);
  });

  it('an opt-in given for a number since changed is not used; opting in again keeps both in the ledger', async () => {
    const person = await candidate('Kiran Rao');
    await put({ opted_in: true }, person.jar);
    await db().updateTable('user_profiles').set({ phone: '+919812322222', mobile_verified: true }).where('id', '=', person.id).execute();
    expect((await get(person.jar)).json<WhatsappOptIn>()).toMatchObject({ opted_in: false, phone: '+919812322222', phone_changed: true });
    expect((await put({ opted_in: true }, person.jar)).json<WhatsappOptIn>()).toMatchObject({ opted_in: true, phone_changed: false });
    const rows = await consentRows(person.id);
    expect(rows.map((row) => [row.phone, row.revoked_at === null])).toEqual([
      [person.phone, false],
      ['+919812322222', true],
    ]);
    expect(await ledger(person.jar)).toHaveLength(2);
  });

  describe('Apply sends application_received on WhatsApp to those who opted in', () => {
    let company: { id: string; name: string };
    const apply = (jobId: string, jar: CookieJar) =>
      t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/applications`, headers: { cookie: jar.header, 'content-type': 'application/json' }, payload: {}, remoteAddress: nextIp() });
    const whatsappTo = (phone: string) => db().selectFrom('outbox_messages').select(['template', 'body_text', 'status', 'provider_message_id']).where('channel', '=', 'whatsapp').where('recipient', '=', phone).execute();

    beforeAll(async () => {
      company = await t.factories.company({ name: 'Kaveri Logistics' });
    });

    it('queues the template with name, job title and company for an opted-in candidate, and the outbox sends it', async () => {
      const person = await candidate('Meena Das');
      await put({ opted_in: true }, person.jar);
      const job = await t.factories.job(company.id, { title: 'Fleet Supervisor', expiresAt: new Date(Date.now() + 30 * DAY) });
      expect((await apply(job.id, person.jar)).statusCode).toBe(201);

      // The development provider: the outbox's copy is the message.
      const copy = await waitForMessage(t.dataDir, (m) => m.channel === 'whatsapp' && m.to === person.phone, 'the WhatsApp message');
      expect(copy).toMatchObject({
        channel: 'whatsapp',
        template: { name: 'application_received', language: 'en', parameters: ['Meena Das', 'Fleet Supervisor', 'Kaveri Logistics'] },
        text: fill(text.templates.application_received, { name: 'Meena Das', title: 'Fleet Supervisor', company: 'Kaveri Logistics' }),
      });
      const [row] = await whatsappTo(person.phone!);
      expect(row).toMatchObject({ status: 'sent', provider_message_id: expect.stringMatching(/^wamid\.development-/) });

      // Applying again (double click): nothing more is sent.
      expect((await apply(job.id, person.jar)).statusCode).toBe(200);
      expect(await whatsappTo(person.phone!)).toHaveLength(1);
    });

    it('sends nothing on WhatsApp to a candidate who never opted in, or opted out (the email still goes)', async () => {
      const never = await candidate('Sana Qureshi');
      const left = await candidate('Arun Pillai');
      await put({ opted_in: true }, left.jar);
      await put({ opted_in: false }, left.jar);
      for (const person of [never, left]) {
        const job = await t.factories.job(company.id, { title: `Dispatcher ${person.fullName}`, expiresAt: new Date(Date.now() + 30 * DAY) });
        expect((await apply(job.id, person.jar)).statusCode).toBe(201);
        await waitForMessage(t.dataDir, (m) => m.channel === 'email' && m.to === person.email && (m.subject ?? '').startsWith('Application received'), 'the email');
        expect(await whatsappTo(person.phone!)).toEqual([]);
      }
      expect(readOutbox(t.dataDir).filter((m) => m.channel === 'whatsapp' && (m.to === never.phone || m.to === left.phone))).toEqual([]);
    });
  });
});

describe.skipIf(laneUnavailable)('WhatsApp off (WHATSAPP_PROVIDER=none)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WHATSAPP_PROVIDER: 'none' });
  });
  afterAll(async () => t?.close());

  it('offers nothing to turn on, and says so', async () => {
    const user = await t.factories.user({ role: 'candidate' });
    await t.factories.candidateProfile(user.id);
    const jar = await signIn(t.app, user.email, user.password, '10.36.9.1');
    const state = await t.app.inject({ method: 'GET', url: URL, headers: { cookie: jar.header } });
    expect(state.json<WhatsappOptIn>()).toMatchObject({ available: false, opted_in: false, phone_verified: true });
    const refused = await t.app.inject({ method: 'PUT', url: URL, headers: { cookie: jar.header, 'content-type': 'application/json' }, payload: { opted_in: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'WHATSAPP_UNAVAILABLE', message: text.unavailable, requestId: expect.any(String) });
  });
});
