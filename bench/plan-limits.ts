/**
 * What the plan's limit checks (issue 15) cost: the Apply and Create New Job requests with the
 * checks, against the same requests without them (buildApp's planLimits: false, which only this
 * bench sets), on PostgreSQL and PGlite. The company has limits far above what the run uses, so every operation
 * takes the checks' full path (the subscription read and lock, the count) and succeeds; only
 * successful operations are counted. The two variants alternate in rounds so warm-up and a
 * growing table weigh on both alike. One at a time measures what the checks add to a request; 8
 * at once on one company and one listing measures their lock, which makes concurrent posts for a
 * company's last slot, and applications for a listing's last place, take turns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const CANDIDATES = Number(process.env.BENCH_LIMIT_CANDIDATES ?? 240);
const ROUNDS = 4;
/** One at a time (what the checks add to a request), and 8 at once on one company and one listing (their lock's cost under contention). */
const CONCURRENCIES = [1, 8] as const;

export interface PlanLimitRow {
  name: string;
  withChecks: number;
  without: number;
}

/** Runs `count` operations, `concurrency` at a time; answers successful operations per second. */
async function rate(count: number, concurrency: number, operation: (index: number) => Promise<unknown>): Promise<{ perSecond: number; ok: number }> {
  let next = 0;
  let ok = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        try {
          await operation(index);
          ok += 1;
        } catch {
          // Not counted.
        }
      }
    }),
  );
  return { perSecond: ok / ((performance.now() - started) / 1000), ok };
}

/** Alternates the two variants in rounds; the total rate of each. `between` runs untimed before each variant's run. */
async function compare(
  total: number,
  concurrency: number,
  withChecks: (index: number) => Promise<unknown>,
  without: (index: number) => Promise<unknown>,
  between: () => Promise<unknown> = async () => undefined,
): Promise<{ withChecks: number; without: number }> {
  const perRound = Math.floor(total / ROUNDS);
  const sums = { withChecks: { ok: 0, seconds: 0 }, without: { ok: 0, seconds: 0 } };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? (['withChecks', 'without'] as const) : (['without', 'withChecks'] as const);
    for (const variant of order) {
      const operation = variant === 'withChecks' ? withChecks : without;
      await between();
      const result = await rate(perRound, concurrency, (index) => operation(round * perRound + index));
      sums[variant].ok += result.ok;
      sums[variant].seconds += result.ok / result.perSecond;
    }
  }
  return { withChecks: sums.withChecks.ok / sums.withChecks.seconds, without: sums.without.ok / sums.without.seconds };
}

/** Signs a user in on `app` and answers the cookie header of their session. */
async function sessionCookie(app: FastifyInstance, email: string, password: string, ip: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: ip });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

async function measure(label: string, database: Database): Promise<PlanLimitRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-limits-'));
  // The per-user budget far above the run: every request is served, none is refused for speed.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' });
  // Two apps on one database, alike but for the checks: whole requests (session, validation,
  // the service, the answer) with and without them.
  const checked = await buildApp({ config, database });
  const unchecked = await buildApp({ config, database, planLimits: false });
  try {
    const { db } = database;
    const factories = createFactories(checked.auth, database);
    const company = await factories.company({ name: `Limits Bench ${label}` });
    // Enterprise with limits far above the run: the checks run in full and never refuse.
    await db
      .updateTable('company_subscriptions')
      .set({ plan: 'enterprise', status: 'active', custom_listings: 100_000, custom_applications: 1_000_000 })
      .where('company_id', '=', company.id)
      .execute();
    const employer = await factories.user({ role: 'employer', companyId: company.id });
    const employerCookie = await sessionCookie(checked, employer.email, employer.password, '10.90.0.1');
    const jobInput = { title: 'Field Sales Executive', description: 'Meet retailers across Pune and grow the territory.', location: 'Pune', salary: '₹3.6 LPA' };
    const request = (app: FastifyInstance, url: string, cookie: string, payload: object, index: number) => async () => {
      const response = await app.inject({ method: 'POST', url, headers: { cookie }, payload, remoteAddress: `10.91.${Math.floor(index / 250) % 250}.${index % 250}` });
      if (response.statusCode !== 201) throw new Error(`not created: ${response.statusCode}`);
    };

    // The listings a run posts are closed (untimed) before the next run, so the company has at most
    // a run's worth of active listings (60), like a large company, rather than the hundreds a
    // whole bench would pile up: the check counts a company's active listings.
    const closeListings = () => db.updateTable('job_postings').set({ is_deleted: true }).where('company_id', '=', company.id).where('is_deleted', '=', false).execute();
    const rows: PlanLimitRow[] = [];
    for (const concurrency of CONCURRENCIES) {
      const jobs = await compare(
        CANDIDATES,
        concurrency,
        (index) => request(checked, '/api/jobs', employerCookie, jobInput, index)(),
        (index) => request(unchecked, '/api/jobs', employerCookie, jobInput, index)(),
        closeListings,
      );
      rows.push({ name: `${label}: create a job, ${concurrency} at a time`, ...jobs });
    }

    const candidates: string[] = [];
    for (let i = 0; i < CANDIDATES; i += 1) {
      const user = await factories.user({ role: 'candidate' });
      await factories.candidateProfile(user.id);
      await db.updateTable('user_profiles').set({ mobile_verified: true }).where('id', '=', user.id).execute();
      candidates.push(await sessionCookie(checked, user.email, user.password, `10.92.${Math.floor(i / 250)}.${i % 250}`));
    }
    for (const concurrency of CONCURRENCIES) {
      // A pair of fresh listings for each run: every candidate applies once to each.
      const withChecks = await factories.job(company.id, { title: 'Warehouse Supervisor' });
      const without = await factories.job(company.id, { title: 'Warehouse Supervisor' });
      const apply = (app: FastifyInstance, jobId: string) => (index: number) => request(app, `/api/jobs/${jobId}/applications`, candidates[index]!, {}, index)();
      rows.push({ name: `${label}: apply to a job, ${concurrency} at a time`, ...(await compare(CANDIDATES, concurrency, apply(checked, withChecks.id), apply(unchecked, without.id))) });
    }
    return rows;
  } finally {
    await checked.close();
    await unchecked.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function planLimitsBench(): Promise<PlanLimitRow[]> {
  const rows: PlanLimitRow[] = [];
  rows.push(...((await withBenchPostgres((postgres) => measure('PostgreSQL', postgres))) ?? []));
  const dbDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-limits-db-'));
  const pglite = await openDatabase({ kind: 'pglite', dataDir: dbDir });
  try {
    rows.push(...(await measure('PGlite', pglite)));
  } finally {
    await pglite.close();
    rmSync(dbDir, { recursive: true, force: true });
  }
  return rows;
}

export function printPlanLimitRows(rows: PlanLimitRow[]): void {
  console.log('\nPlan limit checks (issue 15): the same operation with and without them (goal: cost under ×1.20):');
  for (const row of rows) {
    const cost = row.without / row.withChecks;
    console.log(`  ${row.name.padEnd(44)} with ${row.withChecks.toFixed(0).padStart(5)}/s  without ${row.without.toFixed(0).padStart(5)}/s  cost ×${cost.toFixed(2)}${cost < 1.2 ? '  meets goal' : '  above goal'}`);
  }
}
