/**
 * GET /api/jobs (Jobs Management) for one company with 10,000 jobs and 200,000 applications: the
 * first page and a deep page (after 9,000 jobs), among 20,000 jobs of 20 other companies, on PGlite and on PostgreSQL (BENCH_DATABASE_URL,
 * or a throwaway cluster from the installed binaries). One connection at a time, so 1000 / req/s
 * is the time of one request; the baseline is the bare Fastify route with one connection, in the
 * same run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import type { EmployerJobsPage } from '../shared/schemas/jobs.ts';
import { withBenchPostgres } from './bench-postgres.ts';
import { bareFastify, load } from './load.ts';

const JOBS = 10_000;
const APPLICANTS_PER_JOB = 20; // 200,000 applications: each candidate applies once to every job
const DEEP_AFTER = 9_000;
const OTHER_COMPANIES = 20;
const OTHER_JOBS_EACH = 1_000;

export type JobsListRow = readonly [name: string, rps: number, ratio: number];

/** Requests per second over one connection that answered 2xx (bench/load.ts); any other answer stops the bench. */
async function rpsOneConnection(url: string, duration: number, headers: Record<string, string> = {}): Promise<number> {
  const result = await load(url, { connections: 1, duration, headers });
  if (result.others > 0) throw new Error(`${url}: ${result.others} answers other than 2xx`);
  return result.rps;
}

/** One company with JOBS jobs a minute apart and APPLICANTS_PER_JOB applications each; returns its employer's cookie. */
async function seedCompany(app: Awaited<ReturnType<typeof buildApp>>, database: Database): Promise<string> {
  const factories = createFactories(app.auth, database);
  const company = await factories.company({ name: `Bench Jobs ${randomBytes(3).toString('hex')}` });
  const employer = await factories.user({ role: 'employer', companyId: company.id });
  const candidates: string[] = [];
  for (let i = 0; i < APPLICANTS_PER_JOB; i += 1) {
    // Applicants have a candidate profile (job_applications_candidate_profile_fk).
    const candidate = await factories.user({ role: 'candidate' });
    await factories.candidateProfile(candidate.id);
    candidates.push(candidate.id);
  }
  const { db } = database;
  await sql`
    INSERT INTO job_postings (company_id, created_by, title, description, location, salary, requirements, benefits, created_at)
    SELECT ${company.id}::uuid, ${employer.id}, 'Bench job ' || g, repeat('A job description. ', 20), 'Pune', '₹10–14 LPA', 'Three years', 'Health insurance',
           now() - g * interval '1 minute'
    FROM generate_series(1, ${JOBS}::int) AS g`.execute(db);
  // Other companies' jobs in the same weeks, so the company's own index has something to tell apart.
  for (let i = 0; i < OTHER_COMPANIES; i += 1) {
    const other = await factories.company({ name: `Bench Other ${i} ${randomBytes(3).toString('hex')}` });
    await sql`
      INSERT INTO job_postings (company_id, title, description, created_at)
      SELECT ${other.id}::uuid, 'Other job ' || g, 'Someone else’s job.', now() - g * interval '1 minute' - interval '17 second'
      FROM generate_series(1, ${OTHER_JOBS_EACH}::int) AS g`.execute(db);
  }
  await sql`
    INSERT INTO job_applications (job_id, candidate_id, created_at)
    SELECT jp.id, c.id, jp.created_at + interval '1 hour'
    FROM job_postings jp CROSS JOIN unnest(${candidates}::text[]) AS c(id)
    WHERE jp.company_id = ${company.id}::uuid`.execute(db);
  await sql`ANALYZE job_postings`.execute(db);
  await sql`ANALYZE job_applications`.execute(db);

  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: employer.email, password: employer.password } });
  return signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** The next_cursor after `skip` jobs, reached the way a client would: walking pages of 100. */
async function cursorAfter(app: Awaited<ReturnType<typeof buildApp>>, cookie: string, skip: number): Promise<string> {
  let cursor: string | null = null;
  for (let seen = 0; seen < skip; seen += 100) {
    const url: string = `/api/jobs?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: `10.99.0.${(seen / 100) % 250}` });
    const page = response.json<EmployerJobsPage>();
    if (response.statusCode !== 200 || !page.next_cursor) throw new Error(`walking pages failed at ${seen}: ${response.statusCode} ${response.body}`);
    cursor = page.next_cursor;
  }
  if (!cursor) throw new Error('no cursor');
  return cursor;
}

async function measure(label: string, database: Database, duration: number, baseline: number): Promise<JobsListRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-jobs-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '1000000' });
  const app = await buildApp({ config, database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const cookie = await seedCompany(app, database);
    const deep = await cursorAfter(app, cookie, DEEP_AFTER);
    // The floor of any signed-in request (session, profile) on this database, for scale.
    const me = await rpsOneConnection(`${base}/api/me`, duration, { cookie });
    const first = await rpsOneConnection(`${base}/api/jobs`, duration, { cookie });
    const deepPage = await rpsOneConnection(`${base}/api/jobs?cursor=${deep}`, duration, { cookie });
    const largest = await rpsOneConnection(`${base}/api/jobs?limit=100&cursor=${deep}`, duration, { cookie });
    return [
      [`GET /api/me (signed-in floor), ${label}`, me, me / baseline],
      [`GET /api/jobs first page (30), ${label}`, first, first / baseline],
      [`GET /api/jobs after ${DEEP_AFTER} jobs (30), ${label}`, deepPage, deepPage / baseline],
      [`GET /api/jobs?limit=100 after ${DEEP_AFTER} jobs, ${label}`, largest, largest / baseline],
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function jobsListBench(duration: number): Promise<JobsListRow[]> {
  const baseline = (await bareFastify({ connections: 1, duration })).rps;
  const rows: JobsListRow[] = [['bare Fastify GET, 1 connection (baseline)', baseline, 1]];

  const dbDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-jobs-db-'));
  const pglite = await openDatabase({ kind: 'pglite', dataDir: dbDir });
  try {
    rows.push(...(await measure('PGlite', pglite, duration, baseline)));
  } finally {
    await pglite.close();
    rmSync(dbDir, { recursive: true, force: true });
  }

  // PostgreSQL: a database of our own on BENCH_DATABASE_URL's server, or a throwaway cluster.
  rows.push(...((await withBenchPostgres((postgres) => measure('PostgreSQL', postgres, duration, baseline))) ?? []));
  return rows;
}
