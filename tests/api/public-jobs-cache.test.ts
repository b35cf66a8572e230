import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicJobDetail } from '../../shared/schemas/job-detail.ts';
import type { PublicJobsPage } from '../../shared/schemas/public-jobs.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Issue 14, item 2: the public job page and the board are answered from memory for a few seconds,
 * with an ETag and a Cache-Control a CDN honours, and forgotten the moment a job changes, however
 * it changed (the employer's own request, or a statement run straight on the database).
 */
describe.skipIf(laneUnavailable)('public job answers kept in memory', () => {
  let t: TestApp;
  let ip = 0;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, remoteAddress: `10.77.${ip >> 8}.${++ip & 255}` });
  let company: { id: string };
  let owner: CookieJar;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_CACHE_SECONDS: '60' });
    company = await t.factories.company({ name: 'Tungabhadra Textiles' });
    const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    owner = await signIn(t.app, user.email, user.password, '10.77.250.1');
  });
  afterAll(async () => t?.close());

  it('answers with an ETag a browser revalidates (304, no body) and a Cache-Control a CDN keeps no longer than the server', async () => {
    const job = await t.factories.job(company.id, { title: 'Weaving Supervisor' });
    const first = await get(`/api/public/jobs/${job.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json<PublicJobDetail>()).toMatchObject({ id: job.id, title: 'Weaving Supervisor', company_name: 'Tungabhadra Textiles', accepting_applications: true });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const maxAge = Number(/s-maxage=(\d+)/.exec(String(first.headers['cache-control']))?.[1]);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60);

    const again = await get(`/api/public/jobs/${job.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get(`/api/public/jobs/${job.id}`, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    const board = await get('/api/public/jobs?q=Weaving');
    expect(board.headers.etag).toMatch(/^"[\w-]+"$/);
    expect((await get('/api/public/jobs?q=Weaving', { 'if-none-match': board.headers.etag as string })).statusCode).toBe(304);
  });

  it('shows an edit made straight in the database as soon as the change is heard, on the page and the board', async () => {
    const job = await t.factories.job(company.id, { title: 'Dyeing Technician' });
    expect((await get(`/api/public/jobs/${job.id}`)).json<PublicJobDetail>().title).toBe('Dyeing Technician');
    expect((await get('/api/public/jobs?q=Dyeing')).json<PublicJobsPage>().total).toBe(1);
    await t.database.db.updateTable('job_postings').set({ title: 'Senior Dyeing Technician' }).where('id', '=', job.id).execute();
    await waitFor(async () => (await get(`/api/public/jobs/${job.id}`)).json<PublicJobDetail>().title === 'Senior Dyeing Technician', { what: 'the edited title' });
    await waitFor(async () => (await get('/api/public/jobs?q=Dyeing')).json<PublicJobsPage>().jobs[0]?.title === 'Senior Dyeing Technician', { what: 'the edited board' });
  });

  it("forgets a job the employer deletes before the deletion's answer arrives, and a new job is on the board at once", async () => {
    const job = await t.factories.job(company.id, { title: 'Loom Mechanic' });
    expect((await get(`/api/public/jobs/${job.id}`)).statusCode).toBe(200);
    expect((await get('/api/public/jobs?q=Loom')).json<PublicJobsPage>().total).toBe(1);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/jobs/${job.id}`, headers: { cookie: owner.header }, remoteAddress: '10.77.250.2' });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await get(`/api/public/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await get('/api/public/jobs?q=Loom')).json<PublicJobsPage>().total).toBe(0);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie: owner.header },
      payload: { title: 'Loom Mechanic (Night Shift)', description: 'Keeps the looms running through the night shift.', location: 'Ballari' },
      remoteAddress: '10.77.250.3',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await get('/api/public/jobs?q=Loom')).json<PublicJobsPage>().jobs.map((j) => j.title)).toEqual(['Loom Mechanic (Night Shift)']);
  });

  it("shows the company's new name on its jobs once it is renamed", async () => {
    const job = await t.factories.job(company.id, { title: 'Quality Inspector' });
    expect((await get(`/api/public/jobs/${job.id}`)).json<PublicJobDetail>().company_name).toBe('Tungabhadra Textiles');
    await t.database.db.updateTable('companies').set({ name: 'Tungabhadra Textiles Pvt Ltd' }).where('id', '=', company.id).execute();
    await waitFor(async () => (await get(`/api/public/jobs/${job.id}`)).json<PublicJobDetail>().company_name === 'Tungabhadra Textiles Pvt Ltd', { what: 'the new company name' });
  });

  it('still answers 404 for a job that does not exist, uncached', async () => {
    const missing = await get('/api/public/jobs/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});
