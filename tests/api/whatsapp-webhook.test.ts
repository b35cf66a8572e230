import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMessage } from '../../server/messaging/outbox.ts';
import { signWhatsAppBody } from '../../server/messaging/whatsapp/webhook.ts';
import { startFakeWhatsApp, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, whatsappErrors } from '../support/fake-whatsapp.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const APP_SECRET = 'whatsapp-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-me-7d1f';
const URL = '/api/webhooks/whatsapp';
const template = { name: 'application_received', language: 'en', parameters: ['Ritu Sharma', 'Fleet Supervisor', 'Kaveri Logistics'] };

/** A messages-webhook body with statuses, in the shape of Meta's status reference. */
function statusBody(statuses: object[]) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: WHATSAPP_PHONE_NUMBER_ID }, statuses } }] }],
  };
}

/**
 * Issue 36 §3: WhatsApp through the outbox with the Cloud API provider (a local server answering
 * Meta's shapes), and Meta's delivery-status webhook: its verification (GET) and its signed
 * statuses (POST), kept against the outbox message by the wamid the send returned.
 */
describe.skipIf(laneUnavailable)('WhatsApp: the outbox channel and the delivery-status webhook', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeWhatsApp>>;
  let ip = 0;
  const db = () => t.database.db;
  const post = (payload: string, signature?: string) =>
    t.app.inject({ method: 'POST', url: URL, payload, headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-hub-signature-256': signature }) }, remoteAddress: `10.36.3.${(ip++ % 250) + 1}` });
  const postSigned = (body: object) => {
    const raw = JSON.stringify(body);
    return post(raw, signWhatsAppBody(APP_SECRET, raw));
  };
  async function queueAndSend(to: string) {
    await enqueueMessage(db(), { channel: 'whatsapp', to, template, text: 'Hello Ritu Sharma' });
    t.app.outbox.kick();
    await t.app.outbox.idle();
    return db().selectFrom('outbox_messages').selectAll().where('recipient', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
  }
  const statusesOf = (outboxId: string) => db().selectFrom('outbox_delivery_statuses').select(['status', 'occurred_at', 'error_code', 'error_title']).where('outbox_id', '=', outboxId).orderBy('occurred_at').execute();

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
    t = await createTestApp({
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_API_URL: fake.apiUrl,
      WHATSAPP_PHONE_NUMBER_ID,
      WHATSAPP_ACCESS_TOKEN: WHATSAPP_TOKEN,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.plan.length = 0;
  });

  describe('sending through the outbox', () => {
    it('sends the template to the Cloud API and keeps the wamid it answered', async () => {
      const row = await queueAndSend('+919812300001');
      expect(row).toMatchObject({ channel: 'whatsapp', status: 'sent', attempts: 1, last_error: null, provider_message_id: expect.stringMatching(/^wamid\./), template });
      expect(fake.requests.at(-1)!.body).toMatchObject({ messaging_product: 'whatsapp', to: '919812300001', type: 'template', template: { name: 'application_received', language: { code: 'en' } } });
    });

    it('a throttled send (130429) stays pending for a later attempt; a template error (132001) fails at once', async () => {
      fake.plan.push(whatsappErrors.throughput);
      const throttled = await queueAndSend('+919812300002');
      expect(throttled).toMatchObject({ status: 'pending', attempts: 1, provider_message_id: null });
      expect(throttled.last_error).toContain('130429');
      // Backoff: not due again straight away.
      expect(new Date(throttled.next_attempt_at).getTime()).toBeGreaterThan(Date.now());

      // Due again (the backoff passed): this time Meta takes it.
      await db().updateTable('outbox_messages').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('id', '=', throttled.id).execute();
      t.app.outbox.kick();
      await t.app.outbox.idle();
      const retried = await db().selectFrom('outbox_messages').selectAll().where('id', '=', throttled.id).executeTakeFirstOrThrow();
      expect(retried).toMatchObject({ status: 'sent', attempts: 2, last_error: null, provider_message_id: expect.stringMatching(/^wamid\./) });

      fake.plan.push(whatsappErrors.noTemplate);
      const permanent = await queueAndSend('+919812300003');
      expect(permanent).toMatchObject({ status: 'failed', attempts: 1, provider_message_id: null });
      expect(permanent.last_error).toContain('132001');
    });

    it('a 5xx is retried and an undeliverable number (131026) is not', async () => {
      fake.plan.push(whatsappErrors.somethingWrong);
      expect(await queueAndSend('+919812300004')).toMatchObject({ status: 'pending', attempts: 1 });
      fake.plan.push(whatsappErrors.undeliverable);
      expect(await queueAndSend('+919812300005')).toMatchObject({ status: 'failed', attempts: 1 });
    });
  });

  describe('GET: Meta verifying the callback URL', () => {
    const verify = (query: string) => t.app.inject({ method: 'GET', url: `${URL}?${query}`, remoteAddress: '10.36.4.1' });

    it('echoes hub.challenge as text when the mode is subscribe and the token is ours', async () => {
      const response = await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('1158201444');
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
    });

    it.each([
      ['a wrong token', `hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`],
      ['another mode', `hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`],
      ['no token', `hub.mode=subscribe&hub.challenge=1158201444`],
      ['no challenge', `hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}`],
    ])('refuses %s with 403', async (_name, query) => {
      const response = await verify(query);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('1158201444');
    });

    it('refuses a challenge that is not plain text (it is echoed back) with a 4xx', async () => {
      const response = await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=${encodeURIComponent('<script>alert(1)</script>')}`);
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toContain('<script>');
    });
  });

  describe('POST: delivery statuses', () => {
    it('refuses a missing, wrong or foreign signature with 401 and records nothing', async () => {
      const row = await queueAndSend('+919812300010');
      const raw = JSON.stringify(statusBody([{ id: row.provider_message_id, status: 'delivered', timestamp: '1764300000', recipient_id: '919812300010' }]));
      const refusals = [
        await post(raw),
        await post(raw, 'sha256=0000'),
        await post(raw, signWhatsAppBody('another-secret', raw)),
        await post(raw, signWhatsAppBody(APP_SECRET, `${raw} `)),
        await post(raw, signWhatsAppBody(APP_SECRET, raw).toUpperCase()),
        await post(raw, signWhatsAppBody(APP_SECRET, raw).replace('sha256=', '')),
      ];
      expect(refusals.map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
      expect(refusals[0]!.json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
      expect(await statusesOf(row.id)).toEqual([]);
    });

    it('records sent, delivered and read against the message by its wamid, once each', async () => {
      const row = await queueAndSend('+919812300011');
      const wamid = row.provider_message_id!;
      const body = statusBody([
        { id: wamid, status: 'sent', timestamp: '1764300000', recipient_id: '919812300011', pricing: { billable: true, pricing_model: 'PMP', category: 'utility' } },
        { id: wamid, status: 'delivered', timestamp: '1764300005', recipient_id: '919812300011' },
      ]);
      const first = await postSigned(body);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ ok: true, recorded: 2, ignored: 0 });
      // Meta repeats a call it thinks was lost: nothing more is recorded.
      expect((await postSigned(body)).json()).toEqual({ ok: true, recorded: 0, ignored: 2 });
      expect((await postSigned(statusBody([{ id: wamid, status: 'read', timestamp: '1764300060', recipient_id: '919812300011' }]))).statusCode).toBe(200);
      expect(await statusesOf(row.id)).toEqual([
        { status: 'sent', occurred_at: new Date(1764300000 * 1000), error_code: null, error_title: null },
        { status: 'delivered', occurred_at: new Date(1764300005 * 1000), error_code: null, error_title: null },
        { status: 'read', occurred_at: new Date(1764300060 * 1000), error_code: null, error_title: null },
      ]);
    });

    it('records a failed status with its error and puts it on the message', async () => {
      const row = await queueAndSend('+919812300012');
      const response = await postSigned(
        statusBody([
          {
            id: row.provider_message_id,
            status: 'failed',
            timestamp: '1764300100',
            recipient_id: '919812300012',
            errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' }, href: '/docs/whatsapp/cloud-api/support/error-codes/' }],
          },
        ]),
      );
      expect(response.statusCode).toBe(200);
      expect(await statusesOf(row.id)).toEqual([{ status: 'failed', occurred_at: new Date(1764300100 * 1000), error_code: 131026, error_title: 'Message undeliverable' }]);
      const message = await db().selectFrom('outbox_messages').select('last_error').where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(message.last_error).toBe('WhatsApp delivery failed (131026): Message undeliverable');
    });

    it('ignores unknown wamids, incoming messages and other fields with 200', async () => {
      const before = await db().selectFrom('outbox_delivery_statuses').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const response = await postSigned({
        object: 'whatsapp_business_account',
        entry: [
          { id: '1', changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.never-sent-by-us', status: 'delivered', timestamp: '1764300000' }] } }] },
          { id: '1', changes: [{ field: 'messages', value: { messages: [{ from: '16315551181', id: 'ABGGFlA5Fpa', timestamp: '1504902988', type: 'text', text: { body: 'hi' } }] } }] },
          { id: '1', changes: [{ field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } }] },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, recorded: 0, ignored: 1 });
      const after = await db().selectFrom('outbox_delivery_statuses').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it('a signed body that is not JSON is a 400', async () => {
      const response = await post('{not json', signWhatsAppBody(APP_SECRET, '{not json'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BODY_INVALID' });
    });

    it('never answers 5xx, signed or not, whatever the body', async () => {
      const row = await queueAndSend('+919812300013');
      const status = fc.record(
        {
          id: fc.oneof(fc.constant(row.provider_message_id), fc.string({ maxLength: 200 }), fc.integer(), fc.constant(null)),
          status: fc.oneof(fc.constantFrom('sent', 'delivered', 'read', 'failed', 'deleted'), fc.string(), fc.integer()),
          timestamp: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant('99999999999999999999'), fc.constant(null)),
          errors: fc.oneof(fc.jsonValue(), fc.array(fc.record({ code: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(2 ** 40)), title: fc.oneof(fc.string({ maxLength: 500 }), fc.integer()) }))),
        },
        { requiredKeys: [] },
      );
      const body = fc.oneof(
        fc.jsonValue(),
        fc.record({ object: fc.string(), entry: fc.array(fc.record({ changes: fc.array(fc.record({ value: fc.record({ statuses: fc.oneof(fc.array(status), fc.jsonValue()) }) })) })) }),
      );
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (value, signed) => {
          const raw = JSON.stringify(value) ?? 'null';
          const response = await post(raw, signed ? signWhatsAppBody(APP_SECRET, raw) : undefined);
          expect(response.statusCode).toBeLessThan(500);
          expect(response.statusCode).toBe(signed ? 200 : 401);
        }),
        { numRuns: 150 },
      );
    });
  });
});
