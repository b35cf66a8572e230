import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { AnalyticsOptions, FunnelReport, JobsReport, SourcesReport, SpeedReport, VerificationReport } from '../../shared/schemas/analytics.ts';
import type { JobPipeline, PipelineStage } from '../../shared/schemas/pipeline.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.analytics;
const DAY = 24 * 60 * 60 * 1000;
/** A time in India: `2026-10-02 10:00` plus whole days. */
const ist = (stamp: string, plusDays = 0) => new Date(new Date(`${stamp.replace(' ', 'T')}:00+05:30`).getTime() + plusDays * DAY);

/**
 * Issue 17: every figure of the reports, against a history built here on purpose (applications on
 * known IST days, from known sources, moved through known stages at known times), on PGlite and
 * PostgreSQL. The rollups the triggers keep must equal a rebuild from the stage history; the jobs
 * table must equal the pipeline board; and who may read them, and bad input.
 */
describe.skipIf(laneUnavailable)('analytics: /api/analytics/*', () => {
  let t: TestApp;
  const now = new Date();
  let ip = 0;
  const nextIp = () => `10.94.${Math.floor(++ip / 250)}.${ip % 250}`;
  const db = () => t.database.db;

  type Member = { jar: CookieJar; id: string };
  let company: { id: string };
  let owner: Member, admin: Member, recruiterA: Member, recruiterB: Member, interviewer: Member;
  let job1: string, job2: string, expiredJob: string;
  const applications: Record<string, string> = {};

  const call = (jar: CookieJar | null, url: string) => t.app.inject({ method: 'GET', url, headers: jar ? { cookie: jar.header } : {}, remoteAddress: nextIp() });
  const october = 'from=2026-10-01&to=2026-10-31';
  async function report<T>(name: string, query: string, jar: CookieJar = owner.jar): Promise<T> {
    const response = await call(jar, `/api/analytics/${name}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  /** An application made at `at` from `source`, then its moves at whole days after: what applyStageChange writes, with the times set. */
  async function history(key: string, jobId: string, at: Date, source: 'direct' | 'link' | 'qr' | 'drive', moves: [number, PipelineStage][], driveId: string | null = null) {
    const candidate = await t.factories.user({ role: 'candidate', fullName: `Applicant ${key}` });
    await t.factories.candidateProfile(candidate.id);
    const row = await db()
      .insertInto('job_applications')
      .values({ job_id: jobId, candidate_id: candidate.id, source, source_drive_id: driveId, created_at: at, stage_changed_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    let from: PipelineStage = 'received';
    for (const [days, to] of moves) {
      const when = new Date(at.getTime() + days * DAY);
      await db().transaction().execute(async (trx) => {
        await trx.updateTable('job_applications').set({ status: to, stage_changed_at: when }).where('id', '=', row.id).execute();
        await trx.insertInto('application_stage_events').values({ application_id: row.id, from_stage: from, to_stage: to, actor_id: owner.id, created_at: when }).execute();
      });
      from = to;
    }
    applications[key] = row.id;
    return { applicationId: row.id, candidateId: candidate.id };
  }

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    company = await t.factories.company({ name: 'Vindhya Foods Analytics' });
    const member = async (companyRole: 'owner' | 'admin' | 'recruiter' | 'interviewer', fullName: string): Promise<Member> => {
      const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole, fullName });
      return { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
    };
    owner = await member('owner', 'Sunita Rao');
    admin = await member('admin', 'Imran Qureshi');
    recruiterA = await member('recruiter', 'Anjali Menon');
    recruiterB = await member('recruiter', 'Bhavesh Patel');
    interviewer = await member('interviewer', 'Irfan Sheikh');
    job1 = (await t.factories.job(company.id, { title: 'Food Technologist', createdBy: recruiterA.id })).id;
    job2 = (await t.factories.job(company.id, { title: 'Plant Supervisor', createdBy: recruiterB.id })).id;
    await db().updateTable('job_postings').set({ created_at: ist('2026-10-01 09:00'), expires_at: null }).where('id', '=', job1).execute();
    await db().updateTable('job_postings').set({ created_at: ist('2026-10-10 09:00'), expires_at: null }).where('id', '=', job2).execute();
    // Open 1 August to 15 September: in September's table, not October's.
    const job3 = (await t.factories.job(company.id, { title: 'Quality Inspector' })).id;
    await db().updateTable('job_postings').set({ created_at: ist('2026-08-01 09:00'), expires_at: ist('2026-09-15 18:00') }).where('id', '=', job3).execute();
    expiredJob = job3;
    const drive = await db().insertInto('recruitment_drives').values({ company_id: company.id, name: 'Pune campus drive' }).returning('id').executeTakeFirstOrThrow();

    const a1 = await history('A1', job1, ist('2026-10-02 10:00'), 'direct', [[1, 'screening'], [3, 'shortlisted'], [6, 'interview'], [10, 'offered'], [12, 'hired']]);
    const a2 = await history('A2', job1, ist('2026-10-05 10:00'), 'link', [[2, 'screening'], [5, 'rejected']]);
    const a3 = await history('A3', job1, ist('2026-10-10 10:00'), 'qr', [[1, 'screening'], [3, 'interview'], [6, 'screening'], [10, 'interview'], [16, 'offered'], [23, 'withdrawn']]);
    const a4 = await history('A4', job2, ist('2026-10-15 10:00'), 'drive', [[1, 'shortlisted'], [6, 'hired']], drive.id);
    // The last minutes of October in India, and the first of November (still October in UTC).
    await history('A5', job2, ist('2026-10-31 23:00'), 'direct', []);
    await history('A6', job2, ist('2026-11-01 00:30'), 'direct', []);
    await history('A7', job1, ist('2026-09-30 23:59'), 'direct', []);

    // Checks the company asked for in October: decided 2 and 4 days later, one in review, one not consented to.
    const requestAt = ist('2026-10-20 12:00');
    const requests = [
      { ...a1, subject: 'uan' as const, check: { status: 'verified' as const, decided_at: new Date(requestAt.getTime() + 2 * DAY) } },
      { ...a4, subject: 'salary_slip' as const, check: { status: 'rejected' as const, decided_at: new Date(requestAt.getTime() + 4 * DAY) } },
      { ...a3, subject: 'resume' as const, check: { status: 'in_review' as const, decided_at: null } },
      { ...a2, subject: 'bank_statement' as const, check: null },
    ];
    for (const request of requests) {
      await db().insertInto('check_requests').values({ company_id: company.id, application_id: request.applicationId, candidate_id: request.candidateId, subject: request.subject, requested_by: owner.id, created_at: requestAt }).execute();
      if (request.check) await db().insertInto('verification_checks').values({ candidate_id: request.candidateId, subject: request.subject, ...request.check }).execute();
    }
  });
  afterAll(async () => t?.close());

  it('counts the funnel: reached a stage or a later one, conversions, rejected and withdrawn apart, by IST day', async () => {
    const funnel = await report<FunnelReport>('funnel', october);
    expect(funnel).toEqual({
      stages: [
        { stage: 'received', reached: 5, conversion: null },
        { stage: 'screening', reached: 4, conversion: 0.8 },
        { stage: 'shortlisted', reached: 3, conversion: 0.75 },
        { stage: 'interview', reached: 3, conversion: 1 },
        { stage: 'offered', reached: 3, conversion: 1 },
        { stage: 'hired', reached: 2, conversion: 0.6667 },
      ],
      rejected: 1,
      withdrawn: 1,
    });
    const byJob = await report<FunnelReport>('funnel', `${october}&job_id=${job1}`);
    expect(byJob.stages.map((stage) => stage.reached)).toEqual([3, 3, 2, 2, 2, 1]);
    expect([byJob.rejected, byJob.withdrawn]).toEqual([1, 1]);
    const byRecruiter = await report<FunnelReport>('funnel', `${october}&recruiter_id=${recruiterB.id}`);
    expect(byRecruiter.stages.map((stage) => stage.reached)).toEqual([2, 1, 1, 1, 1, 1]);
    // A job and someone else's recruiter: nothing.
    const neither = await report<FunnelReport>('funnel', `${october}&job_id=${job1}&recruiter_id=${recruiterB.id}`);
    expect(neither.stages.map((stage) => stage.reached)).toEqual([0, 0, 0, 0, 0, 0]);
    // November in India holds only A6; September only A7.
    expect((await report<FunnelReport>('funnel', 'from=2026-11-01&to=2026-11-30')).stages[0]!.reached).toBe(1);
    expect((await report<FunnelReport>('funnel', 'from=2026-09-30&to=2026-09-30')).stages[0]!.reached).toBe(1);
  });

  it('measures speed: days to hire and offer (median, 90th percentile), time to fill, and days in each stage of those that moved on', async () => {
    const speed = await report<SpeedReport>('speed', october);
    expect(speed.days_to_hire).toEqual({ median: 9, p90: 11.4, count: 2 });
    expect(speed.days_to_offer).toEqual({ median: 10, p90: 14.8, count: 3 });
    // Job 1 posted 1 Oct 09:00, first hire 14 Oct 10:00; job 2 posted 10 Oct 09:00, first hire 21 Oct 10:00.
    expect(speed.time_to_fill).toEqual({ median: 12, p90: 12.8, count: 2 });
    expect(speed.stages).toEqual([
      { stage: 'received', average_days: 1.3, moved_on: 4 },
      { stage: 'screening', average_days: 2.7, moved_on: 3 },
      { stage: 'shortlisted', average_days: 4, moved_on: 2 },
      { stage: 'interview', average_days: 5, moved_on: 2 },
      { stage: 'offered', average_days: 2, moved_on: 1 },
    ]);
    const byJob = await report<SpeedReport>('speed', `${october}&job_id=${job2}`);
    expect(byJob.days_to_hire).toEqual({ median: 6, p90: 6, count: 1 });
    expect(byJob.time_to_fill).toEqual({ median: 11, p90: 11, count: 1 });
    const empty = await report<SpeedReport>('speed', 'from=2025-01-01&to=2025-01-31');
    expect(empty.days_to_hire).toEqual({ median: null, p90: null, count: 0 });
    expect(empty.stages.every((stage) => stage.average_days === null && stage.moved_on === 0)).toBe(true);
  });

  it('splits by source, each drive by name', async () => {
    const sources = await report<SourcesReport>('sources', october);
    expect(sources.sources.map(({ kind, drive_name, applications, shortlisted, hired, conversion }) => ({ kind, drive_name, applications, shortlisted, hired, conversion }))).toEqual([
      { kind: 'direct', drive_name: null, applications: 2, shortlisted: 1, hired: 1, conversion: 0.5 },
      { kind: 'drive', drive_name: 'Pune campus drive', applications: 1, shortlisted: 1, hired: 1, conversion: 1 },
      { kind: 'link', drive_name: null, applications: 1, shortlisted: 0, hired: 0, conversion: 0 },
      { kind: 'qr', drive_name: null, applications: 1, shortlisted: 1, hired: 0, conversion: 0 },
    ]);
  });

  it('lists each job with the numbers on its pipeline board, days open, days to first hire and checks verified', async () => {
    const jobs = await report<JobsReport>('jobs', october);
    const daysOpen = (posted: Date) => Math.floor((now.getTime() - posted.getTime()) / DAY);
    expect(jobs.jobs.map(({ stages: _stages, ...job }) => job)).toEqual([
      { job_id: job1, title: 'Food Technologist', recruiter_name: 'Anjali Menon', applications: 4, hired: 1, days_open: daysOpen(ist('2026-10-01 09:00')), days_to_first_hire: 13, verification_pass_rate: 1 },
      { job_id: job2, title: 'Plant Supervisor', recruiter_name: 'Bhavesh Patel', applications: 3, hired: 1, days_open: daysOpen(ist('2026-10-10 09:00')), days_to_first_hire: 11, verification_pass_rate: 0 },
    ]);
    for (const job of jobs.jobs) {
      const board = await call(owner.jar, `/api/pipeline/jobs/${job.job_id}`);
      expect(board.statusCode).toBe(200);
      const pipeline = board.json<JobPipeline>();
      expect(job.stages).toEqual(pipeline.stage_counts);
      expect(job.applications).toBe(pipeline.total);
    }
    // A job that expired before the range began is not listed; one posted after it ended neither.
    const september = (await report<JobsReport>('jobs', 'from=2026-09-01&to=2026-09-30')).jobs;
    expect(september.map((job) => [job.job_id, job.days_open])).toEqual([[expiredJob, 45]]);
  });

  it('counts the checks the company asked for by status, with the median turnaround', async () => {
    expect(await report<VerificationReport>('verification', october)).toEqual({
      statuses: [
        { status: 'requested', count: 1 },
        { status: 'in_review', count: 1 },
        { status: 'verified', count: 1 },
        { status: 'rejected', count: 1 },
      ],
      total: 4,
      median_turnaround_days: 3,
    });
    const byJob = await report<VerificationReport>('verification', `${october}&job_id=${job2}`);
    expect(byJob.total).toBe(1);
    expect(byJob.statuses.find((row) => row.status === 'rejected')?.count).toBe(1);
  });

  it('keeps the rollups equal to a rebuild from the stage history, and follows a move made through the API', async () => {
    const snapshot = async () => ({
      daily: (
        await db().selectFrom('hiring_daily').selectAll().where('company_id', '=', company.id).orderBy(['scope', 'scope_id', 'day', 'source_key']).execute()
      ).map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'number' ? Math.round(value) : String(value)]))),
      counts: await db().selectFrom('job_stage_counts').selectAll().where('company_id', '=', company.id).where('applications', '>', 0).orderBy(['job_id', 'stage']).execute(),
      milestones: (await db().selectFrom('job_applications').select(['id', 'furthest_stage', 'offered_at', 'hired_at']).where('company_id', '=', company.id).orderBy('id').execute()).map((row) => ({
        ...row,
        offered_at: row.offered_at && new Date(row.offered_at).toISOString(),
        hired_at: row.hired_at && new Date(row.hired_at).toISOString(),
      })),
    });
    const kept = await snapshot();
    expect(kept.daily.length).toBeGreaterThan(0);
    await sql`SELECT workcred_rebuild_hiring_analytics(${company.id}::uuid)`.execute(db());
    expect(await snapshot()).toEqual(kept);

    // A real move, through the pipeline's route: today's funnel and the job's row follow at once.
    const candidate = await t.factories.user({ role: 'candidate', fullName: 'Applicant Today' });
    await t.factories.candidateProfile(candidate.id);
    const today = await t.factories.application(job2, candidate.id);
    const moved = await t.app.inject({ method: 'POST', url: `/api/pipeline/applications/${today.id}/stage`, headers: { cookie: recruiterB.jar.header }, payload: { stage: 'shortlisted' }, remoteAddress: nextIp() });
    expect(moved.statusCode, moved.body).toBe(200);
    const day = new Date(Date.now() + 330 * 60 * 1000).toISOString().slice(0, 10);
    const funnel = await report<FunnelReport>('funnel', `from=${day}&to=${day}&job_id=${job2}`);
    expect(funnel.stages.map((stage) => stage.reached)).toEqual([1, 1, 1, 0, 0, 0]);
    const row = (await report<JobsReport>('jobs', `from=${day}&to=${day}&job_id=${job2}`)).jobs[0]!;
    expect([row.stages.received, row.stages.shortlisted, row.applications]).toEqual([2, 1, 4]);
  });

  it('offers the company’s jobs and the members who posted them as filters', async () => {
    const options = await report<AnalyticsOptions>('options', '');
    expect(options.jobs.map((job) => job.title).sort()).toEqual(['Food Technologist', 'Plant Supervisor', 'Quality Inspector']);
    expect(options.recruiters).toEqual([
      { id: recruiterA.id, name: 'Anjali Menon' },
      { id: recruiterB.id, name: 'Bhavesh Patel' },
    ]);
  });

  it('opens the reports to owners, admins and recruiters only, for their own company', async () => {
    const other = await t.factories.company({ name: 'Satpura Mills Analytics' });
    const otherOwner = await t.factories.user({ role: 'employer', companyId: other.id, companyRole: 'owner' });
    const otherJar = await signIn(t.app, otherOwner.email, otherOwner.password, nextIp());
    const candidate = await t.factories.user({ role: 'candidate' });
    const candidateJar = await signIn(t.app, candidate.email, candidate.password, nextIp());
    const table: [string, CookieJar | null, number][] = [
      ['owner', owner.jar, 200],
      ['admin', admin.jar, 200],
      ['recruiter', recruiterA.jar, 200],
      ['interviewer', interviewer.jar, 403],
      ['candidate', candidateJar, 403],
      ['anonymous', null, 401],
    ];
    for (const name of ['options', 'funnel', 'speed', 'sources', 'jobs', 'verification']) {
      for (const [who, jar, status] of table) {
        const response = await call(jar, `/api/analytics/${name}?${name === 'options' ? '' : october}`);
        expect(response.statusCode, `${who} ${name}`).toBe(status);
      }
      if (name === 'options') continue;
      // Another company's owner sees their own (empty) figures, and cannot name this company's job.
      expect((await call(otherJar, `/api/analytics/${name}?${october}&job_id=${job1}`)).statusCode).toBe(404);
      expect((await call(otherJar, `/api/analytics/${name}?${october}&recruiter_id=${recruiterA.id}`)).statusCode).toBe(404);
    }
    const theirs = await call(otherJar, `/api/analytics/funnel?${october}`);
    expect(theirs.json<FunnelReport>().stages[0]!.reached).toBe(0);
  });

  it('refuses bad ranges and filters with a message naming the problem', async () => {
    const refused: [string, number, string][] = [
      ['from=2026-10-31&to=2026-10-01', 400, text.rangeOrder],
      ['from=2026-13-01&to=2026-12-31', 400, text.invalidDate],
      ['from=2020-01-01&to=2026-12-31', 400, text.rangeTooLong],
      ['to=2026-10-31', 400, text.invalidDate],
      [`${october}&job_id=not-a-job`, 400, text.invalidJob],
      [`${october}&job_id=00000000-0000-4000-8000-000000000000`, 404, text.invalidJob],
      [`${october}&recruiter_id=someone-else`, 404, text.invalidRecruiter],
      [`${october}&extra=1`, 400, ''],
    ];
    for (const [query, status, message] of refused) {
      const response = await call(owner.jar, `/api/analytics/funnel?${query}`);
      expect(response.statusCode, query).toBe(status);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
  });

  it('never answers 5xx to random queries', async () => {
    const values = ['', '2026-02-30', '0000-00-00', '9999-12-31', 'x'.repeat(2000), '%00', "'; DROP TABLE hiring_daily; --", '2026-10-01T00:00:00Z', '[]'];
    for (const name of ['funnel', 'speed', 'sources', 'jobs', 'verification']) {
      for (const value of values) {
        for (const query of [`from=${encodeURIComponent(value)}&to=2026-10-31`, `${october}&job_id=${encodeURIComponent(value)}`, `${october}&recruiter_id=${encodeURIComponent(value)}`, `from=${encodeURIComponent(value)}&to=${encodeURIComponent(value)}`]) {
          const response = await call(owner.jar, `/api/analytics/${name}?${query}`);
          expect(response.statusCode, `${name} ${query}`).toBeLessThan(500);
        }
      }
    }
  });
});
