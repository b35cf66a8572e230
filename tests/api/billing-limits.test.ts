import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { GRACE_DAYS, TRIAL_DAYS } from '../../shared/plans.ts';
import type { PublicJobDetail } from '../../shared/schemas/job-detail.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Plans on the server (issue 15): every company starts a trial; listings and applications stop at
 * the plan's limits, also under concurrency; a lapsed company reads but cannot post, move or
 * schedule, and its jobs stop taking applications after the grace. The clock is moved, not waited for.
 */
describe.skipIf(laneUnavailable)('plans and limits', () => {
  let t: TestApp;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  let ipCounter = 0;
  const nextIp = () => `10.91.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(async () => t?.close());

  async function newCompany(): Promise<{ id: string; jar: CookieJar; userId: string }> {
    const company = await t.factories.company();
    const owner = await t.factories.user({ role: 'employer', companyId: company.id });
    return { id: company.id, userId: owner.id, jar: await signIn(t.app, owner.email, owner.password, nextIp()) };
  }
  async function newCandidate(): Promise<CookieJar> {
    const user = await t.factories.user({ role: 'candidate' });
    await t.factories.candidateProfile(user.id);
    return signIn(t.app, user.email, user.password, nextIp());
  }
  const setPlan = (companyId: string, values: Record<string, unknown>) => db().updateTable('company_subscriptions').set(values).where('company_id', '=', companyId).execute();
  const postJob = (jar: CookieJar, title = 'Store Manager') =>
    t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie: jar.header }, payload: { title, description: 'Runs the Jayanagar store.' }, remoteAddress: nextIp() });
  const apply = (jobId: string, jar: CookieJar) =>
    t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/applications`, headers: { cookie: jar.header, 'content-type': 'application/json' }, payload: {}, remoteAddress: nextIp() });
  const publicJob = async (jobId: string) => (await t.app.inject({ method: 'GET', url: `/api/public/jobs/${jobId}`, remoteAddress: nextIp() })).json<PublicJobDetail>();
  const countJobs = async (companyId: string) => (await db().selectFrom('job_postings').select('id').where('company_id', '=', companyId).execute()).length;
  const countApplications = async (jobId: string) => (await db().selectFrom('job_applications').select('id').where('job_id', '=', jobId).execute()).length;

  it('starts every new company on a 14-day trial of Professional', async () => {
    const company = await t.factories.company();
    const row = await db().selectFrom('company_subscriptions as s').innerJoin('companies as c', 'c.id', 's.company_id').select(['s.plan', 's.status', 's.trial_ends_at', 'c.created_at']).where('s.company_id', '=', company.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ plan: 'professional', status: 'trialing' });
    expect(new Date(row.trial_ends_at).getTime() - new Date(row.created_at).getTime()).toBe(TRIAL_DAYS * DAY);
  });

  it('refuses the listing past the plan limit, naming the plan and the limit; deleting or expiry frees a slot', async () => {
    const company = await newCompany();
    await setPlan(company.id, { plan: 'starter', status: 'active', period_ends_at: new Date(Date.now() + 30 * DAY) });
    const jobs = [];
    for (let i = 0; i < 9; i++) jobs.push(await t.factories.job(company.id, { title: `Listing ${i}` }));
    const expiring = await t.factories.job(company.id, { title: 'Expiring', expiresAt: new Date(Date.now() + 2 * DAY) });

    const refused = await postJob(company.jar);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'LISTING_LIMIT', message: fill(messages.billing.listingLimit, { plan: 'Starter', limit: 10 }) });
    expect(await countJobs(company.id)).toBe(10);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/jobs/${jobs[0]!.id}`, headers: { cookie: company.jar.header }, remoteAddress: nextIp() });
    expect(deleted.statusCode).toBe(204);
    expect((await postJob(company.jar)).statusCode).toBe(201);
    expect((await postJob(company.jar)).statusCode).toBe(402);

    // Three days on, the expiring listing has expired: its slot is free.
    offsetMs = 3 * DAY;
    try {
      expect((await postJob(company.jar)).statusCode).toBe(201);
    } finally {
      offsetMs = 0;
    }
    expect(expiring.id).toBeTruthy();
  });

  it('gives the last listing slot to exactly one of six posts at once', async () => {
    const company = await newCompany();
    await setPlan(company.id, { plan: 'starter', status: 'active', period_ends_at: new Date(Date.now() + 30 * DAY) });
    for (let i = 0; i < 9; i++) await t.factories.job(company.id, { title: `Listing ${i}` });
    const answers = await Promise.all(['Cashier', 'Packer', 'Loader', 'Picker', 'Driver', 'Sorter'].map((title) => postJob(company.jar, title)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    expect(await countJobs(company.id)).toBe(10);
  });

  it('stops a listing at its applications limit, for the last place raced by six candidates too', async () => {
    const company = await newCompany();
    await setPlan(company.id, { plan: 'enterprise', status: 'active', period_ends_at: new Date(Date.now() + 30 * DAY), custom_applications: 3 });
    const job = await t.factories.job(company.id, { title: 'Delivery Associate' });
    const [first, second, late, ...racers] = await Promise.all(Array.from({ length: 9 }, () => newCandidate()));

    expect((await apply(job.id, first!)).statusCode).toBe(201);
    expect((await apply(job.id, second!)).statusCode).toBe(201);
    expect(await publicJob(job.id)).toMatchObject({ accepting_applications: true, applications_stopped: false });

    const race = await Promise.all(racers.map((racer) => apply(job.id, racer)));
    expect(race.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(race.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'NOT_ACCEPTING_APPLICATIONS', message: messages.billing.noLongerAccepting });
    expect(await countApplications(job.id)).toBe(3);

    const refused = await apply(job.id, late!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This job is no longer accepting applications');
    // Someone already in is told so, not refused.
    expect((await apply(job.id, first!)).json()).toMatchObject({ status: 'already_applied' });
    expect(await publicJob(job.id)).toMatchObject({ accepting_applications: false, applications_stopped: true });
    expect(await countApplications(job.id)).toBe(3);
  });

  it('makes a company read-only when its trial ends, and stops its jobs taking applications after the grace', async () => {
    const company = await newCompany();
    const job = await t.factories.job(company.id, { title: 'Field Sales Executive' });
    const candidate = await newCandidate();
    const applied = await apply(job.id, candidate);
    expect(applied.statusCode).toBe(201);
    const applicationId = applied.json<{ id: string }>().id;
    const move = () =>
      t.app.inject({ method: 'POST', url: `/api/pipeline/applications/${applicationId}/stage`, headers: { cookie: company.jar.header }, payload: { stage: 'screening' }, remoteAddress: nextIp() });

    offsetMs = TRIAL_DAYS * DAY + 60_000;
    try {
      const refusedJob = await postJob(company.jar);
      expect(refusedJob.statusCode).toBe(402);
      expect(refusedJob.json()).toMatchObject({ code: 'PLAN_LAPSED', message: messages.billing.trialEnded });
      const refusedMove = await move();
      expect(refusedMove.statusCode).toBe(402);
      expect(refusedMove.json().code).toBe('PLAN_LAPSED');
      const refusedInterview = await t.app.inject({
        method: 'POST',
        url: '/api/interviews',
        headers: { cookie: company.jar.header },
        payload: { application_id: applicationId, starts_at_ist: '2099-01-05T10:30', duration_minutes: 45, mode: 'video', location: 'https://meet.example.com/abc', interviewer_ids: [company.userId] },
        remoteAddress: nextIp(),
      });
      expect(refusedInterview.statusCode).toBe(402);
      expect(refusedInterview.json().code).toBe('PLAN_LAPSED');
      // Nothing half-written, and everything still readable.
      expect(await countJobs(company.id)).toBe(1);
      expect((await db().selectFrom('job_applications').select('status').where('id', '=', applicationId).executeTakeFirstOrThrow()).status).toBe('received');
      expect((await t.app.inject({ method: 'GET', url: '/api/jobs', headers: { cookie: company.jar.header }, remoteAddress: nextIp() })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/pipeline/jobs/${job.id}`, headers: { cookie: company.jar.header }, remoteAddress: nextIp() })).statusCode).toBe(200);

      // Within the grace its job still takes applications…
      expect((await apply(job.id, await newCandidate())).statusCode).toBe(201);
      // …and after it, not.
      offsetMs = (TRIAL_DAYS + GRACE_DAYS) * DAY + 60_000;
      const late = await apply(job.id, await newCandidate());
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(messages.billing.noLongerAccepting);
      expect(await publicJob(job.id)).toMatchObject({ accepting_applications: false, applications_stopped: true });

      // Paying brings everything back.
      await setPlan(company.id, { plan: 'professional', status: 'active', period_ends_at: new Date(clock().getTime() + 30 * DAY) });
      expect((await move()).statusCode).toBe(200);
      expect((await apply(job.id, await newCandidate())).statusCode).toBe(201);
    } finally {
      offsetMs = 0;
    }
  });

  it('lapses a plan whose payment retries are exhausted (halted), with its own message', async () => {
    const company = await newCompany();
    await setPlan(company.id, { plan: 'starter', status: 'halted', halted_at: new Date(Date.now() - DAY), period_ends_at: new Date(Date.now() - DAY) });
    const refused = await postJob(company.jar);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'PLAN_LAPSED', message: fill(messages.billing.planLapsed, { plan: 'Starter' }) });
  });
});
