import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { CheckRequest } from '../../shared/schemas/check-requests.ts';
import type { BillingOverview } from '../../shared/schemas/billing.ts';
import type { CandidateCheck } from '../../shared/schemas/verification.ts';
import { istMonthStart } from '../../server/features/verification/check-requests.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.checkRequests;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 15: background checks a company asks for count against its plan's checks a month
 * (none on Starter without the add-on; a limit where the plan has one, exact under concurrency;
 * a new month in IST starts again). The candidate is emailed and sees who asked; the Billing
 * meter counts them. Who may ask, who may read, and bad input.
 */
describe.skipIf(laneUnavailable)('check requests: /api/pipeline/applications/:id/check-requests', () => {
  let t: TestApp;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  let ip = 0;
  const nextIp = () => `10.93.${Math.floor(++ip / 250)}.${ip % 250}`;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(async () => t?.close());

  type Member = { jar: CookieJar; id: string };
  async function newCompany(name: string) {
    const company = await t.factories.company({ name });
    const member = async (companyRole: 'owner' | 'recruiter' | 'interviewer', fullName: string): Promise<Member> => {
      const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole, fullName });
      return { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
    };
    const job = await t.factories.job(company.id, { title: 'Warehouse Lead' });
    const apply = async (fullName: string) => {
      const candidate = await t.factories.user({ role: 'candidate', fullName });
      await t.factories.candidateProfile(candidate.id);
      const application = await t.factories.application(job.id, candidate.id);
      return { candidate, applicationId: application.id };
    };
    return { id: company.id, owner: await member('owner', `Owner ${name}`), recruiter: await member('recruiter', `Recruiter ${name}`), interviewer: await member('interviewer', `Interviewer ${name}`), apply };
  }
  const call = (jar: CookieJar | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: jar ? { cookie: jar.header } : {}, ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: nextIp() });
  const url = (applicationId: string) => `/api/pipeline/applications/${applicationId}/check-requests`;
  const setPlan = (companyId: string, values: { plan: 'starter' | 'professional'; checks_add_on?: boolean; custom_checks?: number | null }) =>
    db()
      .updateTable('company_subscriptions')
      .set({ status: 'active', period_ends_at: new Date(clock().getTime() + 30 * DAY), checks_add_on: false, custom_checks: null, ...values })
      .where('company_id', '=', companyId)
      .execute();
  const requestsOf = async (companyId: string) => (await db().selectFrom('check_requests').select('id').where('company_id', '=', companyId).execute()).length;

  it('asks the candidate by email, lists the request with who asked, shows it to the candidate and counts it on Billing; asking again counts once', async () => {
    const company = await newCompany('Sahyadri Logistics');
    const { candidate, applicationId } = await company.apply('Meera Kulkarni');
    const sent = await call(company.recruiter.jar, 'POST', url(applicationId), { subject: 'uan' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<CheckRequest>()).toMatchObject({ subject: 'uan', requested_by_name: 'Recruiter Sahyadri Logistics', verified: false });
    const again = await call(company.owner.jar, 'POST', url(applicationId), { subject: 'uan' });
    expect(again.statusCode).toBe(200);
    expect(again.json<CheckRequest>().id).toBe(sent.json<CheckRequest>().id);

    const listed = await call(company.interviewer.jar, 'GET', url(applicationId));
    // An interviewer not on an interview for this application does not see it.
    expect(listed.statusCode).toBe(404);
    const ownerList = (await call(company.owner.jar, 'GET', url(applicationId))).json<CheckRequest[]>();
    expect(ownerList.map((one) => one.subject)).toEqual(['uan']);

    const mail = await db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', candidate.email).where('subject', 'like', '%asks you to verify%').execute();
    expect(mail.map((one) => one.subject)).toEqual(['Sahyadri Logistics asks you to verify your UAN (EPFO)']);
    expect(mail[0]!.body_text).toContain('Warehouse Lead');
    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'company_id']).where('entity_type', '=', 'check_request').execute();
    expect(audit).toContainEqual({ action: 'check_requested', company_id: company.id });

    const candidateJar = await signIn(t.app, candidate.email, candidate.password, nextIp());
    const checks = (await call(candidateJar, 'GET', '/api/verification/checks')).json<CandidateCheck[]>();
    expect(checks.find((check) => check.subject === 'uan')?.requested_by).toEqual(['Sahyadri Logistics']);
    expect(checks.find((check) => check.subject === 'phone')?.requested_by).toEqual([]);

    const billing = (await call(company.owner.jar, 'GET', '/api/billing')).json<BillingOverview>();
    expect(billing.usage.checks_this_month).toBe(1);
  });

  it('refuses checks on Starter without the add-on, and past the plan’s checks a month, until the next month in IST', async () => {
    const company = await newCompany('Konkan Freight');
    const first = await company.apply('Arjun Naik');
    const second = await company.apply('Sneha Desai');
    await setPlan(company.id, { plan: 'starter' });
    const none = await call(company.owner.jar, 'POST', url(first.applicationId), { subject: 'salary_slip' });
    expect(none.statusCode).toBe(402);
    expect(none.json()).toMatchObject({ code: 'CHECKS_NOT_INCLUDED', message: text.notIncluded.replace('{plan}', 'Starter') });
    expect(await requestsOf(company.id)).toBe(0);

    await setPlan(company.id, { plan: 'starter', checks_add_on: true, custom_checks: 2 });
    expect((await call(company.owner.jar, 'POST', url(first.applicationId), { subject: 'salary_slip' })).statusCode).toBe(201);
    expect((await call(company.owner.jar, 'POST', url(first.applicationId), { subject: 'resume' })).statusCode).toBe(201);
    const over = await call(company.owner.jar, 'POST', url(second.applicationId), { subject: 'uan' });
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({ code: 'CHECK_LIMIT', message: text.limitReached.replace('{plan}', 'Starter').replace('{limit}', '2') });
    expect(await requestsOf(company.id)).toBe(2);

    // The first day of the next month in India: the month's checks start again.
    const nextMonth = istMonthStart(new Date(istMonthStart(clock()).getTime() + 32 * DAY));
    offset += nextMonth.getTime() - clock().getTime() + 60_000;
    await setPlan(company.id, { plan: 'starter', checks_add_on: true, custom_checks: 2 });
    expect((await call(company.owner.jar, 'POST', url(second.applicationId), { subject: 'uan' })).statusCode).toBe(201);
    expect((await call(company.owner.jar, 'GET', '/api/billing')).json<BillingOverview>().usage.checks_this_month).toBe(1);
  });

  it('gives the last check of the month to one of two requests made at once', async () => {
    const company = await newCompany('Deccan Couriers');
    const first = await company.apply('Kiran Rao');
    const second = await company.apply('Lata Iyer');
    await setPlan(company.id, { plan: 'starter', checks_add_on: true, custom_checks: 1 });
    const answers = await Promise.all([call(company.owner.jar, 'POST', url(first.applicationId), { subject: 'uan' }), call(company.recruiter.jar, 'POST', url(second.applicationId), { subject: 'uan' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 402]);
    expect(await requestsOf(company.id)).toBe(1);
  });

  it('refuses a check already verified, interviewers, candidates, other companies and anonymous callers, and bad input', async () => {
    const company = await newCompany('Malabar Exports');
    const other = await newCompany('Coromandel Exports');
    const { candidate, applicationId } = await company.apply('Fathima Beevi');
    await db().insertInto('verification_checks').values({ candidate_id: candidate.id, subject: 'resume', status: 'verified', decided_by: 'verification_team', verified_fields: ['full_name'] }).execute();
    const verified = await call(company.owner.jar, 'POST', url(applicationId), { subject: 'resume' });
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toMatchObject({ code: 'CHECK_ALREADY_VERIFIED', message: text.alreadyVerified });

    expect((await call(company.interviewer.jar, 'POST', url(applicationId), { subject: 'uan' })).statusCode).toBe(403);
    expect((await call(other.owner.jar, 'POST', url(applicationId), { subject: 'uan' })).statusCode).toBe(404);
    expect((await call(other.owner.jar, 'GET', url(applicationId))).statusCode).toBe(404);
    const candidateJar = await signIn(t.app, candidate.email, candidate.password, nextIp());
    expect((await call(candidateJar, 'POST', url(applicationId), { subject: 'uan' })).statusCode).toBe(403);
    expect((await call(null, 'POST', url(applicationId), { subject: 'uan' })).statusCode).toBe(401);
    expect(await requestsOf(company.id)).toBe(0);

    for (const body of [{ subject: 'phone' }, { subject: 'passport' }, {}, { subject: 'uan', extra: 1 }]) {
      const refused = await call(company.owner.jar, 'POST', url(applicationId), body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const phone = await call(company.owner.jar, 'POST', url(applicationId), { subject: 'phone' });
    expect(phone.json<{ message: string }>().message).toContain(text.subjectUnknown);
    expect((await call(company.owner.jar, 'POST', url('not-a-uuid'), { subject: 'uan' })).statusCode).toBe(400);
    expect(await requestsOf(company.id)).toBe(0);
  });

  it('never answers 5xx to random bodies and ids', async () => {
    const company = await newCompany('Fuzzy Freight');
    const { applicationId } = await company.apply('Ravi Shankar');
    const bodies: unknown[] = [null, [], 'uan', 42, { subject: null }, { subject: ['uan'] }, { subject: 'u'.repeat(10_000) }, { subject: '' }, { subject: 'UAN' }];
    const ids = [applicationId, '00000000-0000-4000-8000-000000000000', '%00', 'x'.repeat(500), "'; DROP TABLE check_requests; --"];
    for (const id of ids) {
      for (const body of bodies) {
        const response = await t.app.inject({ method: 'POST', url: url(encodeURIComponent(id)), headers: { cookie: company.owner.jar.header, 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress: nextIp() });
        expect(response.statusCode, `${id} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
      expect((await call(company.owner.jar, 'GET', url(encodeURIComponent(id)))).statusCode).toBeLessThan(500);
    }
  });
});
