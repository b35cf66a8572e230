import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { AdminPrivacyRequest, PrivacyOverview, PrivacyRequest } from '../../shared/schemas/privacy.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.privacy;

/**
 * Issue 18, corrections of what others confirmed: an employment record goes to those who manage
 * its company's employees (answered in their company, not another's), a verified check to the
 * verification team (the admin queue); bad input; who may not.
 */
describe.skipIf(laneUnavailable)('privacy: correction requests', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.94.${Math.floor(++ip / 250)}.${ip % 250}`;
  const db = () => t.database.db;
  type Person = { id: string; email: string; jar: CookieJar };
  const person = async (values: Parameters<TestApp['factories']['user']>[0]): Promise<Person> => {
    const user = await t.factories.user(values);
    return { id: user.id, email: user.email, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  };
  const call = (jar: CookieJar | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: nextIp() });

  let owner: Person, admin: Person, recruiter: Person, interviewer: Person, otherOwner: Person, platformAdmin: Person, sunita: Person;
  let employmentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const company = await t.factories.company({ name: 'Narmada Textiles Pvt Ltd' });
    const other = await t.factories.company({ name: 'Tapti Mills Pvt Ltd' });
    owner = await person({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    admin = await person({ role: 'employer', companyId: company.id, companyRole: 'admin' });
    recruiter = await person({ role: 'employer', companyId: company.id, companyRole: 'recruiter' });
    interviewer = await person({ role: 'employer', companyId: company.id, companyRole: 'interviewer' });
    otherOwner = await person({ role: 'employer', companyId: other.id, companyRole: 'owner' });
    platformAdmin = await person({ role: 'admin' });
    sunita = await person({ role: 'candidate', fullName: 'Sunita Yadav' });
    await t.factories.candidateProfile(sunita.id);
    employmentId = (
      await db()
        .insertInto('employments')
        .values({ company_id: company.id, employee_id: sunita.id, title: 'Quality Inspector', joining_date: '2022-06-01', last_working_day: '2025-03-31', status: 'relieved', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db().insertInto('verification_checks').values({ candidate_id: sunita.id, subject: 'uan', status: 'verified', decided_by: 'provider' }).execute();
  });
  afterAll(async () => t?.close());

  it('sends an employment correction to those who manage the company’s employees, who answer it; interviewers and another company cannot', async () => {
    const targets = (await call(sunita.jar, 'GET', '/api/privacy')).json<PrivacyOverview>().correction_targets;
    expect(targets).toEqual([
      { subject: 'employment', ref: employmentId, label: 'Quality Inspector, Narmada Textiles Pvt Ltd' },
      { subject: 'check', ref: 'uan', label: messages.verification.subjects.uan },
    ]);
    const asked = await call(sunita.jar, 'POST', '/api/privacy/corrections', { subject: 'employment', ref: employmentId, details: 'My last working day was 15 April 2025, not 31 March.' });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<PrivacyRequest>();
    expect(request.reference).toMatch(/^CR-\d{4}-\d{6}$/);
    const mail = await db().selectFrom('outbox_messages').select('recipient').where('subject', 'like', `%${request.reference}%`).execute();
    expect(mail.map((m) => m.recipient).sort()).toEqual([owner.email, admin.email, recruiter.email, sunita.email].sort());

    expect((await call(interviewer.jar, 'GET', '/api/company/privacy/corrections')).statusCode).toBe(403);
    expect((await call(otherOwner.jar, 'GET', '/api/company/privacy/corrections')).json<AdminPrivacyRequest[]>()).toEqual([]);
    expect((await call(otherOwner.jar, 'PATCH', `/api/company/privacy/corrections/${request.id}`, { status: 'resolved', response: 'x' })).statusCode).toBe(404);
    expect((await call(sunita.jar, 'GET', '/api/company/privacy/corrections')).statusCode).toBe(403);
    const list = (await call(admin.jar, 'GET', '/api/company/privacy/corrections')).json<AdminPrivacyRequest[]>();
    expect(list.map((row) => [row.reference, row.person?.name])).toEqual([[request.reference, 'Sunita Yadav']]);

    const answered = await call(owner.jar, 'PATCH', `/api/company/privacy/corrections/${request.id}`, { status: 'resolved', response: 'Corrected to 15 April 2025.' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await call(sunita.jar, 'GET', '/api/privacy')).json<PrivacyOverview>().requests[0]).toMatchObject({ status: 'resolved', response: 'Corrected to 15 April 2025.' });
    expect((await call(owner.jar, 'GET', '/api/company/privacy/corrections')).json<AdminPrivacyRequest[]>()).toEqual([]);
  });

  it('sends a check correction to the verification team’s queue; refuses what is not theirs and bad input', async () => {
    const asked = await call(sunita.jar, 'POST', '/api/privacy/corrections', { subject: 'check', ref: 'uan', details: 'The UAN check lists Narmada as my employer since 2021; I joined in 2022.' });
    expect(asked.statusCode, asked.body).toBe(201);
    const queue = (await call(platformAdmin.jar, 'GET', '/api/admin/privacy/requests')).json<AdminPrivacyRequest[]>();
    expect(queue.map((row) => row.kind)).toContain('correction');
    // Not hers, or not there.
    const other = await person({ role: 'candidate' });
    await t.factories.candidateProfile(other.id);
    expect((await call(other.jar, 'POST', '/api/privacy/corrections', { subject: 'employment', ref: employmentId, details: 'x' })).statusCode).toBe(404);
    expect((await call(other.jar, 'POST', '/api/privacy/corrections', { subject: 'check', ref: 'uan', details: 'x' })).statusCode).toBe(404);
    for (const [body, message] of [
      [{ subject: 'salary', details: 'x' }, text.correctionSubjectInvalid],
      [{ subject: 'other', details: ' ' }, text.correctionDetailsRequired],
    ] as const) {
      const response = await call(sunita.jar, 'POST', '/api/privacy/corrections', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect((await call(owner.jar, 'POST', '/api/privacy/corrections', { subject: 'other', details: 'x' })).statusCode).toBe(403);
  });

  it('answers random input to the correction, export and erasure routes without a server error', async () => {
    const fuzzer = await person({ role: 'candidate', fullName: 'Random Input' });
    await t.factories.candidateProfile(fuzzer.id);
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(employmentId), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }));
    const body = fc.dictionary(fc.constantFrom('subject', 'ref', 'details', 'status', 'response', 'x'), value, { maxKeys: 4 });
    const id = fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }).map(encodeURIComponent), fc.constantFrom('__proto__', '%00', '..%2F..'));
    const routes = ['correction', 'answer', 'download', 'export', 'erasure', 'cancel'] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, id, async (route, payload, someId) => {
        const response =
          route === 'correction'
            ? await call(fuzzer.jar, 'POST', '/api/privacy/corrections', payload)
            : route === 'answer'
              ? await call(owner.jar, 'PATCH', `/api/company/privacy/corrections/${someId}`, payload)
              : route === 'download'
                ? await call(fuzzer.jar, 'GET', `/api/privacy/exports/${someId}/download`)
                : route === 'export'
                  ? await call(fuzzer.jar, 'POST', '/api/privacy/exports', payload)
                  : await call(fuzzer.jar, route === 'erasure' ? 'POST' : 'DELETE', '/api/privacy/erasure', route === 'erasure' ? payload : undefined);
        expect(response.statusCode, `${route} ${someId} ${JSON.stringify(payload)}: ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
    await t.app.privacyJobs.idle();
  });
});
