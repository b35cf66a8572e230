/**
 * The route table of issue 14: throughput of the hot routes on the demo data, as ratios to a bare
 * Fastify route in the same run (50 connections, 2xx only, a new address per request). On
 * PostgreSQL (BENCH_DATABASE_URL or a throwaway cluster) and on PGlite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { seedDemo } from '../server/dev/seed-demo-data.ts';
import { bareFastify, load, type Load } from './load.ts';

export interface RouteRow {
  name: string;
  goal: number;
  load: Load;
  /** The row this one is also compared with (the same list through another door). */
  against?: string;
}

async function cookieOf(app: Awaited<ReturnType<typeof buildApp>>, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: '10.200.0.1' });
  if (response.statusCode !== 200) throw new Error(`bench sign-in failed: ${response.statusCode} ${response.body}`);
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export interface RouteTable {
  database: string;
  /** The bare Fastify route, measured in this table's process state (after the app is built and seeded). */
  baseline: Load;
  rows: RouteRow[];
}

/** Unmeasured load before each measured run, so the JIT has compiled the path being measured. */
export const WARMUP_SECONDS = 1;

/** A route of the table: its URL (under the app's address), the headers it needs, its goal as a ratio to the bare route. */
export interface HotRoute {
  name: string;
  goal: number;
  url: string;
  headers?: Record<string, string>;
  against?: string;
}

/** The table's routes on the demo data `seeded` into `app`: signs the employer in and makes an API key (also used by bench/epfo.ts). */
export async function hotRoutes(app: Awaited<ReturnType<typeof buildApp>>, seeded: Awaited<ReturnType<typeof seedDemo>>): Promise<HotRoute[]> {
  const employer = seeded.accounts.find((account) => account.role === 'employer');
  if (!employer) throw new Error('the demo data has no employer');
  const cookie = await cookieOf(app, employer.email, seeded.password);
  const board = await app.inject({ method: 'GET', url: '/api/public/jobs', remoteAddress: '10.200.0.2' });
  const job = (board.json() as { jobs: { id: string; title: string }[] }).jobs[0];
  if (!job) throw new Error('the demo data has no open job');
  const word = job.title.split(/\s+/)[0] ?? 'Engineer';
  // The public API's job list (issue 16) with a key of the same employer, against the browser's.
  const created = await app.inject({ method: 'POST', url: '/api/developers/keys', headers: { cookie }, payload: { name: 'Bench', scopes: ['jobs:read'] }, remoteAddress: '10.200.0.3' });
  if (created.statusCode !== 201) throw new Error(`bench key failed: ${created.statusCode} ${created.body}`);
  const authorization = `Bearer ${(created.json() as { secret: string }).secret}`;
  const rows: [string, number, string, Record<string, string>?, string?][] = [
    ['GET /api/health (no database)', 0.7, '/api/health'],
    ['GET /api/public/jobs/:id (anonymous)', 0.3, `/api/public/jobs/${job.id}`],
    [`GET /api/public/jobs?q=${word} (anonymous)`, 0.2, `/api/public/jobs?q=${encodeURIComponent(word)}`],
    ['GET /api/jobs (employer)', 0.2, '/api/jobs', { cookie }],
    ['GET /api/v1/jobs (API key)', 0.2, '/api/v1/jobs', { authorization }, 'GET /api/jobs (employer)'],
    ['GET /api/me (signed in)', 0.25, '/api/me', { cookie }],
  ];
  return rows.map(([name, goal, url, headers, against]) => ({ name, goal, url, headers, against }));
}

/**
 * Seeds the demo data into `database`, serves it, and measures each route of the table, and the
 * bare baseline in the same process state: the app's heap (PGlite's memory, the seeded caches)
 * slows every run in this process, the baseline's too, so it is measured here, not before.
 */
export async function routeTable(database: Database, duration: number): Promise<{ baseline: Load; rows: RouteRow[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-routes-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '1000000', API_RATE_LIMIT_MAX: '100000' });
  const app = await buildApp({ config, database });
  try {
    const seeded = await seedDemo(app, { force: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const rows = await hotRoutes(app, seeded);
    const baseline = await bareFastify({ duration, warmup: WARMUP_SECONDS });
    const measured: RouteRow[] = [];
    for (const { name, goal, url, headers, against } of rows) {
      await load(`${base}${url}`, { duration: WARMUP_SECONDS, headers });
      measured.push({ name, goal, load: await load(`${base}${url}`, { duration, headers }), against });
    }
    return { baseline, rows: measured };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Each database's table in a process of its own (bench/route-table-process.ts): measured one after
 * the other in one process, the second table ran in what the first left behind. PGlite's health
 * route measured ×0.91 of its baseline alone and ×0.67-0.74 after the PostgreSQL table.
 */
export async function routeTables(duration: number): Promise<RouteTable[]> {
  const tables: RouteTable[] = [];
  for (const [database, kind] of [
    ['PostgreSQL', 'postgres'],
    ['PGlite', 'pglite'],
  ] as const) {
    const table = await tableInItsOwnProcess(kind, duration);
    if (table) tables.push({ database, ...table });
  }
  return tables;
}

async function tableInItsOwnProcess(kind: 'postgres' | 'pglite', duration: number): Promise<Omit<RouteTable, 'database'> | undefined> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/route-table-process.ts', kind, String(duration)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the ${kind} route table's process exited with ${code}`);
  return (JSON.parse(output.trim().split('\n').pop() ?? 'null') as Omit<RouteTable, 'database'> | null) ?? undefined;
}
