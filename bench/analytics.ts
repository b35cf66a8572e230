/**
 * Analytics at scale (issue 17): one company with 1,000 jobs posted over the last year by 10
 * recruiters and 1,000,000 applications with their stage history (about a million stage events)
 * and 20,000 background checks asked for, on PostgreSQL (BENCH_DATABASE_URL, or a throwaway
 * cluster). Each report is requested one at a time through HTTP; the bench prints its p50 and p95
 * against the goal of 300 ms and as a ratio to the signed-in floor (GET /api/me) measured the same
 * way in the same run. Only 200 answers are counted; any other answer stops the bench.
 *
 * The data is bulk-loaded with triggers off (session_replication_role = replica) and the rollups
 * are then built by workcred_rebuild_hiring_analytics, the function the migration's backfill uses:
 * the same figures the triggers keep (tests/api/analytics.test.ts holds the two equal).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const JOBS = 1_000;
const CANDIDATES = 1_000; // each applies to every job: 1,000,000 applications
const RECRUITERS = 10;
const CHECK_REQUESTS = 20_000;
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? 60);
const WARMUP = 5;
const GOAL_MS = 300;

export interface AnalyticsRow {
  name: string;
  p50: number;
  p95: number;
  ratio: number;
}

async function seed(database: Database, companyId: string, recruiters: string[]): Promise<void> {
  const started = performance.now();
  await database.db.connection().execute(async (db) => {
    await sql`SET session_replication_role = replica`.execute(db);
    await sql`
      INSERT INTO auth_users (id, name, email, "emailVerified")
      SELECT 'bench-candidate-' || g, 'Bench Candidate ' || g, 'bench.candidate.' || g || '@example.in', true FROM generate_series(1, ${CANDIDATES}::int) g`.execute(db);
    await sql`
      INSERT INTO user_profiles (id, role, full_name, email, mobile_verified)
      SELECT 'bench-candidate-' || g, 'candidate', 'Bench Candidate ' || g, 'bench.candidate.' || g || '@example.in', true FROM generate_series(1, ${CANDIDATES}::int) g`.execute(db);
    await sql`
      INSERT INTO candidate_profiles (user_id, candidate_code, registration_completed_at)
      SELECT 'bench-candidate-' || g, 'WC-' || lpad(upper(to_hex(g)), 6, '0'), now() FROM generate_series(1, ${CANDIDATES}::int) g`.execute(db);
    await sql`
      INSERT INTO job_postings (company_id, created_by, title, description, location, created_at)
      SELECT ${companyId}::uuid, (${recruiters}::text[])[1 + g % ${RECRUITERS}::int], 'Bench job ' || g, 'A job.', 'Pune', now() - (g % 365) * interval '1 day' - interval '3 hours'
      FROM generate_series(1, ${JOBS}::int) g`.execute(db);
    await sql`
      INSERT INTO recruitment_drives (company_id, name) SELECT ${companyId}::uuid, 'Campus drive ' || g FROM generate_series(1, 5) g`.execute(db);

    // Each application's path through the pipeline, by a random draw.
    await sql`
      CREATE TEMP TABLE bench_paths (lo float8, hi float8, path text[]) ON COMMIT PRESERVE ROWS`.execute(db);
    await sql`
      INSERT INTO bench_paths VALUES
        (0.00, 0.45, '{}'),
        (0.45, 0.70, '{screening}'),
        (0.70, 0.80, '{screening,rejected}'),
        (0.80, 0.88, '{screening,shortlisted}'),
        (0.88, 0.93, '{screening,shortlisted,interview}'),
        (0.93, 0.96, '{screening,shortlisted,interview,offered}'),
        (0.96, 0.98, '{screening,shortlisted,interview,offered,hired}'),
        (0.98, 1.01, '{screening,shortlisted,interview,withdrawn}')`.execute(db);
    await sql`
      CREATE TEMP TABLE bench_apps ON COMMIT PRESERVE ROWS AS
      SELECT gen_random_uuid() AS id, jp.id AS job_id, c.id AS candidate_id,
             jp.created_at + random() * least(interval '60 days', now() - jp.created_at - interval '1 hour') AS created_at,
             random() AS draw, random() AS source_draw, (1 + floor(random() * 4))::int AS step_days
      FROM job_postings jp CROSS JOIN (SELECT id FROM user_profiles WHERE id LIKE 'bench-candidate-%') c
      WHERE jp.company_id = ${companyId}::uuid`.execute(db);
    await sql`
      INSERT INTO job_applications (id, job_id, company_id, candidate_id, status, source, source_drive_id, created_at, stage_changed_at)
      SELECT a.id, a.job_id, ${companyId}::uuid, a.candidate_id,
             coalesce(p.path[cardinality(p.path)], 'received'),
             CASE WHEN a.source_draw < 0.5 THEN 'direct' WHEN a.source_draw < 0.75 THEN 'link' WHEN a.source_draw < 0.9 THEN 'qr' ELSE 'drive' END,
             CASE WHEN a.source_draw >= 0.9 THEN (SELECT id FROM recruitment_drives WHERE company_id = ${companyId}::uuid ORDER BY name OFFSET floor((a.source_draw - 0.9) * 50)::int LIMIT 1) END,
             a.created_at, a.created_at + cardinality(p.path) * a.step_days * interval '1 day'
      FROM bench_apps a JOIN bench_paths p ON a.draw >= p.lo AND a.draw < p.hi`.execute(db);
    await sql`
      INSERT INTO application_stage_events (application_id, from_stage, to_stage, created_at)
      SELECT a.id, CASE WHEN s.n = 1 THEN 'received' ELSE p.path[s.n - 1] END, p.path[s.n], a.created_at + s.n * a.step_days * interval '1 day'
      FROM bench_apps a JOIN bench_paths p ON a.draw >= p.lo AND a.draw < p.hi
      CROSS JOIN LATERAL generate_series(1, cardinality(p.path)) AS s(n)`.execute(db);
    // Every candidate's checks, and the checks the company asked for on some applications.
    await sql`
      INSERT INTO verification_checks (candidate_id, subject, status, decided_at, created_at)
      SELECT c.id, s.subject, (ARRAY['pending', 'in_review', 'verified', 'verified', 'rejected'])[1 + floor(random() * 5)::int], now() - random() * interval '200 days', now() - interval '300 days'
      FROM (SELECT id FROM user_profiles WHERE id LIKE 'bench-candidate-%') c CROSS JOIN unnest(ARRAY['uan', 'resume', 'bank_statement', 'experience_letter', 'salary_slip']) AS s(subject)`.execute(db);
    await sql`
      INSERT INTO check_requests (company_id, application_id, job_id, candidate_id, subject, created_at)
      SELECT ${companyId}::uuid, a.id, a.job_id, a.candidate_id, (ARRAY['uan', 'resume', 'bank_statement', 'experience_letter', 'salary_slip'])[1 + floor(random() * 5)::int], a.created_at + interval '1 day'
      FROM (SELECT id, job_id, candidate_id, created_at FROM bench_apps ORDER BY random() LIMIT ${CHECK_REQUESTS}::int) a
      ON CONFLICT DO NOTHING`.execute(db);
    await sql`RESET session_replication_role`.execute(db);
    await sql`DROP TABLE bench_apps`.execute(db);
    await sql`DROP TABLE bench_paths`.execute(db);
  });
  const loaded = performance.now();
  await sql`SELECT workcred_rebuild_hiring_analytics(${companyId}::uuid)`.execute(database.db);
  // As autovacuum leaves a table after a bulk load: statistics and the visibility map (index-only scans).
  for (const table of ['job_applications', 'application_stage_events', 'hiring_daily', 'job_stage_counts', 'check_requests', 'verification_checks', 'job_postings']) {
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(database.db);
  }
  const counts = await sql<{ applications: number; events: number; rollup: number }>`
    SELECT (SELECT count(*)::int FROM job_applications) AS applications, (SELECT count(*)::int FROM application_stage_events) AS events,
           (SELECT count(*)::int FROM hiring_daily) AS rollup`.execute(database.db);
  const row = counts.rows[0]!;
  console.log(
    `  loaded ${row.applications.toLocaleString('en-IN')} applications and ${row.events.toLocaleString('en-IN')} stage events in ${Math.round((loaded - started) / 1000)} s; ` +
      `rollups built in ${Math.round((performance.now() - loaded) / 1000)} s (${row.rollup.toLocaleString('en-IN')} rows)`,
  );
}

/** p50 and p95 of RUNS sequential requests (after WARMUP), 200 answers only. */
async function timings(url: string, cookie: string): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie, 'x-forwarded-for': `10.77.${(i >> 8) & 255}.${i & 255}` } });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    if (i >= WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: Math.round(at(0.5) * 10) / 10, p95: Math.round(at(0.95) * 10) / 10 };
}

