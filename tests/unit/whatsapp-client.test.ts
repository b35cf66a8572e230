import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCloudApiClient, WHATSAPP_DEFAULT_API_URL, WHATSAPP_TIMEOUT_MS, WhatsAppError } from '../../server/messaging/whatsapp/client.ts';
import { startFakeWhatsApp, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, whatsappErrors } from '../support/fake-whatsapp.ts';

type Fake = Awaited<ReturnType<typeof startFakeWhatsApp>>;
const message = { to: '+919876543210', template: { name: 'application_received', language: 'en', parameters: ['Ritu Sharma', 'Fleet Supervisor', 'Kaveri Logistics'] } };

/**
 * The WhatsApp Cloud API client against a local server answering Meta's documented shapes (Meta
 * is not reachable from here): the exact request, the success answer, each documented error
 * code judged retryable or permanent, HTTP 429 and 5xx, and no answer (the 10 s timeout, injected
 * as 200 ms so nothing waits).
 */
describe('WhatsApp Cloud API client', () => {
  let fake: Fake;
  const client = (overrides: { url?: string; token?: string; timeoutMs?: number } = {}) =>
    createCloudApiClient({ url: overrides.url ?? fake.apiUrl, phoneNumberId: WHATSAPP_PHONE_NUMBER_ID, accessToken: overrides.token ?? WHATSAPP_TOKEN, timeoutMs: overrides.timeoutMs ?? 2_000 });
  const failure = async (overrides: Parameters<typeof client>[0] = {}) => {
    const error = await client(overrides).sendTemplate(message).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(WhatsAppError);
    return error as WhatsAppError;
  };

  beforeAll(async () => {
    fake = await startFakeWhatsApp();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.plan.length = 0;
  });

  it('posts the template message with the bearer token and returns the wamid', async () => {
    const sent = await client().sendTemplate(message);
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: `/v24.0/${WHATSAPP_PHONE_NUMBER_ID}/messages` });
    expect(request.headers).toMatchObject({ authorization: `Bearer ${WHATSAPP_TOKEN}`, 'content-type': 'application/json' });
    expect(request.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'application_received',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ritu Sharma' }, { type: 'text', text: 'Fleet Supervisor' }, { type: 'text', text: 'Kaveri Logistics' }] }],
      },
    });
    expect(sent).toEqual({ id: expect.stringMatching(/^wamid\./), waId: '919876543210' });
  });

  it('defaults to a current Graph version and a 10 s timeout, and a trailing slash in the URL does not double the path', async () => {
    expect(WHATSAPP_DEFAULT_API_URL).toMatch(/^https:\/\/graph\.facebook\.com\/v\d+\.0$/);
    expect(WHATSAPP_TIMEOUT_MS).toBe(10_000);
    await client({ url: `${fake.apiUrl}/` }).sendTemplate(message);
    expect(fake.requests.at(-1)!.path).toBe(`/v24.0/${WHATSAPP_PHONE_NUMBER_ID}/messages`);
  });

  it.each([
    ['131026 undeliverable', whatsappErrors.undeliverable, 131026],
    ['131047 re-engagement', whatsappErrors.reEngagement, 131047],
    ['132000 parameter count', whatsappErrors.parameterCount, 132000],
    ['132001 no such template', whatsappErrors.noTemplate, 132001],
    ['100 invalid parameter', whatsappErrors.invalidParameter, 100],
  ] as const)('%s is permanent: the outbox does not send it again', async (_name, answer, code) => {
    fake.plan.push(answer);
    const error = await failure();
    expect({ permanent: error.permanent, code: error.code, trace: error.fbtraceId }).toEqual({ permanent: true, code, trace: 'Az8or2yhqkZfEZ-_4Qn_Bam' });
    expect(error.message).toContain(`error ${code}`);
    // The recipient's number never reaches last_error or the log.
    expect(error.message).not.toContain('9876543210');
  });

  it.each([
    ['130429 throughput', whatsappErrors.throughput, 130429],
    ['131056 pair rate limit', whatsappErrors.pairLimit, 131056],
    ['131048 spam rate limit', whatsappErrors.spamLimit, 131048],
    ['HTTP 429 with code 4', whatsappErrors.tooManyCalls, 4],
    ['190 expired token (renewed by the operator; queued messages wait for it)', whatsappErrors.expiredToken, 190],
    ['HTTP 500 with 131000', whatsappErrors.somethingWrong, 131000],
  ] as const)('%s is retryable', async (_name, answer, code) => {
    fake.plan.push(answer);
    const error = await failure();
    expect({ permanent: error.permanent, code: error.code }).toEqual({ permanent: false, code });
  });

  it('a 429 or a 5xx without a Graph error object (a proxy) is retryable; another 4xx is not', async () => {
    fake.plan.push({ status: 429 }, { status: 503, body: '<html>Service Unavailable</html>' }, { status: 400, body: 'nope' });
    expect(await failure()).toMatchObject({ permanent: false, httpStatus: 429, code: null });
    expect(await failure()).toMatchObject({ permanent: false, httpStatus: 503, code: null });
    expect(await failure()).toMatchObject({ permanent: true, httpStatus: 400, code: null });
  });

  it('a 200 without messages[0].id is not taken as sent', async () => {
    fake.plan.push({ status: 200, body: { messaging_product: 'whatsapp', contacts: [], messages: [] } });
    expect(await failure()).toMatchObject({ permanent: false, httpStatus: 200 });
  });

  it('no answer within the timeout is retryable (10 s in production; 200 ms here)', async () => {
    fake.plan.push('hang');
    const error = await failure({ timeoutMs: 200 });
    expect(error).toMatchObject({ permanent: false, code: null });
    expect(error.message).toContain('no answer within 200 ms');
  });

  it('a server that is not there is a network error, retryable', async () => {
    const error = await failure({ url: 'http://127.0.0.1:9/v24.0' });
    expect(error).toMatchObject({ permanent: false });
    expect(error.message).toContain('network error');
  });
});
