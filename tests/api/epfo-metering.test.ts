import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { createDevelopmentEpfoProvider, developmentUanFor } from '../../server/features/verification/sources/epfo/development.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Issue 34 §5: each EPFO call is counted against the company that asked the candidate for the UAN
 * check (the newest one, if several did), or against WorkCred (no company) when the candidate
 * verifies on their own. The company is found inside the statement that queues the lookup.
 */
describe.skipIf(laneUnavailable)(`EPFO calls metered by who asked (${testDbKind})`, () => {
  let t: TestApp;
  const now = new Date('2026-11-28T06:00:00Z');
  let ip = 0;
  let uans = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now, uanProvider: createDevelopmentEpfoProvider({ nodeEnv: 'test', now: () => now }) });
  });
  afterAll(async () => {
    await t?.close();
  });

  // The confirmed history is Priya Sharma's (development table): the name must match for it to verify.
  async function candidate(fullName: string): Promise<{ id: string; jar: CookieJar }> {
    const user = await t.factories.user({ role: 'candidate', fullName });
    await t.factories.candidateProfile(user.id, { uan: developmentUanFor('confirmed', 3500 + ++uans), current_employer: 'Infosys Ltd' });
    return { id: user.id, jar: await signIn(t.app, user.email, user.password, `10.35.0.${++ip}`) };
  }
  async function asks(companyName: string, candidateId: string, at: Date): Promise<string> {
    const company = await t.factories.company({ name: companyName });
    const job = await t.factories.job(company.id, { title: 'Payroll Analyst' });
    const application = await t.factories.application(job.id, candidateId);
    await t.database.db.insertInto('check_requests').values({ company_id: company.id, application_id: application.id, candidate_id: candidateId, subject: 'uan', requested_by: null, created_at: at }).execute();
    return company.id;
  }
  async function verifyAndCount(who: { id: string; jar: CookieJar }) {
    const consent = await t.app.inject({ method: 'POST', url: '/api/verification/checks/uan/consent', headers: { cookie: who.jar.header }, payload: {}, remoteAddress: `10.35.1.${++ip}` });
    expect(consent.statusCode, consent.body).toBe(200);
    await waitFor(
      async () => {
        const checks = (await t.app.inject({ method: 'GET', url: '/api/verification/checks', headers: { cookie: who.jar.header }, remoteAddress: `10.35.1.${++ip}` })).json<CandidateCheck[]>();
        return checks.find((check) => check.subject === 'uan')?.status === 'verified' || undefined;
      },
      { what: 'the UAN check verified by EPFO' },
    );
    const lookup = await t.database.db.selectFrom('epfo_lookups').select('billed_company_id').where('candidate_id', '=', who.id).executeTakeFirstOrThrow();
    return lookup.billed_company_id;
  }

  it('bills the newest company that asked, and WorkCred when no company did', async () => {
    const asked = await candidate('Priya Sharma');
    await asks('Konkan Freight Pvt Ltd', asked.id, new Date('2026-11-20T06:00:00Z'));
    const newest = await asks('Malnad Agro Foods Ltd', asked.id, new Date('2026-11-26T06:00:00Z'));
    expect(await verifyAndCount(asked)).toBe(newest);

    const own = await candidate('Priya Sharma');
    expect(await verifyAndCount(own)).toBeNull();

    const calls = await t.database.db.selectFrom('provider_calls').select(['company_id', 'outcome']).where('kind', '=', 'epfo_history').execute();
    expect(calls).toEqual(expect.arrayContaining([{ company_id: newest, outcome: 'answered' }, { company_id: null, outcome: 'answered' }]));
    expect(calls).toHaveLength(2);
  });
});
