import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { createPostgresTestDatabase, testDbKind } from '../support/test-database.ts';
import { signIn } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Issue 37 §3, primary failover (bench/cluster-failover.ts runs the whole of it): while the
 * database address leads to a standby not yet promoted, a write is refused with SQLSTATE 25006
 * and must answer the usual 503 UNAVAILABLE with Retry-After, not a 500; and LISTEN, lost with
 * the old primary, keeps trying to reconnect until the address works again (one failed attempt
 * left every instance deaf for good: live events stopped and each session-changing write waited
 * 2 s for a notification that never came).
 */
describe.runIf(testDbKind === 'postgres')('PostgreSQL failover', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-failover-'));
  let testDb: { url: string; drop: () => Promise<void> };
  let database: Database;
  let app: FastifyInstance;
  let switchProxy: Awaited<ReturnType<typeof startSwitchProxy>>;
  const onDatabase = async (statement: string) => {
    const client = new pg.Client({ connectionString: testDb.url, options: '-c default_transaction_read_only=off' });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    testDb = await createPostgresTestDatabase();
    switchProxy = await startSwitchProxy(new URL(testDb.url));
    database = await openDatabase({ kind: 'postgres', url: switchProxy.url(testDb.url), poolSize: 4 });
    app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' }), database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await switchProxy?.close();
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps trying to LISTEN again while the database address refuses, hears events once it answers, and has open pages catch up', async () => {
    let heard = 0;
    let restored = 0;
    await database.listen('failover_test', () => (heard += 1), () => (restored += 1));
    // A page's live socket: the events raised while LISTEN was down never reach it, so it is
    // closed with 1012 once LISTEN is back, and the page reconnects and refetches.
    const person = await createFactories(app.auth, database).user({ role: 'candidate' });
    const socket = await app.injectWS('/api/live', { headers: { cookie: (await signIn(app, person.email, person.password)).header } });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('message', resolve));
    switchProxy.down = true;
    switchProxy.cutAll();
    // Two refused attempts after the cut: the listener retries, not once and never again.
    await waitFor(() => switchProxy.refused >= 3, { timeoutMs: 15_000, what: 'the listener to retry' });
    switchProxy.down = false;
    await waitFor(
      async () => {
        await onDatabase("SELECT pg_notify('failover_test', 'after')");
        return heard > 0;
      },
      { timeoutMs: 15_000, intervalMs: 250, what: 'a notification after the address works again' },
    );
    expect(restored).toBe(1);
    expect(await closed).toBe(1012);
  });

  it('answers a write refused by a read-only server (25006) with 503 UNAVAILABLE and Retry-After', async () => {
    const employer = await createFactories(app.auth, database).user({ role: 'employer', companyId: (await createFactories(app.auth, database).company()).id });
    const jar = await signIn(app, employer.email, employer.password);
    // New sessions on this database are read-only, as on a standby; the app's connections are replaced.
    await onDatabase(`ALTER DATABASE ${new URL(testDb.url).pathname.slice(1)} SET default_transaction_read_only = on`);
    switchProxy.cutAll();
    await waitFor(async () => (await app.inject('/api/ready')).statusCode === 200, { timeoutMs: 15_000, what: 'the pool to reconnect' });
    const write = await app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie: jar.header }, payload: { title: 'During failover', description: 'Refused by a standby.', draft: true } });
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('2');
    expect(write.json()).toMatchObject({ code: 'UNAVAILABLE' });
    await onDatabase(`ALTER DATABASE ${new URL(testDb.url).pathname.slice(1)} RESET default_transaction_read_only`);
  });
});

/** A TCP proxy to PostgreSQL that can cut every connection and, while `down`, refuse new ones (counting them). */
async function startSwitchProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const state = { down: false, refused: 0 };
  const server = net.createServer((client) => {
    if (state.down) {
      state.refused += 1;
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get refused() {
      return state.refused;
    },
    url(original: string) {
      const url = new URL(original);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cutAll() {
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      this.cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
