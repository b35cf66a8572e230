/**
 * One database's EPFO measurements (bench/epfo.ts describes them): the app with the Surepass
 * client pointed at the local fake answering after `delayMs`, the demo data seeded for the route
 * table, and candidates whose UANs the fake knows.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import { seedDemo } from '../server/dev/seed-demo-data.ts';
import { createSurepassProvider } from '../server/features/verification/sources/epfo/surepass.ts';
import { SUREPASS_KNOWN_UAN, SUREPASS_TOKEN } from '../tests/support/fake-surepass.ts';
import { awayFromTheServer, createBenchCandidates, startBrowsers, type Decision } from './epfo-candidates.ts';
import { load, type Load } from './load.ts';
import { hotRoutes, WARMUP_SECONDS } from './routes.ts';

export interface EpfoOptions {
  /** Each route run's length, in seconds. */
  duration: number;
  /** Candidates consenting in the latency run, and how many at a time. */
  candidates: number;
  concurrency: number;
  /** Candidates consenting at once while a route is measured. */
  burst: number;
  /**
   * Rounds per route (alone, during a burst, alone again): the row is the median round, since on a
   * shared machine one round's ratio moves by as much as the effect measured. The two alone runs
   * around each burst cancel the machine's drift over the round.
   */
  repeats: number;
  /** The fake provider's answer time. */
  delayMs: number;
}

export interface Latencies {
  /** Decided and shown to the candidate, in milliseconds, sorted. */
  ms: number[];
  /** Not decided within 60 s, or the consent failed. */
  missing: number;
  /** Decided, but not verified (the bench's histories should all verify). */
  notVerified: number;
}

export interface EpfoRouteRow {
  name: string;
  /**
   * The round (alone, during a burst, alone again) whose ratio is the median of `ratios`; `alone`
   * holds the mean of its two alone runs' rates.
   */
  alone: Load;
  during: Load;
  /** Each round's during / mean(alone before, alone after), in the order measured (`repeats` rounds). */
  ratios: number[];
  /**
   * Each round's alone after / alone before: the same route with nothing else running, twice. How
   * far these stray from ×1.00 is what the machine moves by on its own, the floor under `ratios`.
   */
  aloneRatios: number[];
  /** From the burst's consents to its last check decided (shown). */
  burstMs: number;
}

