/**
 * npm run bench:scale (issue 14, item 6): the hot reads at two sizes in one run, on PostgreSQL, so
 * growth shows. BENCH_SCALE=full: 1,000,000 then 10,000,000 applications (100,000 then 1,000,000
 * jobs of 1,000 then 10,000 companies, a candidate per ten applications, stage history); the
 * default is a tenth of that. Generated in SQL (generate_series), not row by row. Requests go
 * through app.inject as an employer of the first company (one job there has 2,000 applications),
 * one at a time, BENCH_ROUNDS (default 40) after 5 warm-ups; prints p50 and p95 (goal: p95 under
 * 15 ms, and flat between the sizes). The answer caches (public, company job list) are off: this
 * measures the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import { APPLICATIONS_PER_JOB, companyId, grow, jobId } from './scale-data.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const FULL = process.env.BENCH_SCALE === 'full';
const SIZES = FULL ? [1_000_000, 10_000_000] : [100_000, 1_000_000];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

type Probe = [name: string, request: (round: number) => { method: 'GET' | 'POST'; url: string; payload?: object }];

async function measure(database: Database, applications: number): Promise<[string, number, number][]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-scale-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', PUBLIC_CACHE_SECONDS: '0', COMPANY_CACHE_SECONDS: '0', RATE_LIMIT_PER_MINUTE: '1000000' });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    const { db } = database;
    const first = await sql<{ id: string }>`SELECT ${companyId("'1'")}::text AS id`.execute(db);
    const employer = await createFactories(app.auth, database).user({ role: 'employer', companyId: first.rows[0]!.id, companyRole: 'owner' });
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: employer.email, password: employer.password } });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const bigJob = (await sql<{ id: string }>`SELECT ${jobId("'1'")}::text AS id`.execute(db)).rows[0]!.id;
    const jobs = applications / APPLICATIONS_PER_JOB;
    const publicJobIds = (await sql<{ id: string }>`SELECT ${jobId(`(1 + (g * 7919) % ${jobs})`)}::text AS id FROM generate_series(1, ${ROUNDS + 5}) AS g`.execute(db)).rows.map((r) => r.id);
    const probes: Probe[] = [
      ['employer job list (GET /api/jobs)', () => ({ method: 'GET', url: '/api/jobs' })],
      ['overview counts (GET /api/dashboard/overview)', () => ({ method: 'GET', url: '/api/dashboard/overview' })],
      ['public job page (GET /api/public/jobs/:id)', (round) => ({ method: 'GET', url: `/api/public/jobs/${publicJobIds[round % publicJobIds.length]}` })],
      ['board search (GET /api/public/jobs?q=Pharmacist)', () => ({ method: 'GET', url: '/api/public/jobs?q=Pharmacist' })],
      ['board, first page (GET /api/public/jobs)', () => ({ method: 'GET', url: '/api/public/jobs' })],
      ['pipeline of a 2,000-application job', () => ({ method: 'GET', url: `/api/pipeline/jobs/${bigJob}` })],
      ['candidate search, no filter', () => ({ method: 'POST', url: '/api/candidate-search/search', payload: {} })],
      ['candidate search, skills React, 3-8 years', () => ({ method: 'POST', url: '/api/candidate-search/search', payload: { skills: ['React'], experience_min: 3, experience_max: 8 } })],
    ];
    const rows: [string, number, number][] = [];
    for (const [name, request] of probes) {
      const times: number[] = [];
      for (let round = 0; round < ROUNDS + 5; round += 1) {
        const started = performance.now();
        const response = await app.inject({ ...request(round), headers: { cookie }, remoteAddress: `10.60.${round >> 8}.${round & 255}` });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        if (round >= 5) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      rows.push([name, percentile(times, 50), percentile(times, 95)]);
    }
    return rows;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = await withBenchPostgres(async (database) => {
  const bySize: { applications: number; seconds: number; rows: [string, number, number][] }[] = [];
  let size = 0;
  for (const target of SIZES) {
    const started = performance.now();
    await grow(database.db, size, target);
    size = target;
    const seconds = (performance.now() - started) / 1000;
    bySize.push({ applications: target, seconds, rows: await measure(database, target) });
  }
  return bySize;
});
if (results) {
  const [small, large] = results as [(typeof results)[0], (typeof results)[0]];
  const fmt = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
  console.log(`Reads at ${small.applications.toLocaleString('en-IN')} and ${large.applications.toLocaleString('en-IN')} applications (PostgreSQL, one at a time, ${ROUNDS} rounds; goal p95 < 15 ms, flat):`);
  console.log(`  (generated in ${small.seconds.toFixed(0)} s and ${large.seconds.toFixed(0)} s more)`);
  console.log(`  ${''.padEnd(50)} ${'p50 small'.padStart(9)} ${'p95 small'.padStart(9)} ${'p50 large'.padStart(9)} ${'p95 large'.padStart(9)}  large/small p95`);
  small.rows.forEach(([name, p50, p95], i) => {
    const [, p50Large, p95Large] = large.rows[i]!;
    const verdict = p95Large < 15 && p95Large / p95 < 2 ? 'meets goal' : 'below goal';
    console.log(`  ${name.padEnd(50)} ${fmt(p50)} ${fmt(p95)} ${fmt(p50Large)} ${fmt(p95Large)}  ×${(p95Large / p95).toFixed(2)}  ${verdict}`);
  });
}
