/**
 * npm run bench:session: signed-in throughput with and without the session cache (issue 14), as a
 * ratio to a bare Fastify route returning constant JSON in the same run. Counts only 2xx answers
 * (a run with more than 1% others is marked invalid); every request comes from its own address
 * (X-Forwarded-For, TRUST_PROXY) so the per-address limit does not turn the run into 429s.
 * On PGlite, and on PostgreSQL (a throwaway cluster, or BENCH_DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import { startThrowawayCluster } from '../tests/support/throwaway-postgres.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
let address = 0;

async function run(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    connections: 20,
    duration: DURATION,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` } }) }],
  });
  const ok = result['2xx'];
  const total = ok + result.non2xx + result.errors;
  return { rps: Math.round(ok / DURATION), invalid: total > 0 && (total - ok) / total > 0.01 };
}

async function signedIn(options: DatabaseOptions, cacheSeconds: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-session-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', SESSION_CACHE_SECONDS: String(cacheSeconds) });
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

const bare = Fastify();
bare.get('/health', async () => ({ status: 'ok' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const baseline = await run(`http://127.0.0.1:${(bare.server.address() as { port: number }).port}/health`);
await bare.close();

const fmt = (value: { rps: number; invalid: boolean }) => `${String(value.rps).padStart(6)} req/s  ×${(value.rps / baseline.rps).toFixed(3)}${value.invalid ? '  INVALID (>1% non-2xx)' : ''}`;
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
