import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../shared/schemas/api-keys.ts';
import { utcToIstLocal } from '../../shared/schemas/interviews.ts';
import type { WebhookWithSecret } from '../../shared/schemas/webhooks.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { useRealPasswordHash } from '../support/real-password-hash.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { RETRY_DELAYS_SECONDS } from '../../server/features/webhooks/deliver.ts';
import { emitWebhookEvent } from '../../server/features/webhooks/emit.ts';
import { freePort, startServerProcess, type RunningServer } from '../support/server-process.ts';
import { createPostgresTestDatabase, laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';
import { startTwoInstances } from '../support/two-instances.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const PASSWORD = 'Sahyadri-Ghats-2026';
const verify = (secret: string, one: { body: string; headers: Record<string, unknown> }) => new Webhook(secret).verify(one.body, one.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };

/**
 * Issue 16's "done when" for webhooks: a key drives the hiring flow through /api/v1 and a real
 * receiver on loopback gets the events in order, each verified with the Standard Webhooks
 * library; a receiver failing twice gets the event on the third try.
 */
describe.skipIf(laneUnavailable)('webhooks end to end through /api/v1', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let flaky: WebhookReceiver;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT_MAX: '10000' }, { clock });
    receiver = await startWebhookReceiver();
    flaky = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await flaky?.close();
    await t?.close();
  });

  it('sends job.created, application.created, the stage changes and employee.hired in order, each signed', async () => {
    const company = await t.factories.company({ name: 'Konkan Cold Chain' });
    const owner = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    const jar = await signIn(t.app, owner.email, owner.password, '10.91.0.1');
    const session = { cookie: jar.header };
    const webhook = (await t.app.inject({ method: 'POST', url: '/api/developers/webhooks', headers: session, payload: { url: receiver.url, events: ['job.created', 'application.created', 'application.stage_changed', 'employee.hired', 'job.closed'] } })).json<WebhookWithSecret>();
    const key = (await t.app.inject({ method: 'POST', url: '/api/developers/keys', headers: session, payload: { name: 'Keka', scopes: ['jobs:write', 'applications:write'] } })).json<CreatedApiKey>().secret;
    const v1 = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, payload });

    const job = await v1('POST', '/api/v1/jobs', { title: 'Cold Storage Supervisor', description: 'Ratnagiri plant, night shifts.', location: 'Ratnagiri, Maharashtra' });
    expect(job.statusCode, job.body).toBe(201);
    const jobId = job.json<{ id: string }>().id;
    const candidate = await t.factories.user({ role: 'candidate', password: PASSWORD });
    await t.factories.candidateProfile(candidate.id);
    const candidateJar = await signIn(t.app, candidate.email, PASSWORD, '10.91.0.2');
    const applied = await t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/applications`, headers: { cookie: candidateJar.header }, payload: {} });
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = applied.json<{ id: string }>().id;
    expect((await v1('POST', `/api/v1/applications/${applicationId}/move`, { stage: 'screening', note: 'Cold-chain experience fits' })).statusCode).toBe(200);
    const hired = await v1('POST', `/api/v1/applications/${applicationId}/move`, { stage: 'hired', hire: { title: 'Cold Storage Supervisor', joining_date: '2027-01-04' } });
    expect(hired.statusCode, hired.body).toBe(200);
    expect((await v1('POST', `/api/v1/jobs/${jobId}/close`, {})).statusCode).toBe(200);

    const expected = ['job.created', 'application.created', 'application.stage_changed', 'application.stage_changed', 'employee.hired', 'job.closed'];
    await waitFor(() => receiver.received.length >= expected.length, { what: 'six deliveries' });
    // In the order things happened, the two events of the move to hired included.
    expect(receiver.types()).toEqual(expected);
    const events = receiver.received.map((one) => verify(webhook.secret, one));
    expect(events[1]?.data).toMatchObject({ application_id: applicationId, job_id: jobId, candidate_id: candidate.id });
    expect(events.slice(2, 4).map((event) => event.data.to_stage)).toEqual(['screening', 'hired']);
    // The hire through the pipeline says what the added one says, and that its source confirms it.
    expect(events[4]?.data).toMatchObject({ candidate_id: candidate.id, confirmation: 'confirmed', title: expect.any(String), joining_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(new Set(receiver.received.map((one) => one.headers['webhook-id'])).size).toBe(expected.length);
  });

  it('tells of a moved interview and of a verified check, to the companies the candidate applied to only', async () => {
    const company = await t.factories.company({ name: 'Malwa Agro' });
    const elsewhere = await t.factories.company({ name: 'Not Applied To' });
    const owner = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    const otherOwner = await t.factories.user({ role: 'employer', companyId: elsewhere.id, companyRole: 'owner' });
    const jar = await signIn(t.app, owner.email, owner.password, '10.91.0.4');
    const otherJar = await signIn(t.app, otherOwner.email, otherOwner.password, '10.91.0.5');
    const events = ['interview.rescheduled', 'verification.completed'];
    const hook = (await t.app.inject({ method: 'POST', url: '/api/developers/webhooks', headers: { cookie: jar.header }, payload: { url: receiver.url, events } })).json<WebhookWithSecret>();
    const otherHook = (await t.app.inject({ method: 'POST', url: '/api/developers/webhooks', headers: { cookie: otherJar.header }, payload: { url: receiver.url, events } })).json<WebhookWithSecret>();
    const job = await t.factories.job(company.id, { title: 'Farm Supervisor' });
    const candidate = await t.factories.user({ role: 'candidate', password: PASSWORD });
    await t.factories.candidateProfile(candidate.id);
    const application = await t.factories.application(job.id, candidate.id);
    const inDays = (days: number, time: string) => `${utcToIstLocal(new Date(Date.now() + days * 86_400_000)).slice(0, 10)}T${time}`;
    const scheduled = await t.app.inject({ method: 'POST', url: '/api/interviews', headers: { cookie: jar.header }, payload: { application_id: application.id, starts_at_ist: inDays(3, '10:00'), duration_minutes: 30, mode: 'video', location: 'https://meet.example.com/malwa', interviewer_ids: [owner.id] } });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const interviewId = scheduled.json<{ id: string }>().id;
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/interviews/${interviewId}`, headers: { cookie: jar.header }, payload: { starts_at_ist: inDays(4, '15:30') } });
    expect(moved.statusCode, moved.body).toBe(200);
    const candidateJar = await signIn(t.app, candidate.email, PASSWORD, '10.91.0.6');
    const consented = await t.app.inject({ method: 'POST', url: '/api/verification/checks/phone/consent', headers: { cookie: candidateJar.header }, payload: {} });
    expect(consented.statusCode, consented.body).toBe(200);

    const ofEndpoint = (id: string) => t.database.db.selectFrom('webhook_deliveries').select(['event_type', 'payload', 'status']).where('endpoint_id', '=', id).orderBy('created_at').execute();
    const sent = await waitFor(async () => {
      const rows = await ofEndpoint(hook.endpoint.id);
      return rows.length === 2 && rows.every((row) => row.status === 'succeeded') ? rows : undefined;
    }, { what: 'both deliveries' });
    expect(sent.map((row) => row.event_type)).toEqual(events);
    expect(JSON.parse(sent[0]!.payload)).toMatchObject({ data: { interview_id: interviewId, application_id: application.id, interviewers_changed: false } });
    expect(JSON.parse(sent[1]!.payload)).toMatchObject({ data: { candidate_id: candidate.id, check: 'phone', status: 'verified', verified_fields: ['phone'] } });
    // A company the candidate never applied to hears nothing of their checks.
    expect(await ofEndpoint(otherHook.endpoint.id)).toEqual([]);
  });

  it('delivers to a receiver that fails twice on the third try, with the same webhook-id', async () => {
    const company = await t.factories.company({ name: 'Deccan Dairy' });
    const owner = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    const jar = await signIn(t.app, owner.email, owner.password, '10.91.0.3');
    const { endpoint, secret } = (await t.app.inject({ method: 'POST', url: '/api/developers/webhooks', headers: { cookie: jar.header }, payload: { url: flaky.url, events: ['job.created'] } })).json<WebhookWithSecret>();
    const key = (await t.app.inject({ method: 'POST', url: '/api/developers/keys', headers: { cookie: jar.header }, payload: { name: 'Zoho', scopes: ['jobs:write'] } })).json<CreatedApiKey>().secret;
    flaky.plan.push(503, 500);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/jobs', headers: { authorization: `Bearer ${key}` }, payload: { title: 'Milk Procurement Officer', description: 'Baramati collection centres.' } });
    expect(created.statusCode).toBe(201);

    // Attempt n has ended once its answer is recorded.
    const attempt = (n: number, code: number) => waitFor(async () => {
      const row = await t.database.db.selectFrom('webhook_deliveries').select(['attempts', 'status', 'last_status_code']).where('endpoint_id', '=', endpoint.id).executeTakeFirst();
      return row && row.attempts === n && row.last_status_code === code ? row : undefined;
    }, { what: `attempt ${n}` });
    expect((await attempt(1, 503)).status).toBe('pending');
    offset += RETRY_DELAYS_SECONDS[0] * 1000 + 1000;
    t.app.webhooks.kick();
    expect((await attempt(2, 500)).status).toBe('pending');
    offset += RETRY_DELAYS_SECONDS[1] * 1000 + 1000;
    t.app.webhooks.kick();
    expect((await attempt(3, 200)).status).toBe('succeeded');

    expect(flaky.received).toHaveLength(3);
    expect(new Set(flaky.received.map((one) => one.headers['webhook-id'])).size).toBe(1);
    // The same message each time (signed at each attempt's moved time, so only the first is checked against now).
    expect(verify(secret, flaky.received[0]!).type).toBe('job.created');
    expect(new Set(flaky.received.map((one) => one.body)).size).toBe(1);
  });
});

describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('webhooks on two instances and across a crash', { timeout: 120_000 }, () => {
  it('sends each delivery once when two instances drain the same queue', async () => {
    const receiver = await startWebhookReceiver();
    const two = await startTwoInstances();
    try {
      const [a, b] = two.instances;
      const factories = createFactories(a.app.auth, a.database);
      const company = await factories.company({ name: 'Twin Warehouses' });
      const owner = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
      const jar = await signIn(a.app, owner.email, owner.password, '10.92.0.1');
      const created = await a.app.inject({ method: 'POST', url: '/api/developers/webhooks', headers: { cookie: jar.header }, payload: { url: receiver.url, events: ['job.created'] } });
      expect(created.statusCode).toBe(201);
      // Eighty events in one commit: its pg_notify wakes both instances at once.
      const count = 80;
      await a.database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < count; i += 1) await emitWebhookEvent(trx, company.id, 'job.created', { job_id: `job-${i}`, title: 'Delivery job' });
      });
      b.app.webhooks.kick();
      await waitFor(() => receiver.received.length >= count, { what: 'eighty deliveries' });
      await Promise.all([a.app.webhooks.idle(), b.app.webhooks.idle()]);
      const ids = receiver.received.map((one) => one.headers['webhook-id']);
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
      const rows = await a.database.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
      expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
    } finally {
      await two.close();
      await receiver.close();
    }
  });

  it('delivers after a kill -9 in the middle of a send, once the restarted server takes it up', async () => {
    const receiver = await startWebhookReceiver();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-kill-'));
    const created = await createPostgresTestDatabase();
    const env = { DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', DATABASE_URL: created.url };
    const base = `http://127.0.0.1:${env.PORT}`;
    const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
    // An app that is never started (no dispatcher): only its auth, for the factories' passwords.
    const helper = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' }), database });
    let server: RunningServer | undefined;
    const start = async () => {
      server = await startServerProcess(env);
      const running = server;
      await waitFor(async () => (await fetch(`${base}/api/ready`).catch(() => undefined))?.status === 200 || running.output().includes('Error'), { timeoutMs: 60_000, what: 'the server' });
    };
    try {
      const factories = createFactories(helper.auth, database);
      const company = await factories.company({ name: 'Phoenix Logistics' });
      const owner = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD });
      await useRealPasswordHash(database.db, owner.id, PASSWORD);
      await start();
      const signedIn = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: PASSWORD }) });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers.getSetCookie().map((one) => one.split(';')[0]).join('; ');
      const post = (url: string, body: object, headers: Record<string, string> = { cookie }) => fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      const webhook = (await (await post('/api/developers/webhooks', { url: receiver.url, events: ['job.created'] })).json()) as WebhookWithSecret;
      const key = ((await (await post('/api/developers/keys', { name: 'Darwinbox', scopes: ['jobs:write'] })).json()) as CreatedApiKey).secret;

      // The receiver holds the first delivery open; the server is killed while it waits.
      receiver.plan.push('hold');
      const job = await post('/api/v1/jobs', { title: 'Fleet Manager', description: 'Nagpur depot.' }, { authorization: `Bearer ${key}` });
      expect(job.status).toBe(201);
      await waitFor(() => receiver.received.length === 1, { what: 'the first send' });
      server!.child.kill('SIGKILL');
      await server!.exited;
      const orphan = await database.db.selectFrom('webhook_deliveries').select(['id', 'status', 'attempts', 'message_id']).where('endpoint_id', '=', webhook.endpoint.id).executeTakeFirstOrThrow();
      expect(orphan).toMatchObject({ status: 'pending', attempts: 1 });
      // Its lease would end in minutes: move that clock instead of waiting for it.
      await database.db.updateTable('webhook_deliveries').set({ next_attempt_at: sql<Date>`now()` }).where('id', '=', orphan.id).execute();

      await start();
      const done = await waitFor(async () => {
        const row = await database.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('id', '=', orphan.id).executeTakeFirstOrThrow();
        return row.status === 'succeeded' ? row : undefined;
      }, { what: 'the delivery after the restart' });
      expect(done.attempts).toBe(2);
      // The receiver answered one of them: the one the restarted server sent, with the same webhook-id.
      expect(receiver.received.map((one) => one.headers['webhook-id'])).toEqual([orphan.message_id, orphan.message_id]);
      expect(verify(webhook.secret, receiver.received[1]!).type).toBe('job.created');
    } finally {
      server?.child.kill('SIGTERM');
      await server?.exited;
      await helper.close();
      await database.close();
      await created.drop();
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
