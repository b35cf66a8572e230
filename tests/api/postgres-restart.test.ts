import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { publish } from '../../server/realtime/events.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { testDbKind } from '../support/test-database.ts';
import { startThrowawayCluster, type ThrowawayCluster } from '../support/throwaway-postgres.ts';
import { signIn } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * SECURITY.md, reliability: a PostgreSQL restart gives brief 503s, no hung requests, no lost
 * acknowledged write, and the server reconnects by itself (queries and LISTEN). Runs on a cluster
 * of its own so the restart disturbs no other test file.
 */
const cluster = testDbKind === 'postgres' ? startThrowawayCluster() : undefined;
const available = cluster !== undefined && !('error' in cluster);

describe.runIf(available)('PostgreSQL restart', { timeout: 120_000 }, () => {
  const pgCluster = cluster as ThrowawayCluster;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-restart-'));
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' });
    database = await openDatabase({ kind: 'postgres', url: pgCluster.url, poolSize: 4 });
    app = await buildApp({ config, database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    pgCluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 quickly while the database is down, and recovers without a restart of ours', async () => {
    const factories = createFactories(app.auth, database);
    const user = await factories.user();
    const jar = await signIn(app, user.email, user.password);
    const company = await factories.company({ name: 'Before Restart Pvt Ltd' });

    let heard = 0;
    await database.listen('workcred_events', () => (heard += 1));

    pgCluster.stopServer();
    const started = Date.now();
    const ready = await app.inject('/api/ready');
    const me = await app.inject({ url: '/api/me', headers: { cookie: jar.header } });
    expect(ready.statusCode).toBe(503);
    expect(me.statusCode).toBe(503);
    expect(me.json()).toMatchObject({ code: 'UNAVAILABLE' });
    const signInDown = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
    expect(signInDown.statusCode).toBe(503);
    expect(signInDown.body).not.toMatch(/ECONNREFUSED|stack/);
    expect(Date.now() - started).toBeLessThan(15_000);

    pgCluster.startServer();
    await waitFor(async () => (await app.inject('/api/ready')).statusCode === 200, { timeoutMs: 30_000, what: 'readiness after restart' });
    expect((await app.inject({ url: '/api/me', headers: { cookie: jar.header } })).statusCode).toBe(200);
    // The acknowledged write before the restart is still there.
    const row = await database.db.selectFrom('companies').select('name').where('id', '=', company.id).executeTakeFirst();
    expect(row?.name).toBe('Before Restart Pvt Ltd');
    // LISTEN reconnected too: an event raised after the restart arrives.
    await waitFor(
      async () => {
        await publish(database.db, { topic: 'everyone', type: 'ping' });
        return heard > 0;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'an event after the restart' },
    );
  });
});
