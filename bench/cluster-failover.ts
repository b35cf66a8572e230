/**
 * npm run bench:cluster-failover (issue 37 §3): losing the PostgreSQL primary under load. Starts
 * the local cluster (the code of npm run cluster:local; synchronous replication), seeds it, runs
 * 200 requests a second of mixed reads and writes through HAProxy with 20 live sockets, then stops
 * the primary at once (pg_ctl stop -m immediate, as a crash) and promotes the standby (pg_ctl
 * promote) BENCH_PROMOTE_AFTER_SECONDS later (1: a failover manager's detection). The instances
 * reach the new primary through HAProxy's PostgreSQL frontend with no change. Prints requests sent,
 * failed by status, acknowledged-but-lost (each 2xx write looked up on the new primary) and the gap:
 * from the stop to the first write that succeeded again (goal: under 10 s; meanwhile 503 with
 * Retry-After, never a 500 or a hang).
 */
import { randomBytes } from 'node:crypto';
import { startCluster } from '../server/cli/cluster/cluster.ts';
import { report, startLoad } from './cluster-load.ts';
import { markersFound, seedCluster } from './cluster-seed.ts';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10) * 1000;
const PROMOTE_AFTER_MS = Number(process.env.BENCH_PROMOTE_AFTER_SECONDS ?? 1) * 1000;
const AFTER_MS = Number(process.env.BENCH_AFTER_SECONDS ?? 20) * 1000;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cluster = await startCluster({ port: 18080, basePort: 18430, keep: process.env.BENCH_KEEP === 'true', instanceEnv: { RATE_LIMIT_PER_MINUTE: '1000000' }, log });
let exitCode = 0;
try {
  log('Seeding: 4 companies with 10 jobs each, 16 candidates; everyone signs in through HAProxy');
  const seeded = await seedCluster(cluster.primaryUrl, cluster.url);
  const prefix = `bench-failover-${randomBytes(4).toString('hex')}`;
  log(`Load: ${RATE} requests a second, 20 live sockets`);
  const startedAt = performance.now();
  const load = startLoad(cluster.url, seeded, { rate: RATE, prefix });
  await sleep(SETTLE_MS);
  const stoppedAt = performance.now() - startedAt;
  cluster.postgres.stopPrimaryImmediately();
  log('Primary stopped (immediate)');
  await sleep(PROMOTE_AFTER_MS);
  const promoteBegan = performance.now();
  cluster.postgres.promoteStandby();
  log(`Standby promoted (pg_ctl promote took ${((performance.now() - promoteBegan) / 1000).toFixed(1)} s)`);
  await sleep(AFTER_MS);
  const result = await load.stop();
  const seconds = (performance.now() - startedAt) / 1000;
  const { failed, lost } = report(result, await markersFound(cluster.postgres.standbyUrl, prefix), seconds);

  const writesAfter = result.outcomes.filter((outcome) => outcome.write && outcome.startedAt >= stoppedAt).sort((a, b) => a.startedAt - b.startedAt);
  const ok = (status: number | string) => typeof status === 'number' && status >= 200 && status < 300;
  const firstOk = writesAfter.find((outcome) => ok(outcome.status));
  const failedWrites = writesAfter.filter((outcome) => !ok(outcome.status));
  const lastFailed = failedWrites.at(-1);
  const badGapAnswers = result.outcomes.filter((outcome) => outcome.status === 'hang' || outcome.status === 'network' || outcome.status === 500 || (outcome.status === 503 && !outcome.retryAfter)).length;
  console.log(
    `failover gap         first write acknowledged ${firstOk ? ((firstOk.endedAt - stoppedAt) / 1000).toFixed(1) : '—'} s after the stop; last failed write answered at ${lastFailed ? ((lastFailed.endedAt - stoppedAt) / 1000).toFixed(1) : '—'} s; ${failedWrites.length} writes failed in the gap; 500s, hangs, network errors and 503s without Retry-After: ${badGapAnswers}`,
  );
  // Second by second from the stop: the writes started then, how they ended, and the slowest answer.
  for (let second = 0; second < 14; second += 1) {
    const inSecond = writesAfter.filter((outcome) => outcome.startedAt - stoppedAt >= second * 1000 && outcome.startedAt - stoppedAt < (second + 1) * 1000);
    const statuses = new Map<string, number>();
    for (const outcome of inSecond) statuses.set(String(outcome.status), (statuses.get(String(outcome.status)) ?? 0) + 1);
    const slowest = Math.max(0, ...inSecond.map((outcome) => outcome.endedAt - outcome.startedAt));
    console.log(`  +${second} s  writes ${[...statuses].map(([status, n]) => `${status}: ${n}`).join(', ') || 'none'}; slowest ${(slowest / 1000).toFixed(1)} s`);
  }
  // Only 503s with Retry-After after the stop are expected; anything else failing is a failure of the run.
  const failedBeforeStop = result.outcomes.filter((outcome) => outcome.startedAt < stoppedAt && !ok(outcome.status)).length;
  if (lost > 0 || badGapAnswers > 0 || failedBeforeStop > 0 || !firstOk || firstOk.endedAt - stoppedAt > 10_000) exitCode = 1;
  if (failed > 0) console.log(`(${failed} failed, ${failedBeforeStop} of them before the stop)`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cluster.stop();
}
process.exit(exitCode);
