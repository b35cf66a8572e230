import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { jobLifecycleMessages } from '../../shared/messages/job-lifecycle.ts';
import type { DashboardOverview, TeamMember } from '../../shared/schemas/dashboard.ts';
import type { ApplyToJobResult, MyApplication, PublicJobDetail } from '../../shared/schemas/job-detail.ts';
import type { EmployerJob, EmployerJobsPage, JobApplicant } from '../../shared/schemas/jobs.ts';
import type { PublicCompany, PublicJobsPage } from '../../shared/schemas/public-jobs.ts';
import { PUBLIC_JOB_DETAIL_KEYS } from '../support/public-job-keys.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

/**
 * One table over every route of the employer workspace (jobs, applicants, applying, dashboard,
 * team, completing a profile) and the public job routes, with two companies side by side.
 * Each row is one caller on one route and what the server must answer; a route declared under
 * one of the prefixes below without a row fails the coverage test.
 *
 * The rows run in order, one `it` each: reads first, then writes (creating, applying, deleting)
 * whose later rows see their effects. A failing row names its actor and route.
 */
const WORKSPACE_PREFIXES = ['/api/jobs', '/api/job-applications', '/api/dashboard', '/api/team', '/api/profile', '/api/public'];
const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_JOB_KEYS = ['company_name', 'created_at', 'expires_at', 'id', 'location', 'salary', 'title'];

type Actor = 'employerA' | 'employerB' | 'candidate' | 'anonymous';
type JobKey = 'jobA' | 'jobB' | 'deletedJobA' | 'expiredJobB';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Row {
  actor: Actor;
  method: Method;
  /** The route as declared (`:jobId` left in), for the coverage test. */
  route: string;
  /** Which job fills `:jobId`. */
  job?: JobKey;
  /** Other path parameters (`:inviteId`, `:userId`, `:slug`…), read when the row runs. */
  params?: () => Record<string, string>;
  query?: string | (() => string);
  body?: () => object;
  note?: string;
  status: number;
  message?: string;
  check?: (response: LightMyRequestResponse) => Promise<void> | void;
}

const rowName = (row: Row) => `${row.actor} ${row.method} ${row.route}${row.job ? ` [${row.job}]` : ''}${row.note ? ` (${row.note})` : ''} → ${row.status}`;