async function measure(database: Database): Promise<AnalyticsRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-analytics-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '1000000' });
  const app = await buildApp({ config, database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const factories = createFactories(app.auth, database);
    const company = await factories.company({ name: 'Bench Analytics Industries' });
    const owner = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    const recruiters: string[] = [];
    for (let i = 0; i < RECRUITERS; i += 1) recruiters.push((await factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter' })).id);
    await seed(database, company.id, recruiters);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: owner.email, password: owner.password } });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const job = await database.db.selectFrom('job_postings').select('id').where('company_id', '=', company.id).orderBy('created_at').limit(1).executeTakeFirstOrThrow();

    const istToday = new Date(Date.now() + 330 * 60_000);
    const day = (daysAgo: number) => new Date(istToday.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const year = `from=${day(364)}&to=${day(0)}`;
    const month = `from=${day(29)}&to=${day(0)}`;
    const floor = await timings(`${base}/api/me`, cookie);
    const rows: AnalyticsRow[] = [{ name: 'GET /api/me (signed-in floor, baseline)', ...floor, ratio: 1 }];
    const cases: [string, string][] = [];
    for (const report of ['funnel', 'speed', 'sources', 'jobs', 'verification']) cases.push([`${report}, last 12 months, whole company`, `/api/analytics/${report}?${year}`]);
    cases.push(['funnel, last 30 days, whole company', `/api/analytics/funnel?${month}`]);
    cases.push(['speed, last 12 months, one recruiter', `/api/analytics/speed?${year}&recruiter_id=${recruiters[0]}`]);
    cases.push(['jobs, last 12 months, one recruiter', `/api/analytics/jobs?${year}&recruiter_id=${recruiters[0]}`]);
    cases.push(['funnel, last 12 months, one job', `/api/analytics/funnel?${year}&job_id=${job.id}`]);
    cases.push(['options (jobs and recruiters)', '/api/analytics/options']);
    for (const [name, url] of cases) {
      const result = await timings(`${base}${url}`, cookie);
      rows.push({ name, ...result, ratio: result.p95 / floor.p95 });
    }
    return rows;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function analyticsBench(): Promise<AnalyticsRow[]> {
  return (await withBenchPostgres(measure)) ?? [];
}

export function printAnalyticsRows(rows: AnalyticsRow[]): void {
  console.log(`\nAnalytics at 1,000,000 applications (PostgreSQL, ${RUNS} sequential requests each; goal p95 < ${GOAL_MS} ms):`);
  for (const row of rows) {
    const verdict = row.ratio === 1 ? '' : row.p95 < GOAL_MS ? '  meets goal' : '  over goal';
    console.log(`  ${row.name.padEnd(44)} p50 ${row.p50.toFixed(1).padStart(7)} ms  p95 ${row.p95.toFixed(1).padStart(7)} ms  ×${row.ratio.toFixed(2)} of the floor's p95${verdict}`);
  }
}