export interface EpfoResult {
  /** The provider's own answer time, measured by calling the client directly in this run. */
  providerMs: number[];
  consent: Latencies;
  /** Every burst's candidates together: the same latency with `burst` consenting at once. */
  burst: Latencies;
  /** One burst with nothing else running: what it costs the app's process (its CPU, its event loop). */
  quiet: Latencies & { cpuMs: number; eventLoopBusy: number };
  routes: EpfoRouteRow[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function latencies(decisions: Decision[]): Latencies {
  const ms = decisions.flatMap((decision) => (decision?.status === 'verified' ? [decision.ms] : [])).sort((a, b) => a - b);
  return { ms, missing: decisions.filter((decision) => decision === null).length, notVerified: decisions.filter((decision) => decision && decision.status !== 'verified').length };
}

/** The baseline of a round: the mean rate of the alone runs before and after its burst (invalid if either is). */
function aloneAround(before: Load, after: Load): Load {
  return {
    rps: Math.round((before.rps + after.rps) / 2),
    others: before.others + after.others,
    invalid: before.invalid || after.invalid,
    p50: Math.max(before.p50, after.p50),
    p99: Math.max(before.p99, after.p99),
  };
}

const lastDecided = (decisions: Decision[]) => Math.max(0, ...decisions.map((decision) => decision?.ms ?? 0));

/** A second instance on the same PostgreSQL that asks the provider (bench/epfo-lookups-process.ts). */
async function startLookupsInstance(url: string, fakeUrl: string) {
  const child = fork(fileURLToPath(new URL('./epfo-lookups-process.ts', import.meta.url)), [url, fakeUrl], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  awayFromTheServer(child);
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the lookups instance exited with ${code}`)));
    child.once('message', () => resolve());
  });
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'stop' });
    await exited;
  };
}

/**
 * `lookupsOn`: the database's URL, for the arrangement where this instance only queues lookups
 * (EPFO_LOOKUP_SLOTS=0) and a second instance on the same PostgreSQL asks the provider.
 */
export async function measureEpfo(database: Database, options: EpfoOptions, lookupsOn?: string): Promise<EpfoResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-epfo-'));
  const browsers = await startBrowsers(options.delayMs);
  const provider = createSurepassProvider({ url: browsers.fakeUrl, token: SUREPASS_TOKEN });
  // TRUST_PROXY: every candidate and every load request comes from its own address.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:1',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    RATE_LIMIT_PER_MINUTE: '1000000',
    API_RATE_LIMIT_MAX: '100000',
    ...(lookupsOn ? { EPFO_LOOKUP_SLOTS: '0' } : {}),
  });
  const app = await buildApp({ config, database, uanProvider: provider });
  const stopLookups = lookupsOn ? await startLookupsInstance(lookupsOn, browsers.fakeUrl) : undefined;
  try {
    const seeded = await seedDemo(app, { force: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const routes = await hotRoutes(app, seeded);
    const factories = createFactories(app.auth, database);

    // The baseline: the provider's own time, the client asking the fake directly, 10 at once.
    const providerMs = (
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          const started = performance.now();
          await provider.history(SUREPASS_KNOWN_UAN, { consent: true });
          return performance.now() - started;
        }),
      )
    ).sort((a, b) => a - b);

    // 1. Consent to a decided check, `concurrency` candidates at a time (their dashboards open).
    await browsers.open(base, await createBenchCandidates(app, factories, options.candidates));
    const decisions = await browsers.consent(options.concurrency);

    // One burst with nothing else running: the app process's CPU and event loop while it runs.
    await browsers.open(base, await createBenchCandidates(app, factories, options.burst));
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    const quietDecisions = await browsers.consent(options.burst);
    const used = process.cpuUsage(cpu);
    const quiet = { ...latencies(quietDecisions), cpuMs: (used.user + used.system) / 1000, eventLoopBusy: performance.eventLoopUtilization(loop).utilization };

    // 2. Each route alone, then while `burst` new candidates consent at once (their pages open
    // beforehand, as a crowd's would be), then alone again once the burst is decided.
    const rows: EpfoRouteRow[] = [];
    const burstDecisions: Decision[] = [];
    for (const route of routes) {
      const url = `${base}${route.url}`;
      const rounds: { alone: Load; during: Load; burstMs: number; ratio: number; aloneRatio: number }[] = [];
      for (let round = 0; round < options.repeats; round += 1) {
        await browsers.open(base, await createBenchCandidates(app, factories, options.burst));
        await load(url, { duration: WARMUP_SECONDS, headers: route.headers });
        const before = await load(url, { duration: options.duration, headers: route.headers });
        const burst = browsers.consent(options.burst);
        const during = await load(url, { duration: options.duration, headers: route.headers });
        const decided = await burst;
        const after = await load(url, { duration: options.duration, headers: route.headers });
        const alone = aloneAround(before, after);
        rounds.push({ alone, during, burstMs: lastDecided(decided), ratio: alone.rps > 0 ? during.rps / alone.rps : 0, aloneRatio: before.rps > 0 ? after.rps / before.rps : 0 });
        burstDecisions.push(...decided);
      }
      const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
      rows.push({ name: route.name, alone: median.alone, during: median.during, burstMs: median.burstMs, ratios: rounds.map((round) => round.ratio), aloneRatios: rounds.map((round) => round.aloneRatio) });
    }
    return { providerMs, consent: latencies(decisions), burst: latencies(burstDecisions), quiet, routes: rows };
  } finally {
    await app.close();
    await stopLookups?.();
    await browsers.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
