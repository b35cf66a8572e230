/**
 * npm run bench: throughput and memory as ratios against a baseline measured in the same run, so
 * the numbers mean something on any machine. Prints a table; asserts nothing.
 *
 *   1. the route table of issue 14 on the demo data (health, public job page, board search, the
 *      employer's job list, /api/me) on PostgreSQL and PGlite, against a bare Fastify GET (routes.ts);
 *   2. start-up time and idle RSS of the compiled server process (dist-server/, as `npm start`
 *      runs it; and from the TypeScript sources for comparison) on PGlite and PostgreSQL, against
 *      a bare `node -e` process.
 *   3. GET /api/jobs, first and deep pages, for a company with 10,000 jobs and 200,000 applications,
 *      on PGlite and PostgreSQL, against the bare Fastify route over one connection (jobs-list.ts).
 *   4. a 10 MB document upload against a bare Fastify route streaming to a file (document-upload.ts).
 *   5. the first pages (/, /auth, /jobs/:id): JavaScript of the first load against its budget, and
 *      Lighthouse mobile scores (pages.ts; needs `npm run build`; BENCH_LIGHTHOUSE=0 skips Lighthouse).
 *   6. the plan's limit checks: Apply and job creation with them against the same operation
 *      without them (plan-limits.ts).
 *   7. webhook fan-out: 1,000 events to 10 endpoints, against the same signed POSTs sent from
 *      memory (webhooks.ts). The route table also has the public API's job list (issue 16).
 *   8. analytics at 1,000,000 applications: each report's p50 and p95 on PostgreSQL, against the
 *      300 ms goal and the signed-in floor (analytics.ts).
 *   9. EPFO lookups (issue 34): consent to a decided check with the provider answering in 1 s, p95
 *      against the provider's own time; the route table alone and while 100 candidates verify at
 *      once (epfo.ts; also npm run bench:epfo).
 *  10. document forensics on the labelled corpus (issue 35 §3): recall per signal on forged
 *      documents, false positives on genuine ones (scans included), OCR character error rate per dpi
 *      and seconds per page on one core, against their goals (document-forensics.ts; also npm run
 *      bench:documents).
 *  11. Find a candidate (issue 36 §2): the company-candidate search at a million applications (ten
 *      million with BENCH_LOOKUP_APPLICATIONS=10000000), a large company's fifth of the candidates, p95 per kind of query (name, email, phone, ID) on
 *      PostgreSQL against 15 ms (company-candidate-lookup.ts; BENCH_LOOKUP_APPLICATIONS sets the size).
 * BENCH_ONLY=routes,startup,jobs,upload,limits,webhooks,analytics,epfo,documents,lookup,pages picks sections; BENCH_SECONDS sets each run's length.
 * Separate scripts: npm run bench:notifications (a send to 100,000 users) and npm run bench:latency
 * (live delivery to 500 WebSocket clients, p50/p99).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startThrowawayCluster } from '../tests/support/throwaway-postgres.ts';
import { analyticsBench, printAnalyticsRows } from './analytics.ts';
import { companyCandidateLookupBench } from './company-candidate-lookup.ts';
import { documentForensicsBench, printDocumentForensicsRows } from './document-forensics.ts';
import { documentUploadBench, printDocumentUploadRows } from './document-upload.ts';
import { epfoBench, epfoOptions, printEpfoRows } from './epfo.ts';
import { jobsListBench } from './jobs-list.ts';
import { pagesBench } from './pages.ts';
import { planLimitsBench, printPlanLimitRows } from './plan-limits.ts';
import { bareFastify, ratioText } from './load.ts';
import { routeTables } from './routes.ts';
import { printFanOutRows, webhookFanOutBench } from './webhooks.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

async function throughput() {
  const fresh = await bareFastify({ duration: DURATION, warmup: 1 });
  console.log(`Throughput on the demo data (${DURATION} s each after 1 s of warm-up, 50 connections, 2xx only, a new address per request)`);
  console.log(`  bare Fastify GET in a fresh process: ${fresh.rps.toLocaleString('en-IN')} req/s (for reference; each table's baseline is measured beside it)`);
  for (const table of await routeTables(DURATION)) {
    const { baseline } = table;
    console.log(`  ${table.database} (baseline: bare Fastify GET in the same process state, ${baseline.rps.toLocaleString('en-IN')} req/s):`);
    for (const row of table.rows) {
      const ratio = row.load.rps / baseline.rps;
      const verdict = row.load.invalid ? '' : ratio >= row.goal ? '  meets goal' : '  below goal';
      console.log(`    ${row.name.padEnd(48)} ${ratioText(row.load, baseline)}  (goal ×${row.goal.toFixed(2)})${verdict}  p99 ${row.load.p99} ms  (×${(row.load.rps / fresh.rps).toFixed(3)} of the fresh baseline)`);
      const other = row.against ? table.rows.find((one) => one.name === row.against) : undefined;
      if (other && other.load.rps > 0) console.log(`      ×${(row.load.rps / other.load.rps).toFixed(2)} of ${other.name}`);
    }
  }
}

/**
 * Starts the server as a real process and measures time to "running" and RSS after it settles:
 * compiled (dist-server/server.js, what `npm start` runs) or from the TypeScript sources (tsx).
 */
