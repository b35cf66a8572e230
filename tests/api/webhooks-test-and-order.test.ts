import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookWithSecret } from '../../shared/schemas/webhooks.ts';
import { RETRY_DELAYS_SECONDS } from '../../server/features/webhooks/deliver.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

type Body = { type: string; sequence: number; data: Record<string, unknown> };

/**
 * Issue 33 C2: Send test answered "sent" before anything was sent, so the page said "Test event
 * sent" when the delivery failed; and the docs promised delivery in the order events happened,
 * which a retry breaks. The test is now sent in the request and answered with its outcome, and
 * every event carries a per-object sequence so receivers can order what arrives out of order.
 */
describe.skipIf(laneUnavailable)('webhook test events answer their outcome; events carry a per-object sequence', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  let ip = 0;
  const nextIp = () => `10.82.${Math.floor(++ip / 250)}.${ip % 250}`;

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT_MAX: '10000' }, { clock });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  async function owner(name: string): Promise<{ companyId: string; jar: CookieJar }> {
    const company = await t.factories.company({ name });
    const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    return { companyId: company.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  const call = (jar: CookieJar, method: 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: jar.header }, ...(payload ? { payload } : {}), remoteAddress: nextIp() });
  async function addEndpoint(jar: CookieJar, url: string, events = ['job.created']): Promise<string> {
    const created = await call(jar, 'POST', '/api/developers/webhooks', { url, events });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<WebhookWithSecret>().endpoint.id;
  }

  it('answers Send test with what the endpoint did: delivered with its status, or its failure and the reason', async () => {
    const { jar } = await owner('Tested Textiles');
    const good = await addEndpoint(jar, receiver.url);
    const delivered = await call(jar, 'POST', `/api/developers/webhooks/${good}/test`);
    expect(delivered.statusCode).toBe(201);
    expect(delivered.json<WebhookDelivery>()).toMatchObject({ event_type: 'webhook.test', status: 'succeeded', attempts: 1, last_status_code: 200, last_error: null });
    const got = JSON.parse(receiver.received.at(-1)!.body) as Body;
    expect(got).toMatchObject({ type: 'webhook.test', sequence: 1, data: { endpoint_id: good } });

    receiver.plan.push(500);
    const refused = (await call(jar, 'POST', `/api/developers/webhooks/${good}/test`)).json<WebhookDelivery>();
    // Failed, and retried later as any delivery.
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500, last_error: 'HTTP 500: receiver says no' });
    expect(refused.next_attempt_at).not.toBeNull();
    expect((JSON.parse(receiver.received.at(-1)!.body) as Body).sequence).toBe(2);

    const closed = await addEndpoint(jar, 'http://127.0.0.1:9/closed-port');
    const unreachable = (await call(jar, 'POST', `/api/developers/webhooks/${closed}/test`)).json<WebhookDelivery>();
    expect(unreachable).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(unreachable.last_error).toContain('ECONNREFUSED');

    // An endpoint turned off is not sent to.
    expect((await call(jar, 'PATCH', `/api/developers/webhooks/${good}`, { enabled: false })).statusCode).toBe(200);
    const before = receiver.received.length;
    const off = (await call(jar, 'POST', `/api/developers/webhooks/${good}/test`)).json<WebhookDelivery>();
    expect(off).toMatchObject({ status: 'failed', last_error: 'The endpoint is turned off' });
    expect(receiver.received).toHaveLength(before);
  });

  it('numbers each object’s events in order, so a retried event that arrives late can be told apart', async () => {
    const { jar } = await owner('Sequenced Spices');
    await addEndpoint(jar, receiver.url, ['job.created', 'job.updated', 'job.closed']);
    const ofJob = (jobId: string) => receiver.received.map((one) => JSON.parse(one.body) as Body).filter((body) => body.data.job_id === jobId);

    // job.created fails once; job.closed goes on and arrives first; the retry brings job.created after it.
    receiver.plan.push(503);
    const created = await call(jar, 'POST', '/api/jobs', { title: 'Spice Grader', description: 'Kochi warehouse.' });
    expect(created.statusCode, created.body).toBe(201);
    const jobId = created.json<{ id: string }>().id;
    await waitFor(() => ofJob(jobId).length === 1, { what: 'the failed first attempt' });
    const closed = await call(jar, 'POST', `/api/jobs/${jobId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    await waitFor(() => ofJob(jobId).length === 2, { what: 'job.closed' });
    offset += RETRY_DELAYS_SECONDS[0] * 1000 + 1000;
    t.app.webhooks.kick();
    await waitFor(() => ofJob(jobId).length === 3, { what: 'the retry of job.created' });
    expect(ofJob(jobId).map((body) => [body.type, body.sequence])).toEqual([
      ['job.created', 1],
      ['job.closed', 2],
      ['job.created', 1],
    ]);

    // Another job counts on its own.
    const other = await call(jar, 'POST', '/api/jobs', { title: 'Cardamom Sorter', description: 'Idukki.' });
    const otherId = other.json<{ id: string }>().id;
    await waitFor(() => ofJob(otherId).length === 1, { what: 'the other job.created' });
    expect(ofJob(otherId)[0]!.sequence).toBe(1);
  });
});
