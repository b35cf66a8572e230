import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BROWSING_RATE_LIMIT } from '../../server/features/public-jobs/routes.ts';
import { MAX_KEYWORDS_LENGTH, PUBLIC_JOBS_COUNT_LIMIT, PUBLIC_JOBS_MAX_PAGE, PUBLIC_JOBS_MAX_PAGE_SIZE, PUBLIC_JOBS_PAGE_SIZE, type PublicJobsPage } from '../../shared/schemas/public-jobs.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_JOB_KEYS = ['company_name', 'created_at', 'expires_at', 'id', 'location', 'salary', 'title'];

describe.skipIf(laneUnavailable)('public job board: GET /api/public/jobs and /api/public/companies', () => {
  let t: TestApp;
  let ipCounter = 0;
  // Each request from its own address, so the per-IP limit only matters where a test says so.
  const nextIp = () => `10.70.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  async function search(params: Record<string, string>, remoteAddress = nextIp()) {
    return t.app.inject({ method: 'GET', url: `/api/public/jobs?${new URLSearchParams(params)}`, remoteAddress });
  }
  async function searchOk(params: Record<string, string>): Promise<PublicJobsPage> {
    const response = await search(params);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const titles = (page: PublicJobsPage) => page.jobs.map((job) => job.title).sort();

  /** Sets created_at so the order of the board is known. */
  async function postedAt(jobId: string, at: Date) {
    await t.database.db.updateTable('job_postings').set({ created_at: at }).where('id', '=', jobId).execute();
  }

  let lotus: { id: string; name: string };
  let openBackendJobId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const now = Date.now();
    lotus = await t.factories.company({ name: 'Lotus Analytics' });
    const banyan = await t.factories.company({ name: 'Banyan Logistics' });
    const quiet = await t.factories.company({ name: 'Quiet Corp Nothing Open' });

    openBackendJobId = (
      await t.factories.job(lotus.id, { title: 'Backend Engineer (Go)', location: 'Pune, Maharashtra', description: 'Build payment APIs.', salary: '₹18–24 LPA' })
    ).id;
    await postedAt(openBackendJobId, new Date(now - 3 * DAY));
    const dataJob = await t.factories.job(lotus.id, { title: 'Data Analyst', location: 'Bengaluru', description: 'Dashboards in Metabase and SQL.' });
    await postedAt(dataJob.id, new Date(now - 2 * DAY));
    const opsJob = await t.factories.job(banyan.id, { title: 'Warehouse Operations Lead', location: 'Pune', description: 'Run the Chakan fulfilment centre; kubernetes-free zone.' });
    await postedAt(opsJob.id, new Date(now - 1 * DAY));
    const reactJob = await t.factories.job(banyan.id, { title: 'Senior React Developer', location: 'Remote (India)', description: 'Own the shipper portal.' });
    await postedAt(reactJob.id, new Date(now - 4 * DAY));
    // Literal wildcard characters in titles: a search for "%" or "_" must match only these.
    const percentJob = await t.factories.job(banyan.id, { title: '100% Remote QA Engineer', location: 'Remote', description: 'Manual and automated testing.' });
    await postedAt(percentJob.id, new Date(now - 5 * DAY));
    const underscoreJob = await t.factories.job(banyan.id, { title: 'ETL_Pipeline Specialist', location: 'Chennai', description: 'Airflow jobs.' });
    await postedAt(underscoreJob.id, new Date(now - 6 * DAY));

    // Not open: expired, deleted, and one of each at a company that has nothing else open.
    await t.factories.job(lotus.id, { title: 'Expired Zebra Role', location: 'Pune', expiresAt: new Date(now - DAY) });
    const deleted = await t.factories.job(lotus.id, { title: 'Deleted Zebra Role', location: 'Pune' });
    await t.database.db.updateTable('job_postings').set({ is_deleted: true }).where('id', '=', deleted.id).execute();
    await t.factories.job(quiet.id, { title: 'Quiet expired role', expiresAt: new Date(now - 2 * DAY) });
    const quietDeleted = await t.factories.job(quiet.id, { title: 'Quiet deleted role' });
    await t.database.db.updateTable('job_postings').set({ is_deleted: true }).where('id', '=', quietDeleted.id).execute();
    // No expiry at all counts as open.
    const noExpiry = await t.factories.job(lotus.id, { title: 'Evergreen Zebra Role', location: 'Hyderabad' });
    await t.database.db.updateTable('job_postings').set({ expires_at: null }).where('id', '=', noExpiry.id).execute();
    await postedAt(noExpiry.id, new Date(now - 7 * DAY));
  });
  afterAll(async () => t?.close());

  it('lists open jobs newest first with the public fields only', async () => {
    const page = await searchOk({});
    expect(page).toMatchObject({ page: 1, page_size: PUBLIC_JOBS_PAGE_SIZE, total: 7 });
    expect(page.jobs.map((job) => job.title)).toEqual([
      'Warehouse Operations Lead',
      'Data Analyst',
      'Backend Engineer (Go)',
      'Senior React Developer',
      '100% Remote QA Engineer',
      'ETL_Pipeline Specialist',
      'Evergreen Zebra Role',
    ]);
    for (const job of page.jobs) expect(Object.keys(job).sort()).toEqual(PUBLIC_JOB_KEYS);
    expect(page.jobs.find((job) => job.id === openBackendJobId)).toMatchObject({
      company_name: 'Lotus Analytics',
      location: 'Pune, Maharashtra',
      salary: '₹18–24 LPA',
    });
    expect(page.jobs.find((job) => job.title === 'Evergreen Zebra Role')?.expires_at).toBeNull();
  });

  it('never shows expired or deleted jobs, whatever the search', async () => {
    for (const q of ['Zebra', 'Expired', 'Deleted', 'Quiet']) {
      const page = await searchOk({ q });
      expect(titles(page).filter((title) => /Expired|Deleted|Quiet/.test(title)), q).toEqual([]);
    }
    expect(titles(await searchOk({ q: 'zebra' }))).toEqual(['Evergreen Zebra Role']);
  });

  it('searches keywords in the title, the description and the company name, case-insensitively', async () => {
    expect(titles(await searchOk({ q: 'backend' }))).toEqual(['Backend Engineer (Go)']);
    expect(titles(await searchOk({ q: 'METABASE' }))).toEqual(['Data Analyst']);
    expect(titles(await searchOk({ q: 'lotus analytics' }))).toEqual(['Backend Engineer (Go)', 'Data Analyst', 'Evergreen Zebra Role']);
    // Every word must match somewhere, not necessarily side by side.
    expect(titles(await searchOk({ q: 'senior   developer' }))).toEqual(['Senior React Developer']);
    expect(titles(await searchOk({ q: 'banyan react' }))).toEqual(['Senior React Developer']);
    expect((await searchOk({ q: 'nonexistent-skill-xyz' })).total).toBe(0);
  });

  it('searches by location, alone and with keywords', async () => {
    expect(titles(await searchOk({ location: 'pune' }))).toEqual(['Backend Engineer (Go)', 'Warehouse Operations Lead']);
    expect(titles(await searchOk({ location: 'Pune', q: 'Lotus' }))).toEqual(['Backend Engineer (Go)']);
    expect(titles(await searchOk({ location: 'remote' }))).toEqual(['100% Remote QA Engineer', 'Senior React Developer']);
  });

  it('takes % _ and \\ in a search literally', async () => {
    expect(titles(await searchOk({ q: '%' }))).toEqual(['100% Remote QA Engineer']);
    expect(titles(await searchOk({ q: '_' }))).toEqual(['ETL_Pipeline Specialist']);
    expect((await searchOk({ q: '\\' })).total).toBe(0);
    expect((await searchOk({ location: '%' })).total).toBe(0);
    expect((await searchOk({ q: 'E_L' })).total).toBe(0);
  });

  it('pages through results of 20 with the total, without repeats or gaps', async () => {
    const company = await t.factories.company({ name: 'Paging Pvt Ltd' });
    const base = Date.now() - 30 * DAY;
    for (let i = 0; i < 45; i++) {
      const job = await t.factories.job(company.id, { title: `Paging role ${String(i).padStart(2, '0')}` });
      await postedAt(job.id, new Date(base + i * 60_000));
    }
    const pages = [await searchOk({ q: 'Paging Pvt' }), await searchOk({ q: 'Paging Pvt', page: '2' }), await searchOk({ q: 'Paging Pvt', page: '3' })];
    expect(pages.map((p) => [p.page, p.jobs.length, p.total])).toEqual([
      [1, 20, 45],
      [2, 20, 45],
      [3, 5, 45],
    ]);
    const all = pages.flatMap((p) => p.jobs.map((job) => job.title));
    const expected = Array.from({ length: 45 }, (_, i) => `Paging role ${String(44 - i).padStart(2, '0')}`);
    expect(all).toEqual(expected);
    const beyond = await searchOk({ q: 'Paging Pvt', page: '4' });
    expect(beyond).toMatchObject({ jobs: [], page: 4, total: 45 });
    const smaller = await searchOk({ q: 'Paging Pvt', page: '2', page_size: '10' });
    expect(smaller.jobs.map((job) => job.title)).toEqual(expected.slice(10, 20));
  });

  it('refuses a page size or page beyond the caps, and nonsense numbers, with 400', async () => {
    const refused: Record<string, string>[] = [
      { page_size: String(PUBLIC_JOBS_MAX_PAGE_SIZE + 1) },
      { page_size: '1000000' },
      { page_size: '0' },
      { page: String(PUBLIC_JOBS_MAX_PAGE + 1) },
      { page: '99999999999999999999' },
      { page: '0' },
      { page: '-1' },
      { page: '1.5' },
      { page: 'two' },
      { page: 'Infinity' },
      { sort: 'salary' },
    ];
    for (const params of refused) {
      const response = await search(params);
      expect({ params, status: response.statusCode }).toEqual({ params, status: 400 });
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await searchOk({ page_size: String(PUBLIC_JOBS_MAX_PAGE_SIZE) })).page_size).toBe(PUBLIC_JOBS_MAX_PAGE_SIZE);
    // An empty page parameter is the first page.
    expect((await searchOk({ page: '' })).page).toBe(1);
  });

  it('answers weird searches without a 5xx: quotes, SQL, control characters, emoji, too long', async () => {
    for (const q of ["'", '"', "' OR 1=1 --", '"; DROP TABLE job_postings; --', '%%__%%', '\\%', 'a\u0000b', '\t\n', '🙂 ₹', 'x'.repeat(MAX_KEYWORDS_LENGTH)]) {
      const response = await search({ q, location: q.slice(0, 100) });
      expect({ q, status: response.statusCode }).toEqual({ q, status: 200 });
    }
    const tooLong = await search({ q: 'x'.repeat(MAX_KEYWORDS_LENGTH + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/^q: /);
    expect((await search({ location: 'y'.repeat(101) })).statusCode).toBe(400);
    // Repeated parameters arrive as a list: a clear 400, not a crash.
    const repeated = await t.app.inject({ method: 'GET', url: '/api/public/jobs?q=a&q=b', remoteAddress: nextIp() });
    expect(repeated.statusCode).toBe(400);

    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120, unit: 'binary' }), fc.string({ maxLength: 60, unit: 'grapheme' }), async (q, location) => {
        const response = await search({ q, location });
        expect(response.statusCode, JSON.stringify({ q, location })).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('lists companies with open jobs and their counts, most open jobs first, then by name', async () => {
    const alpha = await t.factories.company({ name: 'alpha Tiles' });
    const beta = await t.factories.company({ name: 'Beta Tiles' });
    await t.factories.job(beta.id, { title: 'Tile setter' });
    await t.factories.job(alpha.id, { title: 'Tile cutter' });
    const response = await t.app.inject({ method: 'GET', url: '/api/public/companies', remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    const companies: { id: string; name: string; open_jobs: number }[] = response.json();
    const byName = Object.fromEntries(companies.map((c) => [c.name, c.open_jobs]));
    // Lotus has 5 rows but only 3 open (one expired, one deleted); Quiet Corp has none open.
    expect(byName).toMatchObject({ 'Banyan Logistics': 4, 'Lotus Analytics': 3, 'alpha Tiles': 1, 'Beta Tiles': 1 });
    expect(byName).not.toHaveProperty('Quiet Corp Nothing Open');
    expect(companies.every((c) => c.open_jobs > 0)).toBe(true);
    const sorted = [...companies].sort((a, b) => b.open_jobs - a.open_jobs || a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    expect(companies.map((c) => c.name)).toEqual(sorted.map((c) => c.name));
    const names = companies.map((c) => c.name);
    expect(names.indexOf('Banyan Logistics')).toBeLessThan(names.indexOf('Lotus Analytics'));
    expect(names.indexOf('alpha Tiles')).toBeLessThan(names.indexOf('Beta Tiles'));
    expect(companies.find((c) => c.name === 'Lotus Analytics')).toEqual({ id: lotus.id, name: 'Lotus Analytics', slug: 'lotus-analytics', industry: null, logo_url: null, open_jobs: 3 });
  });

  it('counts up to a limit and says there are more, counting further on deep pages', async () => {
    const many = await t.factories.company({ name: 'Kaveri Staffing Many Openings' });
    await t.database.db
      .insertInto('job_postings')
      .columns(['company_id', 'title', 'description', 'location', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom(sql<{ g: number }>`generate_series(1, ${PUBLIC_JOBS_COUNT_LIMIT + 5}::int)`.as('s'))
          .select([
            eb.val(many.id).as('company_id'),
            sql<string>`'Warehouse Picker ' || s`.as('title'),
            eb.val('Pick and pack orders in a busy fulfilment centre.').as('description'),
            eb.val('Bhiwandi').as('location'),
            sql<Date>`now() - s * interval '1 second'`.as('created_at'),
          ]),
      )
      .execute();
    const first = await searchOk({ q: 'warehouse picker' });
    expect(first).toMatchObject({ total: PUBLIC_JOBS_COUNT_LIMIT, total_capped: true });
    expect(first.jobs).toHaveLength(PUBLIC_JOBS_PAGE_SIZE);
    // Deep pages count far enough to page on: 60 pages of 20 count up to 1,400, past all of them.
    const deep = await searchOk({ q: 'warehouse picker', page: '60' });
    expect(deep).toMatchObject({ total: PUBLIC_JOBS_COUNT_LIMIT + 5, total_capped: false });
    // The company's name matches too, through its own index; a word in no job matches none.
    expect(await searchOk({ q: 'kaveri staffing' })).toMatchObject({ total: PUBLIC_JOBS_COUNT_LIMIT, total_capped: true });
    expect(await searchOk({ q: 'zzyzx' })).toMatchObject({ total: 0, total_capped: false, jobs: [] });
  });

  it('matches letters beyond ASCII in either case, follows an edit, and never matches across the title and description', async () => {
    const company = await t.factories.company({ name: 'Société Générale Services' });
    const job = await t.factories.job(company.id, { title: 'Ingénieur Qualité', location: 'Chennai', description: 'ÉTUDES de procédés; Zürich office visits.' });
    expect(titles(await searchOk({ q: 'QUALITÉ' }))).toEqual(['Ingénieur Qualité']);
    expect(titles(await searchOk({ q: 'études zÜRICH' }))).toEqual(['Ingénieur Qualité']);
    // The lowered copy (migration 0045) is the database's: an edit of the title is searchable at once.
    await t.database.db.updateTable('job_postings').set({ title: 'Responsable Méthodes' }).where('id', '=', job.id).execute();
    expect(titles(await searchOk({ q: 'MÉTHODES' }))).toEqual(['Responsable Méthodes']);
    expect((await searchOk({ q: 'qualité' })).total).toBe(0);
    // The title's last word and the description's first are not one word.
    expect((await searchOk({ q: 'méthodesétudes' })).total).toBe(0);
    await t.database.db.updateTable('job_postings').set({ is_deleted: true }).where('id', '=', job.id).execute();
  });

  it('limits each address generously, then answers 429', async () => {
    const ip = '10.71.0.1';
    for (let i = 0; i < PUBLIC_BROWSING_RATE_LIMIT.max; i++) {
      const response = await search({ page_size: '1' }, ip);
      expect(response.statusCode).toBe(200);
    }
    const limited = await search({}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await search({}, '10.71.0.2')).statusCode).toBe(200);
  });
});