async function startProcess(env: Record<string, string>, compiled = true): Promise<{ ms: number; rssMb: number }> {
  const started = performance.now();
  const args = compiled ? ['dist-server/server.js'] : ['--import', 'tsx', 'server/server.ts'];
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
  // The compiled server is what `npm start` runs; build it from these sources first.
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('building the server failed');
  const first = await startProcess(env);
  const again = await startProcess(env);
  const source = await startProcess(env, false);
  const rows: [string, number, number, number][] = [
    ['bare node process (baseline)', Math.round(bareMs), Math.round(bareRss), 1],
    ['server, PGlite, first start (initdb)', first.ms, first.rssMb, first.rssMb / bareRss],
    ['server, PGlite, restart', again.ms, again.rssMb, again.rssMb / bareRss],
    ['  the same from TypeScript sources (tsx)', source.ms, source.rssMb, source.rssMb / bareRss],
  ];
  // PostgreSQL: BENCH_DATABASE_URL, or a throwaway cluster from the installed binaries.
  const cluster = process.env.BENCH_DATABASE_URL ? undefined : startThrowawayCluster();
  const pgUrl = process.env.BENCH_DATABASE_URL ?? (cluster && !('error' in cluster) ? cluster.url : undefined);
  if (pgUrl) {
    const first = await startProcess({ ...env, DATABASE_URL: pgUrl });
    const again = await startProcess({ ...env, DATABASE_URL: pgUrl });
    const source = await startProcess({ ...env, DATABASE_URL: pgUrl }, false);
    rows.push(['server, PostgreSQL, first start (migrations)', first.ms, first.rssMb, first.rssMb / bareRss]);
    rows.push(['server, PostgreSQL, restart', again.ms, again.rssMb, again.rssMb / bareRss]);
    rows.push(['  the same from TypeScript sources (tsx)', source.ms, source.rssMb, source.rssMb / bareRss]);
  }
  if (cluster && !('error' in cluster)) cluster.destroy();
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : String(Math.round(n)));
const only = new Set((process.env.BENCH_ONLY ?? 'routes,startup,jobs,upload,limits,webhooks,analytics,epfo,documents,lookup,pages').split(','));
if (only.has('routes')) await throughput();
if (only.has('startup')) {
  console.log('\nStart-up and idle memory:');
  for (const [name, ms, rss, ratio] of await startup()) console.log(`  ${name.padEnd(44)} ${String(ms).padStart(6)} ms  ${String(rss).padStart(5)} MB RSS  ×${fmt(ratio)} memory of baseline`);
}
if (only.has('jobs')) {
  console.log('\nJobs Management list, 10,000 jobs and 200,000 applications (1 connection):');
  for (const [name, value, ratio] of await jobsListBench(DURATION)) {
    console.log(`  ${name.padEnd(52)} ${String(Math.round(value)).padStart(7)} req/s  ${(1000 / value).toFixed(2).padStart(7)} ms/request   ×${fmt(ratio)} of baseline`);
  }
}
if (only.has('upload')) printDocumentUploadRows(await documentUploadBench());
if (only.has('limits')) printPlanLimitRows(await planLimitsBench());
if (only.has('webhooks')) printFanOutRows(await webhookFanOutBench());
if (only.has('analytics')) printAnalyticsRows(await analyticsBench());
if (only.has('epfo')) printEpfoRows(await epfoBench(epfoOptions(DURATION)), epfoOptions(DURATION));
if (only.has('documents')) printDocumentForensicsRows(await documentForensicsBench());
if (only.has('lookup')) await companyCandidateLookupBench();
if (only.has('pages')) {
  console.log('\nFirst pages (issue 14, item 4):');
  for (const line of await pagesBench()) console.log(line);
}
