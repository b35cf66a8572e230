/**
 * npm run bench:session: signed-in throughput with and without the session cache (issue 14), as a
 * ratio to a bare Fastify route returning constant JSON in the same run. Counts only 2xx answers
 * (a run with more than 1% others is marked invalid); every request comes from its own address
 * (X-Forwarded-For, TRUST_PROXY), and one person's budget is raised to the maximum, so the limits
 * do not turn the run into 429s (bench/load.ts).
 * On PGlite, and on PostgreSQL (a throwaway cluster, or BENCH_DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import { startThrowawayCluster } from '../tests/support/throwaway-postgres.ts';
import { bareFastify, load, ratioText, type Load } from './load.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const run = (url: string, headers: Record<string, string> = {}) => load(url, { connections: 20, duration: DURATION, headers });

async function signedIn(options: DatabaseOptions, cacheSeconds: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-session-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '1000000', SESSION_CACHE_SECONDS: String(cacheSeconds) });
  const database = await openDatabase(options);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const factories = createFactories(app.auth, database);
  const company = await factories.company();
  const user = await factories.user({ role: 'employer', companyId: company.id });
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
  const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const me = await run(`${base}/api/me`, { cookie });
  const jobs = await run(`${base}/api/jobs`, { cookie });
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { me, jobs };
}

const baseline = await bareFastify({ connections: 20, duration: DURATION });

const fmt = (value: Load) => ratioText(value, baseline);
console.log(`Signed-in throughput (${DURATION}s each, 20 connections, 2xx only); bare Fastify baseline ${baseline.rps} req/s`);
const cluster = process.env.BENCH_DATABASE_URL ? undefined : startThrowawayCluster();
const pgUrl = process.env.BENCH_DATABASE_URL ?? (cluster && !('error' in cluster) ? cluster.url : undefined);
const targets: [string, () => DatabaseOptions][] = [['PGlite', () => ({ kind: 'pglite', dataDir: mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-pglite-')) })]];
if (pgUrl) targets.push(['PostgreSQL', () => ({ kind: 'postgres', url: pgUrl })]);
for (const [name, options] of targets) {
  for (const seconds of [0, 15]) {
    const result = await signedIn(options(), seconds);
    const label = `${name}, session cache ${seconds ? `${seconds} s` : 'off'}`;
    console.log(`  GET /api/me   ${label.padEnd(32)} ${fmt(result.me)}`);
    console.log(`  GET /api/jobs ${label.padEnd(32)} ${fmt(result.jobs)}`);
  }
}
if (cluster && !('error' in cluster)) cluster.destroy();