describe.skipIf(laneUnavailable)('company permissions over the employer workspace and public job routes', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.93.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  let companyA: { id: string; name: string };
  let companyB: { id: string; name: string };
  const users = {} as Record<'employerA' | 'teammateA' | 'employerB' | 'candidate' | 'applicantA' | 'applicantB', { id: string; fullName: string }>;
  const jars = {} as Record<Exclude<Actor, 'anonymous'>, CookieJar>;
  const jobs = {} as Record<JobKey, string>;

  const db = () => t.database.db;
  const jobRow = (id: string) => db().selectFrom('job_postings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditIdsOf = async (companyId: string) =>
    (await db().selectFrom('admin_audit_logs').select('id').where('company_id', '=', companyId).execute()).map((row) => row.id);
  const jobsTitled = (title: string) => db().selectFrom('job_postings').select(['id', 'company_id']).where('title', '=', title).execute();
  const call = (actor: Actor, method: Method, url: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: actor === 'anonymous' ? {} : { cookie: jars[actor].header },
      ...(body === undefined ? {} : { payload: body }),
      remoteAddress: nextIp(),
    });
  const employerJobIds = async (actor: 'employerA' | 'employerB') => {
    const response = await call(actor, 'GET', '/api/jobs');
    expect(response.statusCode).toBe(200);
    return response.json<EmployerJobsPage>().jobs.map((job) => job.id);
  };
  /** next_cursor of B's first page, handed to A by a later row. */
  let cursorFromB = '';
  /** A pending invite of company A (issue 13), and employer B's password for the transfer row. */
  let inviteA = '';
  let passwordB = '';
  const UNKNOWN = '00000000-0000-4000-8000-000000000000';

  async function signedIn(key: keyof typeof users, role: 'employer' | 'candidate', companyId: string | null, fullName: string) {
    const user = await t.factories.user({ role, companyId, fullName });
    if (key === 'employerB') passwordB = user.password;
    if (role === 'candidate') await t.factories.candidateProfile(user.id);
    users[key] = { id: user.id, fullName };
    return signIn(t.app, user.email, user.password, nextIp());
  }
  async function postJob(actor: 'employerA' | 'employerB', title: string) {
    const response = await call(actor, 'POST', '/api/jobs', { title, description: `${title}: the work.` });
    if (response.statusCode !== 201) throw new Error(`creating ${title}: ${response.statusCode} ${response.body}`);
    return response.json<EmployerJob>().id;
  }
  async function applyAs(jar: CookieJar, jobId: string) {
    const response = await t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/applications`, payload: {}, headers: { cookie: jar.header }, remoteAddress: nextIp() });
    if (response.statusCode !== 201) throw new Error(`applying to ${jobId}: ${response.statusCode} ${response.body}`);
    return response.json<ApplyToJobResult>().id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    companyA = await t.factories.company({ name: 'Alpha Permissions Pvt Ltd' });
    companyB = await t.factories.company({ name: 'Beta Permissions Pvt Ltd' });
    jars.employerA = await signedIn('employerA', 'employer', companyA.id, 'Anil Alpha');
    jars.employerB = await signedIn('employerB', 'employer', companyB.id, 'Bina Beta');
    jars.candidate = await signedIn('candidate', 'candidate', null, 'Chitra Candidate');
    const teammate = await t.factories.user({ role: 'employer', companyId: companyA.id, fullName: 'Tara Teammate' });
    users.teammateA = { id: teammate.id, fullName: teammate.fullName };
    const applicantAJar = await signedIn('applicantA', 'candidate', null, 'Arjun Applicant');
    const applicantBJar = await signedIn('applicantB', 'candidate', null, 'Bhavna Applicant');

    // Through the API, so each company's audit trail (its dashboard activity) is real.
    jobs.jobA = await postJob('employerA', 'Alpha Backend Engineer');
    jobs.jobB = await postJob('employerB', 'Beta Fleet Manager');
    await applyAs(applicantAJar, jobs.jobA);
    const applicationB = await applyAs(applicantBJar, jobs.jobB);
    await db().insertInto('interviews').values({ application_id: applicationB }).execute();

    // A deleted job of A with an application (which A's counts must leave out) and an expired job of B.
    jobs.deletedJobA = (await t.factories.job(companyA.id, { title: 'Alpha Removed Role' })).id;
    await t.factories.application(jobs.deletedJobA, users.applicantB.id);
    await db().updateTable('job_postings').set({ is_deleted: true }).where('id', '=', jobs.deletedJobA).execute();
    jobs.expiredJobB = (await t.factories.job(companyB.id, { title: 'Beta Expired Role', expiresAt: new Date(Date.now() - DAY) })).id;
    const invited = await call('employerA', 'POST', '/api/team/invites', { email: 'new.hire@alpha-permissions.in', company_role: 'recruiter' });
    inviteA = invited.json<{ id: string }>().id;
  });
  afterAll(async () => t?.close());

  const jm = messages.jobsManagement;
  const rows: Row[] = [
    // ── Public job routes: anyone reads open jobs, never deleted ones, never company internals.
    {
      actor: 'anonymous', method: 'GET', route: '/api/public/jobs', query: '?page_size=50', status: 200,
      check: (response) => {
        const page = response.json<PublicJobsPage>();
        expect(page.jobs.map((job) => job.id).sort()).toEqual([jobs.jobA, jobs.jobB].sort());
        for (const job of page.jobs) expect(Object.keys(job).sort()).toEqual(PUBLIC_JOB_KEYS);
      },
    },
    {
      actor: 'candidate', method: 'GET', route: '/api/public/jobs', query: '?q=Alpha', note: 'signed in, search', status: 200,
      check: (response) => expect(response.json<PublicJobsPage>().jobs.map((job) => job.id)).toEqual([jobs.jobA]),
    },
    {
      actor: 'anonymous', method: 'GET', route: '/api/public/jobs/:jobId', job: 'jobA', status: 200,
      check: (response) => {
        const job = response.json<PublicJobDetail>();
        expect(Object.keys(job).sort()).toEqual(PUBLIC_JOB_DETAIL_KEYS);
        expect(job).toMatchObject({ id: jobs.jobA, company_name: companyA.name, accepting_applications: true });
        expect(response.body).not.toContain(companyA.id);
        expect(response.body).not.toContain(users.employerA.id);
      },
    },
    { actor: 'anonymous', method: 'GET', route: '/api/public/jobs/:jobId', job: 'deletedJobA', status: 404, message: messages.jobDetail.notFound },
    {
      actor: 'anonymous', method: 'GET', route: '/api/public/jobs/:jobId', job: 'expiredJobB', note: 'a shared link keeps explaining itself', status: 200,
      check: (response) => expect(response.json<PublicJobDetail>().accepting_applications).toBe(false),
    },
    {
      actor: 'anonymous', method: 'GET', route: '/api/public/companies', status: 200,
      check: (response) => {
        const companies = response.json<PublicCompany[]>();
        expect(companies.map((company) => [company.name, company.open_jobs]).sort()).toEqual([[companyA.name, 1], [companyB.name, 1]]);
        for (const company of companies) expect(Object.keys(company).sort()).toEqual(['id', 'industry', 'logo_url', 'name', 'open_jobs', 'slug']);
      },
    },

    // ── GET /api/jobs: each employer their own company's jobs, nobody else, whatever the cursor.
    {
      actor: 'employerA', method: 'GET', route: '/api/jobs', status: 200,
      check: (response) => expect(response.json<EmployerJobsPage>()).toMatchObject({ jobs: [{ id: jobs.jobA, applications_count: 1 }], next_cursor: null }),
    },
    {
      actor: 'employerB', method: 'GET', route: '/api/jobs', status: 200,
      check: (response) => {
        const page = response.json<EmployerJobsPage>();
        expect(page.jobs.map((job) => job.id).sort()).toEqual([jobs.jobB, jobs.expiredJobB].sort());
        expect(page.jobs.find((job) => job.id === jobs.jobB)?.applications_count).toBe(1);
        expect(page.next_cursor).toBeNull();
      },
    },
    {
      actor: 'employerB', method: 'GET', route: '/api/jobs', query: '?limit=1', note: 'first page of one', status: 200,
      check: (response) => {
        const page = response.json<EmployerJobsPage>();
        expect(page.jobs).toHaveLength(1);
        expect([jobs.jobB, jobs.expiredJobB]).toContain(page.jobs[0]?.id);
        expect(page.next_cursor).toEqual(expect.any(String));
        cursorFromB = page.next_cursor ?? '';
      },
    },
    {
      // A cursor only says where a page starts; the company still comes from the caller's profile.
      actor: 'employerA', method: 'GET', route: '/api/jobs', query: () => `?cursor=${encodeURIComponent(cursorFromB)}`, note: 'with B’s cursor', status: 200,
      check: (response) => {
        // jobA was posted before B's jobs, so it lies past B's cursor; nothing of B's comes with it.
        expect(response.json<EmployerJobsPage>().jobs.map((job) => job.id)).toEqual([jobs.jobA]);
      },
    },
    { actor: 'candidate', method: 'GET', route: '/api/jobs', status: 403, message: messages.profile.notInCompany },
    { actor: 'anonymous', method: 'GET', route: '/api/jobs', status: 401 },

    // ── GET /api/jobs/:jobId/applications: another company's job is 404, as if it did not exist.
    {
      actor: 'employerA', method: 'GET', route: '/api/jobs/:jobId/applications', job: 'jobA', status: 200,
      check: (response) => {
        const applicants = response.json<JobApplicant[]>();
        expect(applicants.map((a) => a.candidate_name)).toEqual([users.applicantA.fullName]);
        expect(response.body).not.toContain(users.applicantB.fullName);
      },
    },
    {
      actor: 'employerB', method: 'GET', route: '/api/jobs/:jobId/applications', job: 'jobB', status: 200,
      check: (response) => expect(response.json<JobApplicant[]>().map((a) => a.candidate_name)).toEqual([users.applicantB.fullName]),
    },
    { actor: 'employerB', method: 'GET', route: '/api/jobs/:jobId/applications', job: 'jobA', status: 404, message: jm.notFound },
    { actor: 'employerA', method: 'GET', route: '/api/jobs/:jobId/applications', job: 'jobB', status: 404, message: jm.notFound },
    { actor: 'employerA', method: 'GET', route: '/api/jobs/:jobId/applications', job: 'deletedJobA', status: 404, message: jm.notFound },
    { actor: 'candidate', method: 'GET', route: '/api/jobs/:jobId/applications', job: 'jobA', status: 403, message: messages.profile.notInCompany },
    { actor: 'anonymous', method: 'GET', route: '/api/jobs/:jobId/applications', job: 'jobA', status: 401 },

    // ── Dashboard: counts and activity of the caller's own company only.
    {
      actor: 'employerA', method: 'GET', route: '/api/dashboard/overview', status: 200,
      check: async (response) => {
        const overview = response.json<DashboardOverview>();
        // jobA and its one application; the deleted job and its application, and all of B, left out.
        expect(overview).toMatchObject({ active_jobs: 1, applications: 1, interviews: 0 });
        expect(overview.recent_activity.map((entry) => entry.id).sort()).toEqual((await auditIdsOf(companyA.id)).sort());
        expect(overview.recent_activity.map((entry) => entry.action).sort()).toEqual(['application_received', 'job_created', 'team_member_invited']);
        expect(response.body).not.toContain(users.applicantB.fullName);
        expect(response.body).not.toContain(users.employerB.fullName);
      },
    },
    {
      actor: 'employerB', method: 'GET', route: '/api/dashboard/overview', status: 200,
      check: async (response) => {
        const overview = response.json<DashboardOverview>();
        // The expired job is not active; the application to A's deleted job is not B's.
        expect(overview).toMatchObject({ active_jobs: 1, applications: 1, interviews: 1 });
        expect(overview.recent_activity.map((entry) => entry.id).sort()).toEqual((await auditIdsOf(companyB.id)).sort());
        expect(response.body).not.toContain(users.applicantA.fullName);
        expect(response.body).not.toContain(users.employerA.fullName);
      },
    },
    { actor: 'candidate', method: 'GET', route: '/api/dashboard/overview', status: 403, message: messages.dashboardOverview.unauthorized },
    { actor: 'anonymous', method: 'GET', route: '/api/dashboard/overview', status: 401 },

    // ── Team: the profiles of the caller's own company.
    {
      actor: 'employerA', method: 'GET', route: '/api/team', status: 200,
      check: (response) => expect(response.json<TeamMember[]>().map((member) => member.id).sort()).toEqual([users.employerA.id, users.teammateA.id].sort()),
    },
    {
      actor: 'employerB', method: 'GET', route: '/api/team', status: 200,
      check: (response) => expect(response.json<TeamMember[]>().map((member) => member.id)).toEqual([users.employerB.id]),
    },
    { actor: 'candidate', method: 'GET', route: '/api/team', status: 403, message: messages.dashboardOverview.noCompany },
    { actor: 'anonymous', method: 'GET', route: '/api/team', status: 401 },

    // ── Team membership (issue 13): another company's invite, member or request is not found; the
    // route × role table of tests/api/company-roles.test.ts covers the roles within a company.
    { actor: 'employerA', method: 'GET', route: '/api/team/invites', status: 200, check: (response) => expect(response.json<{ invites: { id: string }[] }>().invites.map((invite) => invite.id)).toEqual([inviteA]) },
    { actor: 'employerB', method: 'GET', route: '/api/team/invites', status: 200, check: (response) => expect(response.json<{ invites: unknown[] }>().invites).toEqual([]) },
    { actor: 'candidate', method: 'GET', route: '/api/team/invites', status: 403 },
    { actor: 'anonymous', method: 'GET', route: '/api/team/invites', status: 401 },
    { actor: 'candidate', method: 'POST', route: '/api/team/invites', body: () => ({ email: 'x@beta-permissions.in', company_role: 'admin' }), status: 403 },
    { actor: 'anonymous', method: 'POST', route: '/api/team/invites', body: () => ({ email: 'x@beta-permissions.in', company_role: 'admin' }), status: 401 },
    { actor: 'employerB', method: 'POST', route: '/api/team/invites/:inviteId/resend', params: () => ({ inviteId: inviteA }), status: 404 },
    { actor: 'anonymous', method: 'POST', route: '/api/team/invites/:inviteId/resend', params: () => ({ inviteId: inviteA }), status: 401 },
    { actor: 'employerB', method: 'DELETE', route: '/api/team/invites/:inviteId', params: () => ({ inviteId: inviteA }), status: 404 },
    { actor: 'anonymous', method: 'DELETE', route: '/api/team/invites/:inviteId', params: () => ({ inviteId: inviteA }), status: 401 },
    { actor: 'employerB', method: 'PATCH', route: '/api/team/members/:userId', params: () => ({ userId: users.teammateA.id }), body: () => ({ company_role: 'interviewer' }), status: 404 },
    { actor: 'candidate', method: 'PATCH', route: '/api/team/members/:userId', params: () => ({ userId: users.teammateA.id }), body: () => ({ company_role: 'interviewer' }), status: 403 },
    { actor: 'anonymous', method: 'PATCH', route: '/api/team/members/:userId', params: () => ({ userId: users.teammateA.id }), body: () => ({ company_role: 'interviewer' }), status: 401 },
    { actor: 'employerB', method: 'DELETE', route: '/api/team/members/:userId', params: () => ({ userId: users.teammateA.id }), status: 404 },
    { actor: 'anonymous', method: 'DELETE', route: '/api/team/members/:userId', params: () => ({ userId: users.teammateA.id }), status: 401 },
    { actor: 'employerB', method: 'POST', route: '/api/team/transfer-ownership', body: () => ({ user_id: users.teammateA.id, password: passwordB }), status: 404 },
    { actor: 'anonymous', method: 'POST', route: '/api/team/transfer-ownership', body: () => ({ user_id: users.teammateA.id, password: 'x' }), status: 401 },
    { actor: 'employerB', method: 'GET', route: '/api/team/join-requests', status: 200, check: (response) => expect(response.json<{ requests: unknown[] }>().requests).toEqual([]) },
    { actor: 'anonymous', method: 'GET', route: '/api/team/join-requests', status: 401 },
    { actor: 'employerB', method: 'POST', route: '/api/team/join-requests/:requestId/approve', params: () => ({ requestId: UNKNOWN }), body: () => ({ company_role: 'admin' }), status: 404 },
    { actor: 'anonymous', method: 'POST', route: '/api/team/join-requests/:requestId/approve', params: () => ({ requestId: UNKNOWN }), body: () => ({ company_role: 'admin' }), status: 401 },
    { actor: 'employerB', method: 'POST', route: '/api/team/join-requests/:requestId/decline', params: () => ({ requestId: UNKNOWN }), status: 404 },
    { actor: 'anonymous', method: 'POST', route: '/api/team/join-requests/:requestId/decline', params: () => ({ requestId: UNKNOWN }), status: 401 },
    // A company's careers page is public; an unknown address and a missing logo are not found.
    { actor: 'anonymous', method: 'GET', route: '/api/public/companies/:slug', params: () => ({ slug: 'alpha-permissions-pvt-ltd' }), status: 200 },
    { actor: 'anonymous', method: 'GET', route: '/api/public/companies/:slug', params: () => ({ slug: 'no-such-company' }), note: 'unknown', status: 404 },
    { actor: 'anonymous', method: 'GET', route: '/api/public/companies/:slug/logo', params: () => ({ slug: 'alpha-permissions-pvt-ltd' }), status: 404 },
    // A letter's verification is public; an unknown code is not found (tests/api/letters.test.ts covers known ones).
    { actor: 'anonymous', method: 'GET', route: '/api/public/letters/:code', params: () => ({ code: 'AAAAAAAAAAAA' }), status: 404, message: messages.letters.notFound },
    { actor: 'anonymous', method: 'POST', route: '/api/public/letters/:code/compare', params: () => ({ code: 'AAAAAAAAAAAA' }), body: () => ({}), status: 404, message: messages.letters.notFound },

    // ── POST /api/jobs: the company comes from the profile; a company_id in the body is refused outright.
    { actor: 'anonymous', method: 'POST', route: '/api/jobs', body: () => ({ title: 'Anonymous Probe', description: 'x' }), status: 401 },
    {
      actor: 'candidate', method: 'POST', route: '/api/jobs', body: () => ({ title: 'Candidate Probe', description: 'x' }), status: 403, message: messages.profile.notInCompany,
      check: async () => expect(await jobsTitled('Candidate Probe')).toEqual([]),
    },
    {
      actor: 'employerA', method: 'POST', route: '/api/jobs', note: 'company_id of B in the body', body: () => ({ title: 'Smuggled Into Beta', description: 'x', company_id: companyB.id }), status: 400,
      check: async () => expect(await jobsTitled('Smuggled Into Beta')).toEqual([]),
    },
    {
      actor: 'employerA', method: 'POST', route: '/api/jobs', body: () => ({ title: 'Alpha Data Analyst', description: 'Dashboards.' }), status: 201,
      check: async (response) => {
        expect(await jobsTitled('Alpha Data Analyst')).toEqual([{ id: response.json<EmployerJob>().id, company_id: companyA.id }]);
        expect(await employerJobIds('employerB')).not.toContain(response.json<EmployerJob>().id);
      },
    },
    {
      actor: 'employerB', method: 'POST', route: '/api/jobs', body: () => ({ title: 'Beta Dispatcher', description: 'Routes.' }), status: 201,
      check: async (response) => {
        expect(await jobsTitled('Beta Dispatcher')).toEqual([{ id: response.json<EmployerJob>().id, company_id: companyB.id }]);
        expect(await employerJobIds('employerA')).not.toContain(response.json<EmployerJob>().id);
      },
    },

    // ── POST /api/profile/complete: nobody joins (or moves to) a company by typing its name.
    { actor: 'anonymous', method: 'POST', route: '/api/profile/complete', body: () => ({ company_name: 'Gamma Anonymous', industry: 'Retail', position: 'Owner' }), status: 401 },
    {
      actor: 'employerA', method: 'POST', route: '/api/profile/complete', note: 'switching to B', body: () => ({ company_name: companyB.name, industry: 'Retail', position: 'Owner' }), status: 409, message: messages.dashboardOverview.alreadyHasCompany,
      check: async () => expect((await db().selectFrom('user_profiles').select('company_id').where('id', '=', users.employerA.id).executeTakeFirstOrThrow()).company_id).toBe(companyA.id),
    },
    {
      actor: 'candidate', method: 'POST', route: '/api/profile/complete', note: 'claiming B by name', body: () => ({ company_name: ` ${companyB.name.toUpperCase()} `, industry: 'Retail', position: 'Owner' }), status: 409,
      check: async (response) => {
        expect(response.json<{ code: string }>().code).toBe('COMPANY_NAME_TAKEN');
        const profile = await db().selectFrom('user_profiles').select(['role', 'company_id']).where('id', '=', users.candidate.id).executeTakeFirstOrThrow();
        expect(profile).toEqual({ role: 'candidate', company_id: null });
      },
    },

    // ── POST /api/jobs/:jobId/applications: candidates only, open jobs only.
    { actor: 'anonymous', method: 'POST', route: '/api/jobs/:jobId/applications', job: 'jobB', body: () => ({}), status: 401 },
    { actor: 'employerA', method: 'POST', route: '/api/jobs/:jobId/applications', job: 'jobB', note: 'another company’s job', body: () => ({}), status: 403, message: messages.jobDetail.candidatesOnly },
    {
      actor: 'employerB', method: 'POST', route: '/api/jobs/:jobId/applications', job: 'jobB', note: 'own job', body: () => ({}), status: 403, message: messages.jobDetail.candidatesOnly,
      check: async () => expect(await db().selectFrom('job_applications').select('id').where('candidate_id', 'in', [users.employerA.id, users.employerB.id]).execute()).toEqual([]),
    },
    { actor: 'candidate', method: 'POST', route: '/api/jobs/:jobId/applications', job: 'deletedJobA', body: () => ({}), status: 404, message: messages.jobDetail.notFound },
    { actor: 'candidate', method: 'POST', route: '/api/jobs/:jobId/applications', job: 'expiredJobB', body: () => ({}), status: 409, message: messages.jobDetail.closed },
    {
      actor: 'candidate', method: 'POST', route: '/api/jobs/:jobId/applications', job: 'jobB', body: () => ({}), status: 201,
      check: async (response) => {
        expect(response.json<ApplyToJobResult>().status).toBe('received');
        const row = await db().selectFrom('job_applications').select(['job_id', 'candidate_id']).where('id', '=', response.json<ApplyToJobResult>().id).executeTakeFirstOrThrow();
        expect(row).toEqual({ job_id: jobs.jobB, candidate_id: users.candidate.id });
      },
    },
    {
      actor: 'candidate', method: 'POST', route: '/api/jobs/:jobId/applications', job: 'jobB', note: 'again', body: () => ({}), status: 200,
      check: (response) => expect(response.json<ApplyToJobResult>().status).toBe('already_applied'),
    },

    // ── GET /api/jobs/:jobId/applications/mine: only the caller's own application is ever looked at.
    { actor: 'candidate', method: 'GET', route: '/api/jobs/:jobId/applications/mine', job: 'jobB', status: 200, check: (response) => expect(response.json<MyApplication>()).toEqual({ applied: true, status: 'received' }) },
    { actor: 'candidate', method: 'GET', route: '/api/jobs/:jobId/applications/mine', job: 'jobA', status: 200, check: (response) => expect(response.json<MyApplication>()).toEqual({ applied: false }) },
    { actor: 'employerB', method: 'GET', route: '/api/jobs/:jobId/applications/mine', job: 'jobB', note: 'not a view of applicants', status: 200, check: (response) => expect(response.json<MyApplication>()).toEqual({ applied: false }) },
    { actor: 'anonymous', method: 'GET', route: '/api/jobs/:jobId/applications/mine', job: 'jobB', status: 401 },

    // ── The new application counts for B, and still not for A.
    { actor: 'employerB', method: 'GET', route: '/api/dashboard/overview', note: 'after the candidate applied', status: 200, check: (response) => expect(response.json<DashboardOverview>().applications).toBe(2) },
    { actor: 'employerA', method: 'GET', route: '/api/dashboard/overview', note: 'after B’s writes', status: 200, check: (response) => expect(response.json<DashboardOverview>()).toMatchObject({ active_jobs: 2, applications: 1, interviews: 0 }) },

    // ── DELETE /api/jobs/:jobId: only the owning company's employer; another company's job is 404 and untouched.
    // ── Edit, Close and Reopen (issue 33 B3): the company's own jobs only.
    { actor: 'anonymous', method: 'PATCH', route: '/api/jobs/:jobId', job: 'jobA', body: () => ({ description: 'x' }), status: 401 },
    { actor: 'candidate', method: 'PATCH', route: '/api/jobs/:jobId', job: 'jobA', body: () => ({ description: 'x' }), status: 403, message: messages.profile.notInCompany },
    {
      actor: 'employerB', method: 'PATCH', route: '/api/jobs/:jobId', job: 'jobA', body: () => ({ description: 'Hijacked' }), status: 404, message: jm.notFound,
      check: async () => expect((await jobRow(jobs.jobA)).description).not.toBe('Hijacked'),
    },
    { actor: 'employerA', method: 'PATCH', route: '/api/jobs/:jobId', job: 'jobA', body: () => ({ description: 'Alpha Backend Engineer: the work, updated.' }), status: 200, check: (response) => expect(response.json<EmployerJob>().id).toBe(jobs.jobA) },
    { actor: 'anonymous', method: 'POST', route: '/api/jobs/:jobId/close', job: 'jobA', status: 401 },
    { actor: 'candidate', method: 'POST', route: '/api/jobs/:jobId/close', job: 'jobA', status: 403, message: messages.profile.notInCompany },
    { actor: 'employerB', method: 'POST', route: '/api/jobs/:jobId/close', job: 'jobA', status: 404, message: jm.notFound },
    { actor: 'employerA', method: 'POST', route: '/api/jobs/:jobId/close', job: 'jobA', status: 200 },
    { actor: 'anonymous', method: 'POST', route: '/api/jobs/:jobId/reopen', job: 'jobA', status: 401 },
    { actor: 'candidate', method: 'POST', route: '/api/jobs/:jobId/reopen', job: 'jobA', status: 403, message: messages.profile.notInCompany },
    { actor: 'employerB', method: 'POST', route: '/api/jobs/:jobId/reopen', job: 'jobA', status: 404, message: jm.notFound },
    { actor: 'employerA', method: 'POST', route: '/api/jobs/:jobId/reopen', job: 'jobA', status: 200 },
    // Drafts and clones (issue 36 §1): jobA is published, so publishing it again is 409.
    { actor: 'anonymous', method: 'POST', route: '/api/jobs/:jobId/publish', job: 'jobA', status: 401 },
    { actor: 'candidate', method: 'POST', route: '/api/jobs/:jobId/publish', job: 'jobA', status: 403, message: messages.profile.notInCompany },
    { actor: 'employerB', method: 'POST', route: '/api/jobs/:jobId/publish', job: 'jobA', status: 404, message: jm.notFound },
    { actor: 'employerA', method: 'POST', route: '/api/jobs/:jobId/publish', job: 'jobA', status: 409, message: jobLifecycleMessages.alreadyPublished },
    { actor: 'anonymous', method: 'POST', route: '/api/jobs/:jobId/clone', job: 'jobA', status: 401 },
    { actor: 'candidate', method: 'POST', route: '/api/jobs/:jobId/clone', job: 'jobA', status: 403, message: messages.profile.notInCompany },
    { actor: 'employerB', method: 'POST', route: '/api/jobs/:jobId/clone', job: 'jobA', status: 404, message: jm.notFound },
    { actor: 'employerA', method: 'POST', route: '/api/jobs/:jobId/clone', job: 'jobA', status: 201 },
    { actor: 'anonymous', method: 'GET', route: '/api/jobs/:jobId/team', job: 'jobA', status: 401 },
    { actor: 'candidate', method: 'GET', route: '/api/jobs/:jobId/team', job: 'jobA', status: 403, message: messages.profile.notInCompany },
    { actor: 'employerB', method: 'GET', route: '/api/jobs/:jobId/team', job: 'jobA', status: 404, message: jm.notFound },
    { actor: 'employerA', method: 'GET', route: '/api/jobs/:jobId/team', job: 'jobA', status: 200 },
    { actor: 'anonymous', method: 'PUT', route: '/api/jobs/:jobId/team', job: 'jobA', body: () => ({ members: [] }), status: 401 },
    { actor: 'candidate', method: 'PUT', route: '/api/jobs/:jobId/team', job: 'jobA', body: () => ({ members: [] }), status: 403, message: messages.profile.notInCompany },
    { actor: 'employerB', method: 'PUT', route: '/api/jobs/:jobId/team', job: 'jobA', body: () => ({ members: [] }), status: 404, message: jm.notFound },
    { actor: 'employerA', method: 'PUT', route: '/api/jobs/:jobId/team', job: 'jobA', body: () => ({ members: [] }), status: 200 },
    // The job's scorecard template (issue 36 §4); interviewers are refused in tests/api/scorecard-templates.test.ts.
    { actor: 'anonymous', method: 'GET', route: '/api/jobs/:jobId/scorecard-template', job: 'jobA', status: 401 },
    { actor: 'candidate', method: 'GET', route: '/api/jobs/:jobId/scorecard-template', job: 'jobA', status: 403, message: messages.profile.notInCompany },
    { actor: 'employerB', method: 'GET', route: '/api/jobs/:jobId/scorecard-template', job: 'jobA', status: 404, message: jm.notFound },
    { actor: 'employerA', method: 'GET', route: '/api/jobs/:jobId/scorecard-template', job: 'jobA', status: 200 },
    { actor: 'anonymous', method: 'PUT', route: '/api/jobs/:jobId/scorecard-template', job: 'jobA', body: () => ({ criteria: [{ name: 'Java depth' }, { name: 'Communication', guidance: 'Explains clearly' }] }), status: 401 },
    { actor: 'candidate', method: 'PUT', route: '/api/jobs/:jobId/scorecard-template', job: 'jobA', body: () => ({ criteria: [{ name: 'Java depth' }, { name: 'Communication', guidance: 'Explains clearly' }] }), status: 403, message: messages.profile.notInCompany },
    { actor: 'employerB', method: 'PUT', route: '/api/jobs/:jobId/scorecard-template', job: 'jobA', body: () => ({ criteria: [{ name: 'Java depth' }, { name: 'Communication', guidance: 'Explains clearly' }] }), status: 404, message: jm.notFound },
    { actor: 'employerA', method: 'PUT', route: '/api/jobs/:jobId/scorecard-template', job: 'jobA', body: () => ({ criteria: [{ name: 'Java depth' }, { name: 'Communication', guidance: 'Explains clearly' }] }), status: 200 },

    // ── The first hour (issue 33 B2): each caller's own signup company and getting-started list.
    { actor: 'anonymous', method: 'GET', route: '/api/profile/signup-company', status: 401 },
    { actor: 'candidate', method: 'GET', route: '/api/profile/signup-company', status: 200, check: (response) => expect(response.json()).toEqual({ company_name: null }) },
    { actor: 'employerA', method: 'GET', route: '/api/profile/signup-company', note: 'has a company', status: 200, check: (response) => expect(response.json()).toEqual({ company_name: null }) },
    { actor: 'anonymous', method: 'GET', route: '/api/dashboard/getting-started', status: 401 },
    { actor: 'candidate', method: 'GET', route: '/api/dashboard/getting-started', status: 403, message: messages.dashboardOverview.unauthorized },
    { actor: 'employerA', method: 'GET', route: '/api/dashboard/getting-started', status: 200 },

    // ── The share image of a job link (issue 33 C3): public, as the job page is.
    { actor: 'anonymous', method: 'GET', route: '/api/public/jobs/:jobId/share-image.png', job: 'jobA', status: 200, check: (response) => expect(response.headers['content-type']).toBe('image/png') },
    { actor: 'anonymous', method: 'GET', route: '/api/public/jobs/:jobId/share-image.png', job: 'deletedJobA', status: 404 },

    { actor: 'anonymous', method: 'DELETE', route: '/api/jobs/:jobId', job: 'jobA', status: 401 },
    { actor: 'candidate', method: 'DELETE', route: '/api/jobs/:jobId', job: 'jobA', status: 403, message: messages.profile.notInCompany },
    {
      actor: 'employerB', method: 'DELETE', route: '/api/jobs/:jobId', job: 'jobA', status: 404, message: jm.notFound,
      check: async () => {
        expect((await jobRow(jobs.jobA)).is_deleted).toBe(false);
        expect(await db().selectFrom('admin_audit_logs').select('id').where('action', '=', 'job_deleted').execute()).toEqual([]);
      },
    },
    { actor: 'employerA', method: 'DELETE', route: '/api/jobs/:jobId', job: 'jobB', status: 404, message: jm.notFound, check: async () => expect((await jobRow(jobs.jobB)).is_deleted).toBe(false) },
    { actor: 'employerA', method: 'DELETE', route: '/api/jobs/:jobId', job: 'deletedJobA', note: 'already deleted', status: 404, message: jm.notFound },
    {
      actor: 'employerA', method: 'DELETE', route: '/api/jobs/:jobId', job: 'jobA', status: 204,
      check: async () => {
        expect((await jobRow(jobs.jobA)).is_deleted).toBe(true);
        const audit = await db().selectFrom('admin_audit_logs').select(['company_id', 'admin_id']).where('action', '=', 'job_deleted').execute();
        expect(audit).toEqual([{ company_id: companyA.id, admin_id: users.employerA.id }]);
        expect(await employerJobIds('employerA')).not.toContain(jobs.jobA);
      },
    },
    { actor: 'anonymous', method: 'GET', route: '/api/public/jobs/:jobId', job: 'jobA', note: 'after its deletion', status: 404, message: messages.jobDetail.notFound },
    { actor: 'candidate', method: 'POST', route: '/api/jobs/:jobId/applications', job: 'jobA', note: 'after its deletion', body: () => ({}), status: 404, message: messages.jobDetail.notFound },
  ];

  it.each(rows.map((row) => [rowName(row), row] as const))('%s', async (_name, row) => {
    const query = typeof row.query === 'function' ? row.query() : (row.query ?? '');
    const withParams = Object.entries(row.params?.() ?? {}).reduce((route, [name, value]) => route.replace(`:${name}`, value), row.route);
    const url = (row.job ? withParams.replace(':jobId', jobs[row.job]) : withParams) + query;
    const response = await call(row.actor, row.method, url, row.body?.());
    expect(response.statusCode, response.body).toBe(row.status);
    if (row.message !== undefined) expect(response.json<{ message: string }>().message).toBe(row.message);
    // Refusals carry no data: an error body, never the resource.
    if (row.status >= 400) expect(Object.keys(response.json<object>()).sort()).not.toContain('id');
    await row.check?.(response);
  });

  it('has a row for every declared route under the workspace and public prefixes, and an anonymous row for each', () => {
    const declared = t.app.declaredRoutes.filter((route) => WORKSPACE_PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`)));
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
    const declaredKeys = [...new Set(declared.map(key))].sort();
    const tableKeys = [...new Set(rows.map((row) => key({ method: row.method, url: row.route })))].sort();
    expect(declaredKeys.length).toBeGreaterThanOrEqual(12);
    // Both ways: a new route needs rows, and a row may not name a route that no longer exists.
    expect(tableKeys).toEqual(declaredKeys);
    const anonymouslyTried = new Set(rows.filter((row) => row.actor === 'anonymous').map((row) => key({ method: row.method, url: row.route })));
    expect(declaredKeys.filter((k) => !anonymouslyTried.has(k))).toEqual([]);
  });
});
