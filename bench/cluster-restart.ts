/**
 * npm run bench:cluster-restart (issue 37 §3): a rolling restart under load. Starts the local
 * cluster (the code of npm run cluster:local), seeds it, runs 200 requests a second of mixed reads
 * and writes through HAProxy with 20 live sockets open, and meanwhile SIGTERMs each of the three
 * instances in turn, waits for its exit, starts it again and waits until HAProxy sees it up. Prints
 * requests sent, failed (by status) and acknowledged-but-lost (each 2xx write looked up after).
 * BENCH_RATE (200), BENCH_SETTLE_SECONDS (10, load before the first and after the last restart).
 */
import { randomBytes } from 'node:crypto';
import { startCluster } from '../server/cli/cluster/cluster.ts';
import { report, startLoad } from './cluster-load.ts';
import { markersFound, seedCluster } from './cluster-seed.ts';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10) * 1000;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const cluster = await startCluster({ port: 18080, basePort: 18430, keep: process.env.BENCH_KEEP === 'true', instanceEnv: { RATE_LIMIT_PER_MINUTE: '1000000' }, log });
let exitCode = 0;
try {
  log('Seeding: 4 companies with 10 jobs each, 16 candidates; everyone signs in through HAProxy');
  const seeded = await seedCluster(cluster.primaryUrl, cluster.url);
  const prefix = `bench-restart-${randomBytes(4).toString('hex')}`;
  log(`Load: ${RATE} requests a second, 20 live sockets`);
  const startedAt = performance.now();
  const load = startLoad(cluster.url, seeded, { rate: RATE, prefix });
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  for (let index = 0; index < 3; index += 1) {
    const began = performance.now();
    log(`SIGTERM instance ${index + 1}`);
    await cluster.restartInstance(index, (code) => log(`instance ${index + 1} exited with ${code} after ${((performance.now() - began) / 1000).toFixed(1)} s; starting it again`));
    log(`instance ${index + 1} is up in HAProxy again (${((performance.now() - began) / 1000).toFixed(1)} s in all)`);
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const result = await load.stop();
  const seconds = (performance.now() - startedAt) / 1000;
  const { failed, lost } = report(result, await markersFound(cluster.primaryUrl, prefix), seconds);
  if (failed > 0 || lost > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cluster.stop();
}
process.exit(exitCode);
