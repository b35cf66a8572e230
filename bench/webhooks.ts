/**
 * Webhook fan-out (issue 16): 1,000 events, each recorded in its own transaction as a change
 * records it, for a company with 10 endpoints (10,000 signed deliveries) to a receiver on loopback
 * that answers 200 at once. Reported in events per second from the first event to the last
 * delivery marked sent, and as a ratio against the baseline: the same 10,000 signed POSTs sent
 * straight from memory, 10 at a time (one lane per endpoint), with no database. On PostgreSQL and
 * PGlite.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import { emitWebhookEvent, newMessageId, webhookBody } from '../server/features/webhooks/emit.ts';
import { postWebhook, signatureHeaders } from '../server/features/webhooks/send.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const ENDPOINTS = 10;

export interface FanOutRow {
  name: string;
  eventsPerSecond: number;
  deliveriesPerSecond: number;
  ratio: number;
}

/** A receiver answering 200 to everything; `until(n)` resolves when n requests have arrived. */
async function startReceiver() {
  let count = 0;
  let waiting: { n: number; resolve: () => void } | undefined;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      count += 1;
      response.end('ok');
      if (waiting && count >= waiting.n) waiting.resolve();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    reset: () => (count = 0),
    until: (n: number) => (count >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The baseline: the same signed POSTs from memory, one lane per endpoint; deliveries per second. */
async function bareSends(url: string, secrets: string[]): Promise<number> {
  const started = performance.now();
  await Promise.all(
    secrets.map(async (secret) => {
      for (let i = 0; i < EVENTS; i += 1) {
        const body = webhookBody('job.created', { job_id: `bench-${i}`, title: 'Bench job' }, new Date(), 1);
        const answer = await postWebhook(url, signatureHeaders(newMessageId(), new Date(), body, [secret]), body, true);
        if (answer.status !== 200) throw new Error(`bare send answered ${answer.status}`);
      }
    }),
  );
  return (EVENTS * secrets.length) / ((performance.now() - started) / 1000);
}

async function measure(label: string, database: Database): Promise<FanOutRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-webhooks-'));
  const receiver = await startReceiver();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', WEBHOOKS_ALLOW_PRIVATE: 'true' });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    const factories = createFactories(app.auth, database);
    const company = await factories.company({ name: 'Fan-out Bench Pvt Ltd' });
    const secrets = Array.from({ length: ENDPOINTS }, () => `whsec_${randomBytes(32).toString('base64')}`);
    await database.db
      .insertInto('webhook_endpoints')
      .values(secrets.map((secret, index) => ({ company_id: company.id, url: `${receiver.url}/${index}`, events: ['job.created'], secret })))
      .execute();

    const baseline = await bareSends(receiver.url, secrets);
    receiver.reset();
    const started = performance.now();
    const delivered = receiver.until(EVENTS * ENDPOINTS);
    for (let i = 0; i < EVENTS; i += 1) {
      await database.db.transaction().execute((trx) => emitWebhookEvent(trx, company.id, 'job.created', { job_id: `bench-${i}`, title: 'Bench job' }));
    }
    if (process.env.BENCH_VERBOSE) console.log(`  (${label}: ${EVENTS} events recorded in ${Math.round(performance.now() - started)} ms)`);
    await delivered;
    // Sent is not done until each delivery is marked so.
    for (;;) {
      const left = await database.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '!=', 'succeeded').executeTakeFirstOrThrow();
      if (Number(left.n) === 0) break;
      await app.webhooks.idle();
    }
    const seconds = (performance.now() - started) / 1000;
    const deliveriesPerSecond = (EVENTS * ENDPOINTS) / seconds;
    return [
      { name: `${label}: bare signed POSTs from memory (baseline)`, eventsPerSecond: baseline / ENDPOINTS, deliveriesPerSecond: baseline, ratio: 1 },
      { name: `${label}: recorded with the change, sent by the dispatcher`, eventsPerSecond: EVENTS / seconds, deliveriesPerSecond, ratio: deliveriesPerSecond / baseline },
    ];
  } finally {
    await app.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function webhookFanOutBench(): Promise<FanOutRow[]> {
  const rows: FanOutRow[] = [];
  const postgres = await withBenchPostgres((database) => measure('PostgreSQL', database));
  if (postgres) rows.push(...postgres);
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-webhooks-pglite-'));
  const pglite = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    rows.push(...(await measure('PGlite', pglite)));
  } finally {
    await pglite.close();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  return rows;
}

export function printFanOutRows(rows: FanOutRow[]): void {
  console.log(`\nWebhook fan-out: ${EVENTS.toLocaleString('en-IN')} events to ${ENDPOINTS} endpoints on loopback (issue 16):`);
  for (const row of rows) {
    console.log(`  ${row.name.padEnd(62)} ${Math.round(row.eventsPerSecond).toLocaleString('en-IN').padStart(7)} events/s  ${Math.round(row.deliveriesPerSecond).toLocaleString('en-IN').padStart(7)} deliveries/s  ×${row.ratio.toFixed(2)}`);
  }
}
