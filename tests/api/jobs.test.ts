import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { sql } from 'kysely';
import { EMPLOYER_JOBS_INVALID_CURSOR, EMPLOYER_JOBS_MAX_PAGE_SIZE, EMPLOYER_JOBS_PAGE_SIZE, todayInIndia, type EmployerJob, type EmployerJobsPage, type JobApplicant } from '../../shared/schemas/jobs.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.jobsManagement;
const DAY = 24 * 60 * 60 * 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A date in India's calendar `days` from today, as YYYY-MM-DD. */
const indiaDate = (days: number) => todayInIndia(new Date(Date.now() + days * DAY));

describe.skipIf(laneUnavailable)('Jobs Management: /api/jobs', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.70.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  let companyA: { id: string; name: string };
  let companyB: { id: string; name: string };
  const callers: Partial<Record<'employerA' | 'employerB' | 'employerC' | 'employerD' | 'candidate' | 'employerWithoutCompany', { id: string; jar: CookieJar }>> = {};
  let jobA: { id: string; title: string };
  let jobB: { id: string; title: string };

  type Caller = keyof typeof callers | 'anonymous';
  const headers = (who: Caller) => (who === 'anonymous' ? {} : { cookie: callers[who]!.jar.header });
  const list = (who: Caller, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return t.app.inject({ method: 'GET', url: search ? `/api/jobs?${search}` : '/api/jobs', headers: headers(who), remoteAddress: nextIp() });
  };
  /** Every page of the caller's list, walked with next_cursor; asserts each answer is 200. */
  async function pagesOf(who: Caller, limit?: number): Promise<EmployerJobsPage[]> {
    const pages: EmployerJobsPage[] = [];
    let cursor: string | null = null;
    do {
      const response = await list(who, { ...(limit === undefined ? {} : { limit: String(limit) }), ...(cursor === null ? {} : { cursor }) });
      expect(response.statusCode, response.body).toBe(200);
      const page: EmployerJobsPage = response.json();
      pages.push(page);
      cursor = page.next_cursor;
      expect(pages.length).toBeLessThan(1000);
    } while (cursor !== null);
    return pages;
  }
  const jobsOf = async (who: Caller): Promise<EmployerJob[]> => (await pagesOf(who)).flatMap((page) => page.jobs);
  const create = (who: Caller, payload: object) => t.app.inject({ method: 'POST', url: '/api/jobs', payload, headers: headers(who), remoteAddress: nextIp() });
  const remove = (who: Caller, jobId: string) => t.app.inject({ method: 'DELETE', url: `/api/jobs/${jobId}`, headers: headers(who), remoteAddress: nextIp() });
  const applicants = (who: Caller, jobId: string) => t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/applications`, headers: headers(who), remoteAddress: nextIp() });
  const auditOf = (entityId: string) => t.database.db.selectFrom('admin_audit_logs').selectAll().where('entity_id', '=', entityId).orderBy('created_at').execute();

  async function newUser(role: 'employer' | 'candidate', companyId: string | null, fullName?: string) {
    const user = await t.factories.user({ role, companyId, fullName });
    return { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    companyA = await t.factories.company({ name: 'Alpha Fintech' });
    companyB = await t.factories.company({ name: 'Beta Logistics' });
    callers.employerA = await newUser('employer', companyA.id);
    callers.employerB = await newUser('employer', companyB.id);
    callers.candidate = await newUser('candidate', null, 'Asha Verma');
    callers.employerWithoutCompany = await newUser('employer', null);
    jobA = await t.factories.job(companyA.id, { title: 'A: Data Engineer' });
    jobB = await t.factories.job(companyB.id, { title: 'B: Fleet Manager' });
  });
  afterAll(async () => t?.close());

  describe('permissions over every route and two companies', () => {
    const validBody = { title: 'Permission probe', description: 'Probe' };
    type Case = { caller: Caller; route: string; call: () => ReturnType<typeof list>; status: number; message?: string };
    const cases = (): Case[] => [
      { caller: 'anonymous', route: 'GET /api/jobs', call: () => list('anonymous'), status: 401 },
      { caller: 'anonymous', route: 'GET /api/jobs?limit=1000&cursor=x', call: () => list('anonymous', { limit: '1000', cursor: 'x' }), status: 401 },
      { caller: 'anonymous', route: 'POST /api/jobs', call: () => create('anonymous', validBody), status: 401 },
      { caller: 'anonymous', route: 'DELETE /api/jobs/:id', call: () => remove('anonymous', jobA.id), status: 401 },
      { caller: 'anonymous', route: 'GET /api/jobs/:id/applications', call: () => applicants('anonymous', jobA.id), status: 401 },
      { caller: 'candidate', route: 'GET /api/jobs', call: () => list('candidate'), status: 403, message: messages.profile.notInCompany },
      { caller: 'candidate', route: 'POST /api/jobs', call: () => create('candidate', validBody), status: 403, message: messages.profile.notInCompany },
      { caller: 'candidate', route: 'DELETE /api/jobs/:id', call: () => remove('candidate', jobA.id), status: 403, message: messages.profile.notInCompany },
      { caller: 'candidate', route: 'GET /api/jobs/:id/applications', call: () => applicants('candidate', jobA.id), status: 403 },
      { caller: 'employerWithoutCompany', route: 'GET /api/jobs', call: () => list('employerWithoutCompany'), status: 403, message: messages.profile.notInCompany },
      { caller: 'employerWithoutCompany', route: 'POST /api/jobs', call: () => create('employerWithoutCompany', validBody), status: 403 },
      { caller: 'employerWithoutCompany', route: 'DELETE /api/jobs/:id', call: () => remove('employerWithoutCompany', jobA.id), status: 403 },
      { caller: 'employerB', route: 'DELETE /api/jobs/:id (A’s job)', call: () => remove('employerB', jobA.id), status: 404, message: text.notFound },
      { caller: 'employerB', route: 'GET /api/jobs/:id/applications (A’s job)', call: () => applicants('employerB', jobA.id), status: 404, message: text.notFound },
      { caller: 'employerA', route: 'DELETE /api/jobs/:id (B’s job)', call: () => remove('employerA', jobB.id), status: 404 },
      { caller: 'employerA', route: 'GET /api/jobs/:id/applications (B’s job)', call: () => applicants('employerA', jobB.id), status: 404 },
      { caller: 'employerA', route: 'DELETE /api/jobs/:id (unknown)', call: () => remove('employerA', UNKNOWN_ID), status: 404 },
      { caller: 'employerA', route: 'DELETE /api/jobs/:id (not a uuid)', call: () => remove('employerA', 'not-a-uuid'), status: 400 },
      { caller: 'employerA', route: 'GET /api/jobs/:id/applications (own job)', call: () => applicants('employerA', jobA.id), status: 200 },
      { caller: 'employerA', route: 'GET /api/jobs', call: () => list('employerA'), status: 200 },
    ];

    it('answers each caller as the table says, and nobody touched another company’s job', async () => {
      for (const c of cases()) {
        const response = await c.call();
        expect({ caller: c.caller, route: c.route, status: response.statusCode }).toEqual({ caller: c.caller, route: c.route, status: c.status });
        if (c.message) expect(response.json().message).toBe(c.message);
      }
      const rows = await t.database.db.selectFrom('job_postings').select(['id', 'is_deleted']).where('id', 'in', [jobA.id, jobB.id]).execute();
      expect(rows.every((row) => !row.is_deleted)).toBe(true);
      const probes = await t.database.db.selectFrom('job_postings').select('id').where('title', '=', 'Permission probe').execute();
      expect(probes).toEqual([]);
    });

    it('lists only the caller’s company’s jobs', async () => {
      const a = await jobsOf('employerA');
      const b = await jobsOf('employerB');
      expect(a.map((job) => job.title)).toContain(jobA.title);
      expect(a.map((job) => job.title)).not.toContain(jobB.title);
      expect(b.map((job) => job.title)).toEqual([jobB.title]);
    });
  });

  describe('POST /api/jobs', () => {
    it('creates a published job for the caller’s company, with an audit row and the fields given', async () => {
      const expiry = indiaDate(30);
      const response = await create('employerA', {
        title: '  Senior Accountant  ',
        description: 'Close the books.\nOwn GST filings.',
        location: 'Mumbai, Maharashtra',
        salary: '₹12–15 LPA',
        requirements: 'CA',
        benefits: '',
        expires_at: expiry,
      });
      expect(response.statusCode, response.body).toBe(201);
      const job: EmployerJob = response.json();
      expect(job).toMatchObject({
        title: 'Senior Accountant',
        description: 'Close the books.\nOwn GST filings.',
        location: 'Mumbai, Maharashtra',
        salary: '₹12–15 LPA',
        requirements: 'CA',
        benefits: null,
        applications_count: 0,
      });
      // The expiry date lasts to the end of that day in India.
      expect(job.expires_at).toBe(new Date(`${expiry}T23:59:59.999+05:30`).toISOString());

      const row = await t.database.db.selectFrom('job_postings').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ company_id: companyA.id, created_by: callers.employerA!.id, status: 'published', is_deleted: false });
      const audit = await auditOf(job.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ admin_id: callers.employerA!.id, company_id: companyA.id, action: 'job_created', entity_type: 'job_posting', entity_id: job.id });

      const listed = await jobsOf('employerA');
      expect(listed[0]?.id).toBe(job.id);
      const publicBoard = await t.app.inject({ method: 'GET', url: '/api/public/jobs', remoteAddress: nextIp() });
      expect(publicBoard.json().jobs.map((j: { id: string }) => j.id)).toContain(job.id);
    });

    it('accepts a job without an expiry date (null) and with today’s date', async () => {
      const none = await create('employerA', { title: 'No expiry', description: 'Open until filled', expires_at: null });
      expect(none.statusCode, none.body).toBe(201);
      expect(none.json().expires_at).toBeNull();
      const today = await create('employerA', { title: 'Expires today', description: 'Last day', expires_at: indiaDate(0) });
      expect(today.statusCode, today.body).toBe(201);
    });

    it('refuses company_id, status, is_deleted or any unknown field in the body (mass assignment)', async () => {
      for (const extra of [{ company_id: companyB.id }, { status: 'draft' }, { is_deleted: true }, { created_by: callers.employerB!.id }, { id: UNKNOWN_ID }]) {
        const response = await create('employerA', { title: 'Mass assignment probe', description: 'x', ...extra });
        expect({ extra, status: response.statusCode }).toEqual({ extra, status: 400 });
        expect(response.json().code).toBe('VALIDATION_FAILED');
      }
      const rows = await t.database.db.selectFrom('job_postings').select('id').where('title', '=', 'Mass assignment probe').execute();
      expect(rows).toEqual([]);
      const b = await jobsOf('employerB');
      expect(b.map((job) => job.title)).toEqual([jobB.title]);
    });

    it.each([
      ['missing title', { description: 'x' }, `title: ${text.titleRequired}`],
      ['blank title', { title: '   ', description: 'x' }, `title: ${text.titleRequired}`],
      ['missing description', { title: 'x' }, `description: ${text.descriptionRequired}`],
      ['title too long', { title: 'a'.repeat(201), description: 'x' }, `title: ${text.tooLong.replace('{max}', '200')}`],
      ['description too long', { title: 'x', description: 'a'.repeat(20_001) }, `description: ${text.tooLong.replace('{max}', '20000')}`],
      ['location too long', { title: 'x', description: 'x', location: 'a'.repeat(201) }, `location: ${text.tooLong.replace('{max}', '200')}`],
      ['salary too long', { title: 'x', description: 'x', salary: 'a'.repeat(201) }, `salary: ${text.tooLong.replace('{max}', '200')}`],
      ['requirements too long', { title: 'x', description: 'x', requirements: 'a'.repeat(10_001) }, `requirements: ${text.tooLong.replace('{max}', '10000')}`],
      ['benefits too long', { title: 'x', description: 'x', benefits: 'a'.repeat(10_001) }, `benefits: ${text.tooLong.replace('{max}', '10000')}`],
      ['past expiry', { title: 'x', description: 'x', expires_at: indiaDate(-1) }, `expires_at: ${text.expiryInPast}`],
      ['impossible date', { title: 'x', description: 'x', expires_at: '2030-02-30' }, `expires_at: ${text.invalidDate}`],
      ['not a date', { title: 'x', description: 'x', expires_at: 'tomorrow' }, `expires_at: ${text.invalidDate}`],
      ['NUL in the title', { title: 'a\u0000b', description: 'x' }, `title: ${text.invalidCharacters}`],
    ])('refuses %s with a clear message', async (_name, body, message) => {
      const response = await create('employerA', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('keeps line breaks and takes 200 characters of title and 20,000 of description', async () => {
      const response = await create('employerA', { title: 't'.repeat(200), description: `${'d'.repeat(19_990)}\nline two` });
      expect(response.statusCode, response.body).toBe(201);
    });
  });

  describe('counts and applicants', () => {
    it('counts each job’s applications and lists the applicants with name, date and status', async () => {
      const job = await t.factories.job(companyA.id, { title: 'Counted job' });
      const other = await t.factories.job(companyA.id, { title: 'Uncounted job' });
      const c1 = await newUser('candidate', null, 'Ravi Kumar');
      const c2 = await newUser('candidate', null, 'Meera Iyer');
      await t.factories.application(job.id, c1.id);
      await t.factories.application(job.id, c2.id);
      await t.factories.application(jobB.id, c1.id);

      const listed = await jobsOf('employerA');
      expect(listed.find((j) => j.id === job.id)?.applications_count).toBe(2);
      expect(listed.find((j) => j.id === other.id)?.applications_count).toBe(0);
      const listedB = await jobsOf('employerB');
      expect(listedB.find((j) => j.id === jobB.id)?.applications_count).toBe(1);

      const response = await applicants('employerA', job.id);
      expect(response.statusCode).toBe(200);
      const people: JobApplicant[] = response.json();
      expect(people.map((p) => p.candidate_name).sort()).toEqual(['Meera Iyer', 'Ravi Kumar']);
      for (const person of people) {
        expect(Object.keys(person).sort()).toEqual(['applied_at', 'candidate_code', 'candidate_name', 'documents', 'id', 'status']);
        expect(person.documents).toEqual([]);
        expect(person.status).toBe('received');
        expect(Number.isNaN(Date.parse(person.applied_at))).toBe(false);
      }
    });

    it('shows each applicant’s candidate ID and current documents', async () => {
      const job = await t.factories.job(companyA.id, { title: 'Documented job' });
      const candidate = await newUser('candidate', null, 'Asha Verma');
      const { db } = t.database;
      await db.insertInto('candidate_profiles').values({ user_id: candidate.id, candidate_code: 'WC-7K3F9Q' }).execute();
      const resume = await db
        .insertInto('candidate_documents')
        .values({ candidate_id: candidate.id, document_type: 'resume', file_path: `${candidate.id}/resume_1.pdf`, size_bytes: 10 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.factories.application(job.id, candidate.id);

      const [person] = (await applicants('employerA', job.id)).json<JobApplicant[]>();
      expect(person).toMatchObject({ candidate_name: 'Asha Verma', candidate_code: 'WC-7K3F9Q', documents: [{ id: resume.id, document_type: 'resume', url: `/api/documents/${resume.id}` }] });
    });

    it('lists newest first', async () => {
      const listed = await jobsOf('employerA');
      const times = listed.map((job) => Date.parse(job.created_at));
      expect(times).toEqual([...times].sort((x, y) => y - x));
    });
  });

  describe('GET /api/jobs pages (keyset: created_at DESC, id DESC)', () => {
    let companyC: { id: string };
    let companyD: { id: string };
    let expectedC: string[];
    let jobsD: string[];
    const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    /**
     * 65 jobs whose created_at repeat and differ only in microseconds: in each millisecond two jobs
     * at .000, two at .000250 and one at .000999. A cursor that kept milliseconds only (a JS Date)
     * would skip the second job of a pair cut by a page boundary; ties are broken by id.
     */
    beforeAll(async () => {
      companyC = await t.factories.company({ name: 'Gamma Paging' });
      companyD = await t.factories.company({ name: 'Delta Paging' });
      callers.employerC = await newUser('employer', companyC.id);
      callers.employerD = await newUser('employer', companyD.id);
      const ids: string[] = [];
      for (let i = 0; i < 65; i += 1) ids.push((await t.factories.job(companyC.id, { title: `C job ${i}` })).id);
      const micros = [0, 0, 250, 250, 999];
      for (const [i, id] of ids.entries()) {
        const at = `2026-03-01 10:00:00+00`;
        await sql`UPDATE job_postings SET created_at = ${at}::timestamptz + make_interval(secs => ${Math.floor(i / 5) / 1000 + micros[i % 5]! / 1_000_000}) WHERE id = ${id}::uuid`.execute(t.database.db);
      }
      // D's jobs sit in the same instants as C's, so only the company scope keeps them apart.
      jobsD = [];
      for (let i = 0; i < 12; i += 1) {
        const job = await t.factories.job(companyD.id, { title: `D job ${i}` });
        await sql`UPDATE job_postings SET created_at = (SELECT created_at FROM job_postings WHERE id = ${ids[i * 5]!}::uuid) WHERE id = ${job.id}::uuid`.execute(t.database.db);
        jobsD.push(job.id);
      }
      // A deleted job is on no page.
      await t.database.db.updateTable('job_postings').set({ is_deleted: true }).where('id', '=', ids[64]!).execute();
      const rows = await t.database.db
        .selectFrom('job_postings')
        .select('id')
        .where('company_id', '=', companyC.id)
        .where('is_deleted', '=', false)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expectedC = rows.map((row) => row.id);
      expect(expectedC).toHaveLength(64);
      // The fixture really has ties and sub-millisecond differences.
      const distinct = await sql<{ n: string }>`SELECT count(DISTINCT created_at)::text AS n FROM job_postings WHERE company_id = ${companyC.id}::uuid`.execute(t.database.db);
      expect(Number(distinct.rows[0]?.n)).toBe(13 * 3);
    });

    it.each([[undefined], [7], [1], [64], [EMPLOYER_JOBS_MAX_PAGE_SIZE]])('walks every job exactly once, in order, with limit %s', async (limit) => {
      const pages = await pagesOf('employerC', limit);
      const size = limit ?? EMPLOYER_JOBS_PAGE_SIZE;
      expect(pages).toHaveLength(Math.max(1, Math.ceil(expectedC.length / size)));
      for (const page of pages.slice(0, -1)) expect(page.jobs).toHaveLength(size);
      // The last page says so, without an empty page after it.
      expect(pages.at(-1)?.next_cursor).toBeNull();
      expect(pages.at(-1)?.jobs.length).toBeGreaterThan(0);
      expect(pages.flatMap((page) => page.jobs.map((job) => job.id))).toEqual(expectedC);
    });

    it('answers pages of the documented shape', async () => {
      const response = await list('employerC');
      const page: EmployerJobsPage = response.json();
      expect(Object.keys(page).sort()).toEqual(['jobs', 'next_cursor']);
      expect(page.jobs).toHaveLength(EMPLOYER_JOBS_PAGE_SIZE);
      expect(page.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Object.keys(page.jobs[0]!).sort()).toEqual([
        'applications_count',
        'benefits',
        'created_at',
        'department',
        'description',
        'employment_type',
        'expires_at',
        'id',
        'location',
        'openings',
        'pay_max_paise',
        'pay_min_paise',
        'pay_period',
        'requirements',
        'salary',
        'screening_questions',
        'status',
        'title',
        'work_mode',
      ]);
      // An empty ?limit= or ?cursor= counts as absent.
      const blank: EmployerJobsPage = (await list('employerC', { limit: '', cursor: '' })).json();
      expect(blank.jobs.map((job) => job.id)).toEqual(page.jobs.map((job) => job.id));
    });

    it('never shows another company’s jobs, even given a cursor from that company’s list', async () => {
      const seenByC = (await pagesOf('employerC', 7)).flatMap((page) => page.jobs.map((job) => job.id));
      expect(seenByC.filter((id) => jobsD.includes(id))).toEqual([]);
      const seenByD = (await pagesOf('employerD', 5)).flatMap((page) => page.jobs.map((job) => job.id));
      expect(seenByD.sort()).toEqual([...jobsD].sort());

      // C's cursor is only a position in time: D gets D's own older jobs from there, nothing of C.
      const cPage: EmployerJobsPage = (await list('employerC', { limit: '20' })).json();
      const fromCCursor = await list('employerD', { cursor: cPage.next_cursor! });
      expect(fromCCursor.statusCode).toBe(200);
      const ids = (fromCCursor.json() as EmployerJobsPage).jobs.map((job) => job.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => jobsD.includes(id))).toBe(true);
    });

    it.each([
      ['limit above the maximum', { limit: String(EMPLOYER_JOBS_MAX_PAGE_SIZE + 1) }, `limit: limit can be at most ${EMPLOYER_JOBS_MAX_PAGE_SIZE}`],
      ['a huge limit', { limit: '1000000' }, `limit: limit can be at most ${EMPLOYER_JOBS_MAX_PAGE_SIZE}`],
      ['limit 0', { limit: '0' }, 'limit: limit must be at least 1'],
      ['a negative limit', { limit: '-5' }, 'limit: limit must be at least 1'],
      ['a fractional limit', { limit: '2.5' }, 'limit: limit must be a whole number'],
      ['a limit that is not a number', { limit: 'ten' }, 'limit: limit must be a number'],
    ])('refuses %s with 400 and a clear message', async (_name, query, message) => {
      const response = await list('employerC', query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    });

    it.each([
      ['garbage', 'garbage'],
      ['characters outside base64url', 'abc+/=='],
      ['base64url of text that is not JSON', Buffer.from('not json').toString('base64url')],
      ['an object instead of the pair', cursorOf({ created_at: '2026-03-01T10:00:00.000Z', id: UNKNOWN_ID })],
      ['a pair with a date that is not ISO', cursorOf(['yesterday', UNKNOWN_ID])],
      ['an impossible date', cursorOf(['2026-02-30T10:00:00.000Z', UNKNOWN_ID])],
      ['year zero', cursorOf(['0000-01-01T00:00:00.000Z', UNKNOWN_ID])],
      ['seven decimals', cursorOf(['2026-03-01T10:00:00.0000001Z', UNKNOWN_ID])],
      ['a time with an offset instead of Z', cursorOf(['2026-03-01T10:00:00.000+05:30', UNKNOWN_ID])],
      ['an id that is not a uuid', cursorOf(['2026-03-01T10:00:00.000Z', 'not-a-uuid'])],
      ['a third element', cursorOf(['2026-03-01T10:00:00.000Z', UNKNOWN_ID, 1])],
      ['SQL in the id', cursorOf(['2026-03-01T10:00:00.000Z', "1'; DROP TABLE job_postings; --"])],
      ['a very long string', 'A'.repeat(5000)],
    ])('refuses a cursor made of %s with 400, never 500', async (_name, cursor) => {
      const response = await list('employerC', { cursor });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().message).toBe(`cursor: ${EMPLOYER_JOBS_INVALID_CURSOR}`);
    });

    it('refuses an unknown parameter and a repeated one', async () => {
      expect((await list('employerC', { page: '2' })).statusCode).toBe(400);
      const repeated = await t.app.inject({ method: 'GET', url: '/api/jobs?limit=5&limit=6', headers: headers('employerC'), remoteAddress: nextIp() });
      expect(repeated.statusCode).toBe(400);
    });

    it('takes a well-formed cursor of a job that does not exist as the position it names', async () => {
      const pastTheEnd = await list('employerC', { cursor: cursorOf(['2026-03-01T09:59:59.999999Z', UNKNOWN_ID]) });
      expect(pastTheEnd.statusCode).toBe(200);
      expect(pastTheEnd.json()).toEqual({ jobs: [], next_cursor: null });
      const beforeTheStart = await list('employerC', { cursor: cursorOf(['2999-01-01T00:00:00.123456Z', UNKNOWN_ID]) });
      expect((beforeTheStart.json() as EmployerJobsPage).jobs.map((job) => job.id)).toEqual(expectedC.slice(0, EMPLOYER_JOBS_PAGE_SIZE));
    });
  });

  describe('DELETE /api/jobs/:jobId', () => {
    it('soft-deletes the job: gone from the list and the public board, audit row written, a repeat is 404', async () => {
      const job = await t.factories.job(companyA.id, { title: 'To be deleted' });
      const before = await t.app.inject({ method: 'GET', url: `/api/public/jobs/${job.id}`, remoteAddress: nextIp() });
      expect(before.statusCode).toBe(200);

      const response = await remove('employerA', job.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      const row = await t.database.db.selectFrom('job_postings').select(['is_deleted']).where('id', '=', job.id).executeTakeFirstOrThrow();
      expect(row.is_deleted).toBe(true);
      const listed = await jobsOf('employerA');
      expect(listed.map((j) => j.id)).not.toContain(job.id);
      const board = await t.app.inject({ method: 'GET', url: '/api/public/jobs?q=To%20be%20deleted', remoteAddress: nextIp() });
      expect(board.json().jobs).toEqual([]);
      const detail = await t.app.inject({ method: 'GET', url: `/api/public/jobs/${job.id}`, remoteAddress: nextIp() });
      expect(detail.statusCode).toBe(404);

      const audit = await auditOf(job.id);
      expect(audit.map((a) => a.action)).toEqual(['job_deleted']);
      expect(audit[0]).toMatchObject({ admin_id: callers.employerA!.id, company_id: companyA.id, entity_type: 'job_posting' });

      expect((await remove('employerA', job.id)).statusCode).toBe(404);
      expect((await applicants('employerA', job.id)).statusCode).toBe(404);
      expect(await auditOf(job.id)).toHaveLength(1);
    });
  });
});
