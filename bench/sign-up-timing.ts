/**
 * npm run bench:sign-up: how long POST /api/auth/sign-up/email takes for a new address and for one
 * that already has an account (issue 33 A8, ASVS 6.3.8: the two must not be told apart by timing).
 * Alternates the two, after a warm-up, and prints each one's median and mean and their ratio; on
 * PGlite and on PostgreSQL (a throwaway cluster, or BENCH_DATABASE_URL). Asserts nothing.
 *
 * The password hasher is the tests' (the same scrypt at a sixteenth of the work): both paths call
 * it once, so the real one adds the same time to each, and noise; what this compares is the rest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type DatabaseOptions } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import { startThrowawayCluster } from '../tests/support/throwaway-postgres.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 80);
const WARMUP = 10;
const PASSWORD = 'Saffron-Kettle-Monsoon-7';

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function measure(options: DatabaseOptions): Promise<{ fresh: number[]; known: number[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-signup-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' });
  const database = await openDatabase(options);
  const app = await buildApp({ config, database });
  await app.ready();
  const factories = createFactories(app.auth, database);
  const knownUsers = [];
  for (let i = 0; i < ROUNDS + WARMUP; i += 1) knownUsers.push(await factories.user({ password: PASSWORD }));
  let address = 0;
  const signUp = async (email: string) => {
    address += 1;
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: PASSWORD, name: 'Bench Person' },
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
    return ms;
  };
  const fresh: number[] = [];
  const known: number[] = [];
  for (let i = 0; i < ROUNDS + WARMUP; i += 1) {
    // Alternate which goes first, so neither always follows the other's background work.
    const newEmail = `bench.new.${i}@fresh-corp.in`;
    const knownEmail = knownUsers[i]!.email;
    let newMs: number;
    let knownMs: number;
    if (i % 2 === 0) {
      newMs = await signUp(newEmail);
      knownMs = await signUp(knownEmail);
    } else {
      knownMs = await signUp(knownEmail);
      newMs = await signUp(newEmail);
    }
    if (i >= WARMUP) {
      fresh.push(newMs);
      known.push(knownMs);
    }
  }
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { fresh, known };
}

console.log(`Sign-up timing: ${ROUNDS} new and ${ROUNDS} known addresses, alternated, after ${WARMUP} of each as warm-up`);
const cluster = process.env.BENCH_DATABASE_URL ? undefined : startThrowawayCluster();
const pgUrl = process.env.BENCH_DATABASE_URL ?? (cluster && !('error' in cluster) ? cluster.url : undefined);
const targets: [string, () => DatabaseOptions][] = [['PGlite', () => ({ kind: 'pglite', dataDir: mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-pglite-')) })]];
if (pgUrl) targets.push(['PostgreSQL', () => ({ kind: 'postgres', url: pgUrl })]);
try {
  for (const [name, options] of targets) {
    const { fresh, known } = await measure(options());
    const line = (label: string, values: number[]) => `${label} median ${median(values).toFixed(1)} ms, mean ${mean(values).toFixed(1)} ms`;
    console.log(`  ${name}: ${line('new address', fresh)}; ${line('known address', known)}`);
    console.log(`    known ÷ new: median ×${(median(known) / median(fresh)).toFixed(2)}, mean ×${(mean(known) / mean(fresh)).toFixed(2)}; difference of medians ${(median(known) - median(fresh)).toFixed(1)} ms`);
  }
} finally {
  if (cluster && !('error' in cluster)) cluster.destroy();
}
