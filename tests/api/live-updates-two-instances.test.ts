import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { createPostgresTestDatabase, laneUnavailable, testDbKind } from '../support/test-database.ts';
import { signIn } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Two app instances on one PostgreSQL database (as behind a load balancer): an application made
 * through instance A reaches an employer's socket on instance B, through LISTEN/NOTIFY.
 */
describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('live updates across two instances on one PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-two-'));
  let drop: () => Promise<void>;
  const instances: { app: FastifyInstance; database: Database }[] = [];

  beforeAll(async () => {
    const created = await createPostgresTestDatabase();
    drop = created.drop;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' });
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 3 });
      const app = await buildApp({ config, database });
      await app.ready();
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers an application made on instance A to the employer listening on instance B', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const factories = createFactories(a.app.auth, a.database);
    const company = await factories.company();
    const job = await factories.job(company.id);
    const employer = await factories.user({ role: 'employer', companyId: company.id });
    const candidate = await factories.user({ role: 'candidate' });
    await factories.candidateProfile(candidate.id);

    const employerJar = await signIn(b.app, employer.email, employer.password, '10.60.0.1');
    const socket: WebSocket = await b.app.injectWS('/api/live', { headers: { cookie: employerJar.header } });
    const received: { topic?: string; type?: string; id?: string }[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    await waitFor(() => received.length > 0, { what: 'the ready message on instance B' });

    const candidateJar = await signIn(a.app, candidate.email, candidate.password, '10.60.0.2');
    const applied = await a.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/applications`, headers: { cookie: candidateJar.header }, payload: {} });
    expect(applied.statusCode).toBe(201);

    const event = await waitFor(() => received.find((m) => m.topic === `company:${company.id}`), { what: 'the application event on instance B' });
    expect(event).toMatchObject({ topic: `company:${company.id}` });
    socket.terminate();
  });
});
