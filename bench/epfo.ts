/**
 * npm run bench:epfo (issue 34, Speed), also a section of npm run bench (BENCH_ONLY=epfo). The UAN
 * check asks EPFO through the Surepass client, pointed at the local fake answering after 1 s
 * (BENCH_EPFO_DELAY_MS); on PostgreSQL and PGlite, each in a process of its own:
 *
 *   1. consent to a decided check: 50 candidates (BENCH_EPFO_CANDIDATES), 10 at a time
 *      (BENCH_EPFO_CONCURRENCY), each with a history the fake confirms (their name, their current
 *      employer), so the check ends verified. Each page holds the live socket and refetches
 *      GET /api/verification/checks on each 'verification_check' event, as the verification card
 *      does; the time runs from the consent POST to the GET that shows the check decided. p50, p95
 *      and max, and p95 against the provider's own time (the client asking the fake directly, in
 *      the same run). Goal: p95 under 5 s. Only verified checks are counted; the rest are shown.
 *      Also 100 at once (BENCH_EPFO_BURST) with nothing else running, with what they cost the
 *      app's process (CPU, event loop). The pages and the fake run in a child process of their own
 *      (epfo-browsers.ts), so the app's process does only the server's work.
 *   2. the route table (bench/routes.ts) with the verification of 100 candidates at once
 *      (BENCH_EPFO_BURST): each route alone, then while 100 new candidates consent (pages already
 *      open) and their lookups run; the ratio while/alone (2xx only). Goal: within 10% (×0.90 or
 *      more). Reported, not asserted. BENCH_SECONDS sets each run's length (default 5). Each route is
 *      measured as BENCH_EPFO_REPEATS rounds (default 3) of alone, during, and alone again once the
 *      burst is decided; a round's ratio is during over the mean of its two alone runs (which
 *      cancels the machine's drift over the round), and the row is the median round: on this
 *      machine one alone run moves by as much as the effect. Each round's two alone runs are also
 *      shown against each other; when they differ by more than the goal's 10 % in most rounds,
 *      the row says it is too noisy to tell (epfo-verdict.ts). BENCH_EPFO_BURST=0 is the control:
 *      the route table against itself.
 *
 * PostgreSQL is measured twice: one instance doing everything, and the deployment issue 37 runs,
 * where the measured instance serves the pages and only queues lookups (EPFO_LOOKUP_SLOTS=0) and a
 * second instance on the same database (epfo-lookups-process.ts, its own process) asks the
 * provider and decides the checks. PGlite is one process by design, so it has only the first.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { percentile, type EpfoOptions, type EpfoResult, type Latencies } from './epfo-measure.ts';
import { ROUTE_GOAL, routeVerdict } from './epfo-verdict.ts';

export interface EpfoTable {
  database: string;
  result: EpfoResult;
}

const CONSENT_GOAL_MS = 5000;

export function epfoOptions(duration = Number(process.env.BENCH_SECONDS ?? 5)): EpfoOptions {
  return {
    duration,
    candidates: Number(process.env.BENCH_EPFO_CANDIDATES ?? 50),
    concurrency: Number(process.env.BENCH_EPFO_CONCURRENCY ?? 10),
    burst: Number(process.env.BENCH_EPFO_BURST ?? 100),
    repeats: Number(process.env.BENCH_EPFO_REPEATS ?? 3),
    delayMs: Number(process.env.BENCH_EPFO_DELAY_MS ?? 1000),
  };
}

/** Each database in a process of its own, as the route table is (routes.ts says why). */
export async function epfoBench(options = epfoOptions()): Promise<EpfoTable[]> {
  const tables: EpfoTable[] = [];
  for (const [database, kind] of [
    ['PostgreSQL', 'postgres'],
    ['PostgreSQL, lookups asked by a second instance (EPFO_LOOKUP_SLOTS=0 on the measured one)', 'postgres-split'],
    ['PGlite', 'pglite'],
  ] as const) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/epfo-process.ts', kind, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`the ${kind} EPFO bench's process exited with ${code}`);
    const result = JSON.parse(output.trim().split('\n').pop() ?? 'null') as EpfoResult | null;
    if (result) tables.push({ database, result });
  }
  return tables;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function latencyLine(label: string, latencies: Latencies, providerMs: number, expected: number): string {
  const { ms, missing, notVerified } = latencies;
  const p95 = percentile(ms, 95);
  const lost = [missing ? `${missing} not decided in 60 s` : '', notVerified ? `${notVerified} decided but not verified` : ''].filter(Boolean).join(', ');
  const verdict = ms.length === 0 ? '' : p95 < CONSENT_GOAL_MS ? '  meets goal (p95 < 5 s)' : '  above goal (p95 < 5 s)';
  return (
    `    ${label.padEnd(44)} n=${String(ms.length).padStart(4)}/${expected}${lost ? ` (${lost})` : ''}  ` +
    `p50 ${seconds(percentile(ms, 50))}  p95 ${seconds(p95)}  max ${seconds(ms.at(-1) ?? Number.NaN)}  p95 ×${(p95 / providerMs).toFixed(2)} of the provider${verdict}`
  );
}

export function printEpfoRows(tables: EpfoTable[], options = epfoOptions()): void {
  console.log(`\nEPFO lookups (issue 34): Surepass client against the local fake answering after ${options.delayMs} ms`);
  for (const { database, result } of tables) {
    const provider = percentile(result.providerMs, 50);
    console.log(`  ${database} (the provider's own time, asked directly: p50 ${Math.round(provider)} ms, max ${Math.round(result.providerMs.at(-1) ?? 0)} ms):`);
    console.log('   consent POST → GET /api/verification/checks shows the UAN check decided (live event, then refetch):');
    console.log(latencyLine(`${options.candidates} candidates, ${options.concurrency} at a time`, result.consent, provider, options.candidates));
    // BENCH_EPFO_BURST=0 is the control: the route table against itself, no candidates at all.
    if (options.burst > 0) {
      const { cpuMs, eventLoopBusy } = result.quiet;
      console.log(latencyLine(`${options.burst} at once, nothing else running`, result.quiet, provider, options.burst));
      console.log(latencyLine(`${options.burst} at once, during the route runs below`, result.burst, provider, options.burst * result.routes.length));
      console.log(`   what ${options.burst} at once cost the app's process, nothing else running: ${Math.round(cpuMs).toLocaleString('en-IN')} ms of CPU (${(cpuMs / options.burst).toFixed(1)} ms a candidate), event loop busy ${(eventLoopBusy * 100).toFixed(0)}% of the burst${database === 'PGlite' ? ' (PGlite runs its queries in this process)' : database.includes('second instance') ? " (the lookups' own work is the second instance's)" : ''}`);
    }
    console.log(
      `   the route table, alone and while ${options.burst} candidates consent at once (${options.duration} s each, 50 connections, 2xx only; alone is the mean of the runs before and after the burst; the median of ${options.repeats} rounds, each round's ratio in brackets, then each round's alone runs against each other; goal ×${ROUTE_GOAL.toFixed(2)} or more):`,
    );
    for (const row of result.routes) {
      const ratio = row.alone.rps > 0 ? row.during.rps / row.alone.rps : 0;
      const invalid = row.alone.invalid || row.during.invalid ? `  INVALID (${row.alone.others} / ${row.during.others} non-2xx)` : '';
      const verdict = invalid ? '' : `  ${routeVerdict(ratio, row.aloneRatios)}`;
      console.log(
        `    ${row.name.padEnd(48)} alone ${row.alone.rps.toLocaleString('en-IN').padStart(7)} req/s  while ${row.during.rps.toLocaleString('en-IN').padStart(7)} req/s  ×${ratio.toFixed(3)} [${row.ratios.map((each) => each.toFixed(2)).join(', ')}]${verdict}${invalid}  alone after/before [${row.aloneRatios.map((each) => each.toFixed(2)).join(', ')}]  p99 ${row.alone.p99} → ${row.during.p99} ms  (burst decided in ${seconds(row.burstMs)})`,
      );
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const options = epfoOptions();
  printEpfoRows(await epfoBench(options), options);
}
