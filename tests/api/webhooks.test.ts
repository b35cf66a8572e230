import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { CreatedApiKey } from '../../shared/schemas/api-keys.ts';
import type { WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '../../shared/schemas/webhooks.ts';
import { DISABLE_AFTER_MS, LEASE_SECONDS, RETRY_DELAYS_SECONDS } from '../../server/features/webhooks/deliver.ts';
import { checkWebhookUrl, isPrivateAddress } from '../../server/features/webhooks/url-policy.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const text = messages.developers;

/**
 * Webhooks (issue 16): endpoints managed by owners and admins, events recorded with the change
 * and delivered signed (verified here with the Standard Webhooks reference library), retries on
 * the schedule, a 410 or five days of failures turn an endpoint off and tell its owners, secret
 * rotation signs with both secrets for a day, test events and redelivery, and private addresses.
 */
describe.skipIf(laneUnavailable)('webhooks: /api/developers/webhooks and their deliveries', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  let ip = 0;
  const nextIp = () => `10.79.${Math.floor(++ip / 250)}.${ip % 250}`;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT_MAX: '10000' }, { clock });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  type Member = { jar: CookieJar; id: string; email: string };
  async function newCompany(name: string) {
    const company = await t.factories.company({ name });
    const member = async (companyRole: 'owner' | 'admin' | 'recruiter'): Promise<Member> => {
      const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole });
      return { id: user.id, email: user.email, jar: await signIn(t.app, user.email, user.password, nextIp()) };
    };
    return { id: company.id, owner: await member('owner'), admin: await member('admin'), recruiter: await member('recruiter') };
  }
  const call = (who: Member, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  async function addEndpoint(who: Member, events: string[], url = receiver.url): Promise<WebhookWithSecret> {
    const response = await call(who, 'POST', '/api/developers/webhooks', { url, events, description: 'Keka sync' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WebhookWithSecret>();
  }
  const deliveriesOf = async (who: Member, webhookId: string) => (await call(who, 'GET', `/api/developers/webhooks/${webhookId}/deliveries`)).json<{ deliveries: WebhookDelivery[] }>().deliveries;
  const receivedOf = (type: string) => receiver.received.filter((one) => (JSON.parse(one.body) as { type: string }).type === type);

  it('lets owners and admins add an endpoint with a whsec_ secret shown once, and refuses recruiters, other companies and bad input', async () => {
    const company = await newCompany('Hooked Logistics');
    const created = await addEndpoint(company.admin, ['job.created', 'application.stage_changed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({ url: receiver.url, events: ['job.created', 'application.stage_changed'], status: 'active', description: 'Keka sync' });
    const list = await call(company.owner, 'GET', '/api/developers/webhooks');
    expect(list.body).not.toContain(created.secret);
    expect(list.json<{ endpoints: WebhookEndpoint[] }>().endpoints.map((one) => one.id)).toEqual([created.endpoint.id]);
    const audit = await db().selectFrom('admin_audit_logs').select(['action', 'details']).where('entity_id', '=', created.endpoint.id).execute();
    expect(audit.map((row) => row.action)).toEqual(['webhook_created']);
    expect(JSON.stringify(audit)).not.toContain(created.secret);

    const id = created.endpoint.id;
    for (const [method, url] of [
      ['GET', '/api/developers/webhooks'],
      ['POST', '/api/developers/webhooks'],
      ['PATCH', `/api/developers/webhooks/${id}`],
      ['DELETE', `/api/developers/webhooks/${id}`],
      ['POST', `/api/developers/webhooks/${id}/rotate`],
      ['POST', `/api/developers/webhooks/${id}/test`],
      ['GET', `/api/developers/webhooks/${id}/deliveries`],
    ] as const) {
      expect((await call(company.recruiter, method, url, method === 'GET' || method === 'DELETE' ? undefined : { enabled: false })).statusCode, `${method} ${url}`).toBe(403);
    }
    const other = await newCompany('Other Hooked Co');
    expect((await call(other.owner, 'GET', '/api/developers/webhooks')).json<{ endpoints: unknown[] }>().endpoints).toEqual([]);
    expect((await call(other.owner, 'PATCH', `/api/developers/webhooks/${id}`, { enabled: false })).statusCode).toBe(404);
    expect((await call(other.owner, 'DELETE', `/api/developers/webhooks/${id}`)).statusCode).toBe(404);
    expect((await call(other.owner, 'POST', `/api/developers/webhooks/${id}/test`)).statusCode).toBe(404);
    expect((await call(other.owner, 'GET', `/api/developers/webhooks/${id}/deliveries`)).statusCode).toBe(404);

    for (const [body, message] of [
      [{ url: 'ftp://example.com/x', events: ['job.created'] }, text.webhookUrlInvalid],
      [{ url: 'https://user:pw@example.com/x', events: ['job.created'] }, text.webhookUrlInvalid],
      [{ url: 'https://example.com/x', events: [] }, text.webhookEventsRequired],
      [{ url: 'https://example.com/x', events: ['job.exploded'] }, text.webhookEventUnknown],
    ] as const) {
      const refused = await call(company.owner, 'POST', '/api/developers/webhooks', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect(await db().selectFrom('webhook_endpoints').select('id').where('company_id', '=', company.id).execute()).toHaveLength(1);
  });

  it('delivers events recorded with the change, signed so the Standard Webhooks library verifies them, to subscribers only', async () => {
    const company = await newCompany('Signed Freight');
    const { endpoint, secret } = await addEndpoint(company.owner, ['job.created', 'application.stage_changed']);
    const other = await addEndpoint(company.owner, ['employee.hired']);
    const key = (await call(company.owner, 'POST', '/api/developers/keys', { name: 'sync', scopes: ['jobs:write', 'applications:write'] })).json<CreatedApiKey>().secret;
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/jobs', headers: { authorization: `Bearer ${key}` }, payload: { title: 'Dispatch Coordinator', description: 'Bhiwandi hub.' }, remoteAddress: nextIp() });
    expect(created.statusCode).toBe(201);
    const jobId = created.json<{ id: string }>().id;

    const delivery = await waitFor(() => receiver.received.find((one) => one.body.includes(jobId)), { what: 'the job.created delivery' });
    const verified = new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as { type: string; data: { job_id: string; title: string } };
    expect(verified).toMatchObject({ type: 'job.created', data: { job_id: jobId, title: 'Dispatch Coordinator' } });
    expect(delivery.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    // Another endpoint's secret does not verify it; the endpoint that did not subscribe got nothing.
    expect(() => new Webhook(other.secret).verify(delivery.body, delivery.headers as Record<string, string>)).toThrow();
    expect(await db().selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', other.endpoint.id).execute()).toEqual([]);

    const log = await waitFor(async () => {
      const deliveries = await deliveriesOf(company.owner, endpoint.id);
      return deliveries[0]?.status === 'succeeded' ? deliveries : undefined;
    }, { what: 'the delivery marked succeeded' });
    expect(log[0]).toMatchObject({ event_type: 'job.created', attempts: 1, last_status_code: 200, next_attempt_at: null });

    // A stage change made in the dashboard is an event too.
    const candidate = await t.factories.user({ role: 'candidate' });
    const application = await t.factories.application(jobId, candidate.id);
    const moved = await call(company.owner, 'POST', `/api/pipeline/applications/${application.id}/stage`, { stage: 'screening' });
    expect(moved.statusCode, moved.body).toBe(200);
    const stage = await waitFor(() => receivedOf('application.stage_changed').find((one) => one.body.includes(application.id)), { what: 'the stage_changed delivery' });
    expect(JSON.parse(stage.body)).toMatchObject({ data: { application_id: application.id, job_id: jobId, from_stage: 'received', to_stage: 'screening' } });
  });

  it('retries a failed delivery on the schedule with the same webhook-id, and a 410 turns the endpoint off and emails its owners', async () => {
    const company = await newCompany('Retrying Retail');
    const { endpoint } = await addEndpoint(company.owner, ['job.created']);
    receiver.plan.push(500);
    await t.factories.job(company.id);
    const created = await call(company.owner, 'POST', '/api/jobs', { title: 'Store Manager', description: 'Indiranagar flagship.' });
    expect(created.statusCode).toBe(201);
    const failed = await waitFor(async () => {
      const [delivery] = await deliveriesOf(company.owner, endpoint.id);
      return delivery?.attempts === 1 && delivery.status === 'pending' && delivery.last_status_code === 500 ? delivery : undefined;
    }, { what: 'the first failed attempt' });
    expect(failed.last_error).toContain('receiver says no');
    expect(Date.parse(failed.next_attempt_at!) - Date.parse(failed.last_attempt_at!)).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[0] * 1000 - 1000);
    const firstId = receiver.received.at(-1)!.headers['webhook-id'];

    offset += RETRY_DELAYS_SECONDS[0] * 1000 + 1000;
    t.app.webhooks.kick();
    const retried = await waitFor(async () => {
      const [delivery] = await deliveriesOf(company.owner, endpoint.id);
      return delivery?.status === 'succeeded' ? delivery : undefined;
    }, { what: 'the retry' });
    expect(retried.attempts).toBe(2);
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(firstId);

    // 410 Gone: off at once, the owner told, the endpoint's waiting deliveries kept in the log.
    receiver.plan.push(410);
    expect((await call(company.owner, 'POST', '/api/jobs', { title: 'Cashier', description: 'Koramangala.' })).statusCode).toBe(201);
    const off = await waitFor(async () => {
      const [one] = (await call(company.owner, 'GET', '/api/developers/webhooks')).json<{ endpoints: WebhookEndpoint[] }>().endpoints;
      return one?.status === 'disabled' ? one : undefined;
    }, { what: 'the endpoint turned off' });
    expect(off.disabled_reason).toBe(text.webhookDisabledGone);
    const mail = await db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', company.owner.email).execute();
    expect(mail.map((one) => one.subject)).toContain(text.webhookDisabledEmailSubject.replace('{url}', receiver.url));
    // Nothing more is recorded for it until it is turned on again.
    expect((await call(company.owner, 'POST', '/api/jobs', { title: 'Visual Merchandiser', description: 'HSR.' })).statusCode).toBe(201);
    expect(await db().selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpoint.id).execute()).toHaveLength(2);
    const on = await call(company.owner, 'PATCH', `/api/developers/webhooks/${endpoint.id}`, { enabled: true });
    expect(on.json<WebhookEndpoint>()).toMatchObject({ status: 'active', disabled_reason: null });
  });

  it('turns off an endpoint that has failed for five days', async () => {
    const company = await newCompany('Failing Foods');
    const { endpoint } = await addEndpoint(company.owner, ['job.created'], 'http://127.0.0.1:9/closed-port');
    await db().updateTable('webhook_endpoints').set({ failing_since: new Date(clock().getTime() - DISABLE_AFTER_MS) }).where('id', '=', endpoint.id).execute();
    expect((await call(company.owner, 'POST', '/api/jobs', { title: 'Packer', description: 'Hosur.' })).statusCode).toBe(201);
    const off = await waitFor(async () => {
      const row = await db().selectFrom('webhook_endpoints').select(['disabled_at', 'disabled_reason']).where('id', '=', endpoint.id).executeTakeFirstOrThrow();
      return row.disabled_at ? row : undefined;
    }, { what: 'the endpoint turned off' });
    expect(off.disabled_reason).toBe(text.webhookDisabledFailing);
  });

  it('signs with the old and the new secret for a day after a rotation; sends a test event and redelivers the same message', async () => {
    const company = await newCompany('Rotating Textiles');
    const { endpoint, secret: oldSecret } = await addEndpoint(company.owner, ['job.created']);
    const rotated = await call(company.owner, 'POST', `/api/developers/webhooks/${endpoint.id}/rotate`);
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json<WebhookWithSecret>().secret;
    expect(newSecret).not.toBe(oldSecret);

    const sent = await call(company.owner, 'POST', `/api/developers/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode).toBe(201);
    const test = sent.json<WebhookDelivery>();
    expect(test.event_type).toBe('webhook.test');
    const got = await waitFor(() => receiver.received.find((one) => one.headers['webhook-id'] === test.message_id), { what: 'the test event' });
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [oldSecret, newSecret]) expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });

    const again = await call(company.owner, 'POST', `/api/developers/webhooks/${endpoint.id}/deliveries/${test.id}/redeliver`);
    expect(again.statusCode).toBe(201);
    await waitFor(() => receiver.received.filter((one) => one.headers['webhook-id'] === test.message_id).length === 2, { what: 'the redelivery' });
    const audit = await db().selectFrom('admin_audit_logs').select('action').where('entity_id', '=', endpoint.id).orderBy('created_at').execute();
    expect(audit.map((row) => row.action)).toEqual(['webhook_created', 'webhook_secret_rotated']);
    expect((await call(company.owner, 'DELETE', `/api/developers/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect(await db().selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', endpoint.id).execute()).toEqual([]);
  });

  it('sends a delivery whose sender died mid-send once its lease ends', async () => {
    const company = await newCompany('Crashing Couriers');
    const { endpoint } = await addEndpoint(company.owner, ['job.created']);
    // As a killed instance leaves it: claimed (attempt counted, lease ahead), never finished.
    await db()
      .insertInto('webhook_deliveries')
      .values({ endpoint_id: endpoint.id, message_id: 'msg_crashed0000000000000000000000', event_type: 'job.created', payload: '{"type":"job.created","data":{}}', attempts: 1, next_attempt_at: new Date(clock().getTime() + LEASE_SECONDS * 1000), last_attempt_at: clock() })
      .execute();
    t.app.webhooks.kick();
    await t.app.webhooks.idle();
    expect(receiver.received.some((one) => one.headers['webhook-id'] === 'msg_crashed0000000000000000000000')).toBe(false);
    offset += LEASE_SECONDS * 1000 + 1000;
    t.app.webhooks.kick();
    await waitFor(() => receiver.received.some((one) => one.headers['webhook-id'] === 'msg_crashed0000000000000000000000'), { what: 'the delivery after its lease' });
  });

  it('refuses private and loopback addresses where they are not allowed, and http in production', async () => {
    const strict = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'false' });
    try {
      const company = await strict.factories.company({ name: 'Strict Co' });
      const owner = await strict.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
      const jar = await signIn(strict.app, owner.email, owner.password, nextIp());
      for (const url of ['http://127.0.0.1:8080/x', 'https://10.1.2.3/x', 'https://[::1]/x', 'https://localhost/x', 'https://192.168.1.20/hook']) {
        const refused = await strict.app.inject({ method: 'POST', url: '/api/developers/webhooks', headers: { cookie: jar.header }, payload: { url, events: ['job.created'] }, remoteAddress: nextIp() });
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json<{ message: string }>().message).toBe(text.webhookUrlPrivate);
      }
    } finally {
      await strict.close();
    }
    expect(() => checkWebhookUrl('http://hooks.example.com/x', { production: true, allowPrivate: false })).toThrow(text.webhookUrlNotHttps);
    expect(() => checkWebhookUrl('https://hooks.example.com/x', { production: true, allowPrivate: false })).not.toThrow();
    expect(['169.254.169.254', '::ffff:10.0.0.1', '100.64.1.1', 'fd00::1'].every(isPrivateAddress)).toBe(true);
    expect(['13.232.1.1', '2404:6800:4009::200e'].some(isPrivateAddress)).toBe(false);
  });
});
