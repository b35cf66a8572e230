/**
 * npm run bench: throughput and memory as ratios against a baseline measured in the same run, so
 * the numbers mean something on any machine. Prints a table; asserts nothing.
 *
 *   1. bare Fastify GET JSON (baseline) vs WorkCred's /api/health (all hooks) vs /api/me (session + DB)
 *   2. start-up time and idle RSS of a full server process on PGlite (and PostgreSQL when
 *      BENCH_DATABASE_URL is set), against a bare `node -e` process.
 *   3. GET /api/jobs, first and deep pages, for a company with 10,000 jobs and 200,000 applications,
 *      on PGlite and PostgreSQL, against the bare Fastify route over one connection (jobs-list.ts).
 *   4. a 10 MB document upload against a bare Fastify route streaming to a file (document-upload.ts).
 * Separate scripts: npm run bench:notifications (a send to 100,000 users) and npm run bench:latency
 * (live delivery to 500 WebSocket clients, p50/p99).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import { startThrowawayCluster } from '../tests/support/throwaway-postgres.ts';
import { documentUploadBench, printDocumentUploadRows } from './document-upload.ts';
import { jobsListBench } from './jobs-list.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

async function rps(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: DURATION, headers });
  return Math.round(result.requests.average);
}

async function throughput() {
  const bare = Fastify();
  bare.get('/health', async () => ({ status: 'ok' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/health`;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const user = await createFactories(app.auth, database).user();
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  const baseline = await rps(bareUrl);
  const health = await rps(`${base}/api/health`);
  const me = await rps(`${base}/api/me`, { cookie });
  await app.close();
  await database.close();
  await bare.close();
  rmSync(dataDir, { recursive: true, force: true });
  return [
    ['bare Fastify GET (baseline)', baseline, 1],
    ['GET /api/health (all hooks)', health, health / baseline],
    ['GET /api/me (session + profile, PGlite)', me, me / baseline],
  ] as const;
}

/** Starts server/server.ts as a real process and measures time to "running" and RSS after it settles. */
async function startProcess(env: Record<string, string>): Promise<{ ms: number; rssMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('WorkCred is running')) resolve(performance.now() - started);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  // Let it settle, then read its RSS from /proc.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const { readFileSync } = await import('node:fs');
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  return { ms: Math.round(ms), rssMb: Math.round(rssKb / 1024) };
}

async function startup() {
  const bareStart = performance.now();
  const bare = spawn(process.execPath, ['-e', 'console.log("up"); setTimeout(() => {}, 3000)'], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise((resolve) => bare.stdout.once('data', resolve));
  const bareMs = performance.now() - bareStart;
  const bareRss = Number(/VmRSS:\s+(\d+)/.exec((await import('node:fs')).readFileSync(`/proc/${bare.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  bare.kill();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-start-'));
  const env = { NODE_ENV: 'development', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' };
  const first = await startProcess(env);
  const again = await startProcess(env);
  const rows: [string, number, number, number][] = [
    ['bare node process (baseline)', Math.round(bareMs), Math.round(bareRss), 1],
    ['server, PGlite, first start (initdb)', first.ms, first.rssMb, first.rssMb / bareRss],
    ['server, PGlite, restart', again.ms, again.rssMb, again.rssMb / bareRss],
  ];
  // PostgreSQL: BENCH_DATABASE_URL, or a throwaway cluster from the installed binaries.
  const cluster = process.env.BENCH_DATABASE_URL ? undefined : startThrowawayCluster();
  const pgUrl = process.env.BENCH_DATABASE_URL ?? (cluster && !('error' in cluster) ? cluster.url : undefined);
  if (pgUrl) {
    const first = await startProcess({ ...env, DATABASE_URL: pgUrl });
    const again = await startProcess({ ...env, DATABASE_URL: pgUrl });
    rows.push(['server, PostgreSQL, first start (migrations)', first.ms, first.rssMb, first.rssMb / bareRss]);
    rows.push(['server, PostgreSQL, restart', again.ms, again.rssMb, again.rssMb / bareRss]);
  }
  if (cluster && !('error' in cluster)) cluster.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : String(Math.round(n)));
console.log(`Throughput (${DURATION}s each, 20 connections):`);
for (const [name, value, ratio] of await throughput()) console.log(`  ${name.padEnd(44)} ${String(value).padStart(7)} req/s   ×${fmt(ratio)} of baseline`);
console.log('\nStart-up and idle memory:');
for (const [name, ms, rss, ratio] of await startup()) console.log(`  ${name.padEnd(44)} ${String(ms).padStart(6)} ms  ${String(rss).padStart(5)} MB RSS  ×${fmt(ratio)} memory of baseline`);
console.log('\nJobs Management list, 10,000 jobs and 200,000 applications (1 connection):');
for (const [name, value, ratio] of await jobsListBench(DURATION)) {
  console.log(`  ${name.padEnd(52)} ${String(Math.round(value)).padStart(7)} req/s  ${(1000 / value).toFixed(2).padStart(7)} ms/request   ×${fmt(ratio)} of baseline`);
}
printDocumentUploadRows(await documentUploadBench());
