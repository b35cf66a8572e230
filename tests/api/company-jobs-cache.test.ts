import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFactories } from '../../server/dev/factories.ts';
import type { EmployerJobsPage } from '../../shared/schemas/jobs.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { startTwoInstances } from '../support/two-instances.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Issue 14: a company's job list (GET /api/jobs) is answered from memory for a few seconds, and
 * forgotten on every instance the moment one of its jobs changes or gains or loses an application,
 * however that happened. A long cache life: only the notification can make a change visible here.
 */
let ip = 0;
const list = (app: FastifyInstance, jar: CookieJar, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/jobs', headers: { cookie: jar.header, ...headers }, remoteAddress: `10.79.${ip >> 8}.${++ip & 255}` });
const countOf = (page: EmployerJobsPage, jobId: string) => page.jobs.find((job) => job.id === jobId)?.applications_count;

describe.skipIf(laneUnavailable)('the company job list kept in memory', () => {
  let t: TestApp;
  let company: { id: string };
  let owner: CookieJar;

  beforeAll(async () => {
    t = await createTestApp({ COMPANY_CACHE_SECONDS: '60' });
    company = await t.factories.company({ name: 'Kaveri Looms' });
    const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    owner = await signIn(t.app, user.email, user.password, '10.79.250.1');
  });
  afterAll(async () => t?.close());

  it('answers with an ETag the browser revalidates, and nothing a shared cache may keep', async () => {
    await t.factories.job(company.id, { title: 'Warp Knitting Operator' });
    const first = await list(t.app, owner);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await list(t.app, owner, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('counts a new application and shows an edit made straight in the database as soon as the change is heard', async () => {
    const job = await t.factories.job(company.id, { title: 'Shuttle Loom Fitter' });
    await waitFor(async () => countOf((await list(t.app, owner)).json(), job.id) === 0, { what: 'the new job listed' });
    const candidate = await t.factories.user({ role: 'candidate' });
    await t.factories.application(job.id, candidate.id);
    await waitFor(async () => countOf((await list(t.app, owner)).json(), job.id) === 1, { what: 'the new application counted' });
    await t.database.db.deleteFrom('job_applications').where('job_id', '=', job.id).execute();
    await waitFor(async () => countOf((await list(t.app, owner)).json(), job.id) === 0, { what: 'the removed application uncounted' });
    await t.database.db.updateTable('job_postings').set({ title: 'Senior Shuttle Loom Fitter' }).where('id', '=', job.id).execute();
    await waitFor(async () => (await list(t.app, owner)).json<EmployerJobsPage>().jobs.some((j) => j.title === 'Senior Shuttle Loom Fitter'), { what: 'the edited title' });
  });

  it("shows the employer's own new job and drops a deleted one in the very next answer", async () => {
    expect((await list(t.app, owner)).statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie: owner.header },
      payload: { title: 'Jacquard Designer', description: 'Designs jacquard patterns for silk sarees.', location: 'Mysuru' },
      remoteAddress: '10.79.250.2',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    expect((await list(t.app, owner)).json<EmployerJobsPage>().jobs[0]?.id).toBe(id);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/jobs/${id}`, headers: { cookie: owner.header }, remoteAddress: '10.79.250.3' });
    expect(deleted.statusCode).toBe(204);
    expect((await list(t.app, owner)).json<EmployerJobsPage>().jobs.map((j) => j.id)).not.toContain(id);
  });

  it("never answers one company's members from another company's list", async () => {
    const other = await t.factories.company({ name: 'Godavari Spinners' });
    await t.factories.job(other.id, { title: 'Ring Frame Doffer' });
    const otherOwner = await t.factories.user({ role: 'employer', companyId: other.id, companyRole: 'owner' });
    const jar = await signIn(t.app, otherOwner.email, otherOwner.password, '10.79.250.4');
    const mine = (await list(t.app, owner)).json<EmployerJobsPage>().jobs.map((j) => j.title);
    const theirs = (await list(t.app, jar)).json<EmployerJobsPage>().jobs.map((j) => j.title);
    expect(theirs).toEqual(['Ring Frame Doffer']);
    expect(mine).not.toContain('Ring Frame Doffer');
  });
});

describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('the company job list across two instances on one PostgreSQL', () => {
  let two: Awaited<ReturnType<typeof startTwoInstances>>;
  beforeAll(async () => {
    two = await startTwoInstances({ COMPANY_CACHE_SECONDS: '60' });
  });
  afterAll(async () => two?.close());

  it("forgets a company's list on instance B when an application arrives through instance A", async () => {
    const [a, b] = two.instances;
    const factories = createFactories(a.app.auth, a.database);
    const company = await factories.company({ name: 'Tapti Fabrics' });
    const job = await factories.job(company.id, { title: 'Weaving Master' });
    const user = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    const ownerOnB = await signIn(b.app, user.email, user.password, '10.79.251.1');
    expect(countOf((await list(b.app, ownerOnB)).json(), job.id)).toBe(0);
    const candidate = await factories.user({ role: 'candidate' });
    await factories.candidateProfile(candidate.id);
    const applicant = await signIn(a.app, candidate.email, candidate.password, '10.79.251.2');
    const applied = await a.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/applications`, headers: { cookie: applicant.header }, payload: {}, remoteAddress: '10.79.251.3' });
    expect(applied.statusCode, applied.body).toBeLessThan(300);
    await waitFor(async () => countOf((await list(b.app, ownerOnB)).json(), job.id) === 1, { what: "the application counted on B's list" });
  });
});
