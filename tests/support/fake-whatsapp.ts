import { startFakeJsonServer, type FakeAnswer, type FakeJsonServer } from './fake-json-server.ts';

export const WHATSAPP_PHONE_NUMBER_ID = '106540352242922';
export const WHATSAPP_TOKEN = 'EAAJB-test-token';

/** A Graph API error object as the Cloud API's error-code reference shows it. */
export function graphError(status: number, code: number, title: string, details: string): FakeAnswer {
  return {
    status,
    body: { error: { message: `(#${code}) ${title}`, type: 'OAuthException', code, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam' } },
  };
}

/** The documented errors the contract tests walk through (HTTP status, code, title, details). */
export const whatsappErrors = {
  undeliverable: graphError(400, 131026, 'Message Undeliverable', 'Unable to deliver message. Reasons can include: the recipient phone number is not a WhatsApp phone number.'),
  reEngagement: graphError(400, 131047, 'Re-engagement message', 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.'),
  parameterCount: graphError(400, 132000, 'Number of parameters does not match the expected number of params', 'body: number of localizable_params (2) does not match the expected number of params (3)'),
  noTemplate: graphError(404, 132001, 'Template name does not exist in the translation', 'template name (application_received) does not exist in en'),
  invalidParameter: graphError(400, 100, 'Invalid parameter', 'Unexpected key "foo" on param "template".'),
  throughput: graphError(400, 130429, 'Rate limit hit', 'Message failed to send because there were too many messages sent from this phone number in a short period of time'),
  pairLimit: graphError(400, 131056, '(Business Account, Consumer Account) pair rate limit hit', 'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time'),
  spamLimit: graphError(400, 131048, 'Spam rate limit hit', 'Message failed to send because there are restrictions on how many messages can be sent from this phone number.'),
  tooManyCalls: graphError(429, 4, 'Application request limit reached', 'The app has reached its API call rate limit.'),
  expiredToken: graphError(401, 190, 'Error validating access token: Session has expired', 'Access token has expired'),
  somethingWrong: graphError(500, 131000, 'Something went wrong', 'Message failed to send due to an unknown error.'),
} as const;

/**
 * Meta's Cloud API messages endpoint on 127.0.0.1:0: checks the bearer token and the path, and
 * answers the documented success shape with a fresh wamid; tests plan error answers ahead.
 */
export async function startFakeWhatsApp(): Promise<FakeJsonServer & { apiUrl: string }> {
  let next = 0;
  const server = await startFakeJsonServer((request) => {
    if (request.headers.authorization !== `Bearer ${WHATSAPP_TOKEN}`) return whatsappErrors.expiredToken;
    if (request.method !== 'POST' || request.path !== `/v24.0/${WHATSAPP_PHONE_NUMBER_ID}/messages`) return graphError(400, 100, 'Invalid parameter', 'Unknown path');
    const to = (request.body as { to?: unknown } | null)?.to;
    next += 1;
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgS${String(next).padStart(6, '0')}AA==` }] } };
  });
  return Object.assign(server, { apiUrl: `${server.url}/v24.0` });
}
