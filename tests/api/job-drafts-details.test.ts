import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { jobLifecycleMessages as life } from '../../shared/messages/job-lifecycle.ts';
import type { PublicJobDetail } from '../../shared/schemas/job-detail.ts';
import type { PublicJobsPage } from '../../shared/schemas/public-jobs.ts';
import type { EmployerJob } from '../../shared/schemas/jobs.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const LAKH = 100_000 * 100; // in paise

/**
 * Issue 36 §1: a job's structured details (department, employment type, work mode, openings, pay
 * as numbers), drafts published later, and clones. A draft is not public, takes no applications
 * and holds no listing; publishing checks the plan's listings; a clone is a new draft.
 */
describe.skipIf(laneUnavailable)('Jobs: structured details, drafts and clones', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.73.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  async function member(companyId: string, companyRole: 'owner' | 'admin' | 'recruiter' | 'interviewer') {
    const user = await t.factories.user({ role: 'employer', companyId, companyRole });
    return signIn(t.app, user.email, user.password, nextIp());
  }
  async function candidate() {
    const user = await t.factories.user({ role: 'candidate' });
    await t.factories.candidateProfile(user.id);
    return signIn(t.app, user.email, user.password, nextIp());
  }
  const call = (jar: CookieJar, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: jar.header, ...(payload ? {} : { 'content-type': 'application/json' }) }, payload: payload ?? {}, remoteAddress: nextIp() });
  const post = (jar: CookieJar, payload: object) => call(jar, 'POST', '/api/jobs', payload);
  const publicJob = (jobId: string) => t.app.inject({ method: 'GET', url: `/api/public/jobs/${jobId}`, remoteAddress: nextIp() });
  const row = (jobId: string) => db().selectFrom('job_postings').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
  const audit = (jobId: string) => db().selectFrom('admin_audit_logs').select('action').where('entity_id', '=', jobId).orderBy('created_at').execute();
  /** What the company's integration was sent about a job. */
  const jobEvents = async (endpointId: string, jobId: string) =>
    (await db().selectFrom('webhook_deliveries').select(['event_type', 'payload']).where('endpoint_id', '=', endpointId).orderBy('created_at').execute()).filter((delivery) => delivery.payload.includes(jobId)).map((delivery) => delivery.event_type);
  const subscribe = async (companyId: string) =>
    (
      await db()
        .insertInto('webhook_endpoints')
        .values({ company_id: companyId, url: 'https://hooks.example.in/workcred', description: null, events: ['job.created', 'job.updated', 'job.closed'], secret: 'whsec_test' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const details = {
    department: 'Risk',
    employment_type: 'full_time',
    work_mode: 'hybrid',
    location: 'Pune',
    openings: 3,
    pay_min_paise: 12 * LAKH,
    pay_max_paise: 18 * LAKH,
    pay_period: 'year',
  } as const;

  it('stores the structured details, lists them, and shows the pay in lakh on the public page and the board', async () => {
    const company = await t.factories.company();
    const recruiter = await member(company.id, 'recruiter');
    const created = await post(recruiter, { title: 'Credit Risk Analyst', description: 'Scorecards for retail loans.', ...details });
    expect(created.statusCode, created.body).toBe(201);
    const job = created.json<EmployerJob>();
    expect(job).toMatchObject({ status: 'published', ...details, salary: null, applications_count: 0 });
    expect(await row(job.id)).toMatchObject({ status: 'published', department: 'Risk', work_mode: 'hybrid', openings: 3, published_at: expect.any(Date) });

    const page = await publicJob(job.id);
    expect(page.statusCode).toBe(200);
    expect(page.json<PublicJobDetail>()).toMatchObject({ ...details, salary: '₹12–18 LPA', accepting_applications: true });
    const board = (await t.app.inject({ method: 'GET', url: '/api/public/jobs?q=Credit%20Risk%20Analyst', remoteAddress: nextIp() })).json<PublicJobsPage>();
    expect(board.jobs.find((listed) => listed.id === job.id)?.salary).toBe('₹12–18 LPA');

    // The employer's own words win where they wrote some; monthly pay reads in rupees.
    const edited = await call(recruiter, 'PATCH', `/api/jobs/${job.id}`, { pay_min_paise: 45_000_00, pay_max_paise: 60_000_00, pay_period: 'month' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await publicJob(job.id)).json<PublicJobDetail>().salary).toBe('₹45,000–60,000 a month');
    await call(recruiter, 'PATCH', `/api/jobs/${job.id}`, { salary: '₹45k/month + incentives' });
    expect((await publicJob(job.id)).json<PublicJobDetail>().salary).toBe('₹45k/month + incentives');
  });

  it('refuses details that do not fit together with a message naming the problem, and writes nothing', async () => {
    const company = await t.factories.company();
    const owner = await member(company.id, 'owner');
    const base = { title: 'Branch Manager', description: 'Runs the Kothrud branch.' };
    const cases: [object, string][] = [
      [{ pay_min_paise: 18 * LAKH, pay_max_paise: 12 * LAKH, pay_period: 'year' }, life.payRangeReversed],
      [{ pay_min_paise: 12 * LAKH }, life.payPeriodRequired],
      [{ pay_period: 'month' }, life.payPeriodWithoutPay],
      [{ work_mode: 'on_site' }, life.locationRequiredForMode],
      [{ work_mode: 'hybrid', location: '   ' }, life.locationRequiredForMode],
      [{ openings: 0 }, life.openingsInvalid],
      [{ openings: 2.5 }, life.openingsInvalid],
      [{ pay_min_paise: 'twelve lakh', pay_period: 'year' }, life.payNotNumber],
      [{ pay_min_paise: 10 ** 12, pay_period: 'year' }, life.payTooHigh],
      [{ employment_type: 'gig' }, 'employment_type must be one of full_time, part_time, contract, internship'],
      [{ work_mode: 'moon' }, 'work_mode must be one of on_site, hybrid, remote'],
      [{ draft: 'yes' }, 'draft must be true or false'],
      [{ department: 'x'.repeat(101) }, fill(messages.jobsManagement.tooLong, { max: 100 })],
    ];
    for (const [extra, message] of cases) {
      const response = await post(owner, { ...base, ...extra });
      expect({ extra, status: response.statusCode }).toEqual({ extra, status: 400 });
      expect(response.body).toContain(message);
    }
    expect(await db().selectFrom('job_postings').select('id').where('company_id', '=', company.id).execute()).toEqual([]);

    // An edit is checked with what is stored: a hybrid job cannot lose its place, a remote one may.
    const job = (await post(owner, { ...base, ...details })).json<EmployerJob>();
    const placeless = await call(owner, 'PATCH', `/api/jobs/${job.id}`, { location: null });
    expect(placeless.statusCode).toBe(400);
    expect(placeless.json().message).toBe(life.locationRequiredForMode);
    const periodless = await call(owner, 'PATCH', `/api/jobs/${job.id}`, { pay_period: null });
    expect(periodless.statusCode).toBe(400);
    expect(periodless.json().message).toBe(life.payPeriodRequired);
    expect(await row(job.id)).toMatchObject({ location: 'Pune', pay_period: 'year' });
    const remote = await call(owner, 'PATCH', `/api/jobs/${job.id}`, { work_mode: 'remote', location: null, pay_min_paise: null, pay_max_paise: null, pay_period: null });
    expect(remote.statusCode, remote.body).toBe(200);
    expect(remote.json<EmployerJob>()).toMatchObject({ work_mode: 'remote', location: null, pay_min_paise: null, pay_period: null });
  });

  it('keeps a draft private until it is published: no page, no applications, no listing, no job.created', async () => {
    const company = await t.factories.company();
    const owner = await member(company.id, 'owner');
    const applicant = await candidate();
    await db().updateTable('company_subscriptions').set({ plan: 'starter', status: 'active', period_ends_at: new Date(Date.now() + 30 * DAY) }).where('company_id', '=', company.id).execute();
    for (let i = 0; i < 10; i++) await t.factories.job(company.id, { title: `Listing ${i}` });
    const endpoint = await subscribe(company.id);

    // At the Starter plan's ten listings, a draft is still saved.
    const saved = await post(owner, { title: 'Relationship Manager', description: 'HNI clients in Baner.', draft: true, ...details });
    expect(saved.statusCode, saved.body).toBe(201);
    const draft = saved.json<EmployerJob>();
    expect(draft).toMatchObject({ status: 'draft', title: 'Relationship Manager' });
    expect((await row(draft.id)).published_at).toBeNull();
    expect((await publicJob(draft.id)).statusCode).toBe(404);
    const applied = await call(applicant, 'POST', `/api/jobs/${draft.id}/applications`);
    expect(applied.statusCode).toBe(404);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/jobs?limit=100', headers: { cookie: owner.header }, remoteAddress: nextIp() })).json<{ jobs: EmployerJob[] }>();
    expect(listed.jobs.find((job) => job.id === draft.id)?.status).toBe('draft');
    // A draft was never open: it cannot be closed or reopened.
    for (const action of ['close', 'reopen']) {
      const refused = await call(owner, 'POST', `/api/jobs/${draft.id}/${action}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'JOB_DRAFT', message: life.draftNotPublished });
    }
    // Editing a draft tells integrations nothing.
    expect((await call(owner, 'PATCH', `/api/jobs/${draft.id}`, { openings: 4 })).statusCode).toBe(200);

    // Publishing takes a listing: at the limit it is refused and stays a draft.
    const refused = await call(owner, 'POST', `/api/jobs/${draft.id}/publish`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'LISTING_LIMIT', message: fill(messages.billing.listingLimit, { plan: 'Starter', limit: 10 }) });
    expect(await row(draft.id)).toMatchObject({ status: 'draft', published_at: null });
    expect(await jobEvents(endpoint, draft.id)).toEqual([]);

    await db().updateTable('company_subscriptions').set({ plan: 'professional' }).where('company_id', '=', company.id).execute();
    const published = await call(owner, 'POST', `/api/jobs/${draft.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<EmployerJob>()).toMatchObject({ id: draft.id, status: 'published', openings: 4 });
    expect((await publicJob(draft.id)).json<PublicJobDetail>()).toMatchObject({ accepting_applications: true, openings: 4 });
    expect((await call(applicant, 'POST', `/api/jobs/${draft.id}/applications`)).statusCode).toBe(201);
    const again = await call(owner, 'POST', `/api/jobs/${draft.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'JOB_PUBLISHED', message: life.alreadyPublished });
    expect((await audit(draft.id)).map((entry) => entry.action)).toEqual(['job_drafted', 'job_updated', 'job_published']);
    expect(await jobEvents(endpoint, draft.id)).toEqual(['job.created']);
  });

  it('refuses to publish a draft whose closing date has passed (it would go out closed)', async () => {
    const company = await t.factories.company();
    const owner = await member(company.id, 'owner');
    const draft = (await post(owner, { title: 'Teller', description: 'Cash counter.', draft: true, expires_at: new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10) })).json<EmployerJob>();
    await db().updateTable('job_postings').set({ expires_at: new Date(Date.now() - DAY) }).where('id', '=', draft.id).execute();
    const refused = await call(owner, 'POST', `/api/jobs/${draft.id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.jobsManagement.expiryInPast);
    expect((await row(draft.id)).status).toBe('draft');
  });

  it('clones any of the company’s jobs into a new draft with its fields, without its closing date or pipeline', async () => {
    const company = await t.factories.company();
    const recruiter = await member(company.id, 'recruiter');
    const applicant = await candidate();
    const source = (await post(recruiter, { title: 'Collections Officer', description: 'Field collections in Hadapsar.', requirements: 'Two-wheeler licence', benefits: 'Fuel allowance', salary: '₹3.5 LPA', ...details })).json<EmployerJob>();
    expect((await call(applicant, 'POST', `/api/jobs/${source.id}/applications`)).statusCode).toBe(201);
    expect((await call(recruiter, 'POST', `/api/jobs/${source.id}/close`)).statusCode).toBe(200);

    const cloned = await call(recruiter, 'POST', `/api/jobs/${source.id}/clone`);
    expect(cloned.statusCode, cloned.body).toBe(201);
    const copy = cloned.json<EmployerJob>();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      status: 'draft',
      title: 'Collections Officer (copy)',
      description: 'Field collections in Hadapsar.',
      requirements: 'Two-wheeler licence',
      benefits: 'Fuel allowance',
      salary: '₹3.5 LPA',
      expires_at: null,
      applications_count: 0,
      ...details,
    });
    expect((await audit(copy.id)).map((entry) => entry.action)).toEqual(['job_cloned']);
    // A title at the limit keeps its own words rather than growing past it.
    const long = (await post(recruiter, { title: 'T'.repeat(200), description: 'Long title.' })).json<EmployerJob>();
    expect((await call(recruiter, 'POST', `/api/jobs/${long.id}/clone`)).json<EmployerJob>().title).toBe('T'.repeat(200));
  });

  it('lets only the company’s owners, admins and recruiters publish or clone; another company’s job is 404', async () => {
    const company = await t.factories.company();
    const owner = await member(company.id, 'owner');
    const interviewer = await member(company.id, 'interviewer');
    const draft = (await post(owner, { title: 'Auditor', description: 'Branch audits.', draft: true })).json<EmployerJob>();
    const denial = fill(messages.team.permissionDenied, { role: 'Interviewer', action: 'post or change jobs' });
    for (const action of ['publish', 'clone']) {
      const refused = await call(interviewer, 'POST', `/api/jobs/${draft.id}/${action}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PERMISSION_DENIED', message: denial });
    }
    const stranger = await member((await t.factories.company()).id, 'owner');
    for (const action of ['publish', 'clone']) {
      const hidden = await call(stranger, 'POST', `/api/jobs/${draft.id}/${action}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe(messages.jobsManagement.notFound);
    }
    expect(await db().selectFrom('job_postings').select('id').where('company_id', '=', company.id).execute()).toHaveLength(1);
    expect((await row(draft.id)).status).toBe('draft');
  });
});
