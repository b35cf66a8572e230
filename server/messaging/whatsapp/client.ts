import type { WhatsappTemplate } from '../../db/schema-whatsapp.ts';

/**
 * The WhatsApp Business Cloud API (Meta), as documented on developers.facebook.com (read
 * 2026-11-28: Cloud API reference "Messages", "Error codes", the messages webhook's status
 * reference):
 *
 *   POST {WHATSAPP_API_URL}/{phone-number-id}/messages, Authorization: Bearer <access token>,
 *   {"messaging_product": "whatsapp", "recipient_type": "individual", "to": "<digits>",
 *    "type": "template", "template": {"name", "language": {"code"}, "components":
 *    [{"type": "body", "parameters": [{"type": "text", "text"}, ...]}]}}
 *   → 200 {"messaging_product": "whatsapp", "contacts": [{"input", "wa_id"}],
 *          "messages": [{"id": "wamid...."}]}   (a wamid is at most 128 characters)
 *
 * Errors are Graph API error objects, {"error": {"message", "type", "code", "error_subcode",
 * "error_data": {"messaging_product", "details"}, "fbtrace_id"}}, and Meta asks that handling be
 * built on `code`, not on the HTTP status or the title in `message`.
 */
export const WHATSAPP_DEFAULT_API_URL = 'https://graph.facebook.com/v24.0';
/** Meta answers in well under a second; ten frees the outbox when it does not answer at all. */
export const WHATSAPP_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * Codes worth sending again later: throttling (4 app calls, 80007 account, 130429 throughput,
 * 131048 spam rate, 131056 the business–recipient pair), Meta's own trouble (1 unknown, 2 service,
 * 131000 something went wrong, 131016 service unavailable, 131057 maintenance, 133004 server
 * unavailable), and our credentials (0, 3, 10, 190 expired token, 200–299 permissions): a token is
 * renewed by the operator, and every message queued meanwhile should still go, not be dropped.
 * Every other code is about this message (100 invalid parameter, 131008/131009 parameters,
 * 131026 undeliverable, 131047 re-engagement, 131051 unsupported type, 132000 parameter count,
 * 132001 no such template, 132005–132016 template text, paused or disabled, 368 policy): sending
 * it again would fail the same way, so the outbox marks it failed at once.
 */
const RETRYABLE_CODES = new Set([0, 1, 2, 3, 4, 10, 190, 80007, 130429, 131000, 131016, 131048, 131056, 131057, 133004]);
const isPermissionCode = (code: number) => code >= 200 && code <= 299;

/** A send that did not go: `permanent` tells the outbox to stop trying (see RETRYABLE_CODES). */
export class WhatsAppError extends Error {
  override name = 'WhatsAppError';
  constructor(
    message: string,
    readonly permanent: boolean,
    /** Meta's error code; null when there was no Graph error object (a timeout, a proxy's page). */
    readonly code: number | null = null,
    readonly httpStatus: number | null = null,
    /** Meta's trace id, to quote to its support. */
    readonly fbtraceId: string | null = null,
  ) {
    super(message);
  }
}

export interface CloudApiOptions {
  /** WHATSAPP_API_URL: Graph's base with its version, e.g. https://graph.facebook.com/v24.0. */
  url: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the business number's id (not the number itself). */
  phoneNumberId: string;
  /** WHATSAPP_ACCESS_TOKEN: a system user's token with whatsapp_business_messaging. */
  accessToken: string;
  /** Injectable so tests prove the timeout in milliseconds. */
  timeoutMs?: number;
}

export interface TemplateSend {
  /** E.164 (+919876543210); sent as digits, as Meta's examples do. */
  to: string;
  template: WhatsappTemplate;
}

export interface SentWhatsApp {
  /** The wamid the delivery statuses will name. */
  id: string;
  /** The WhatsApp id Meta resolved the number to, when it said. */
  waId: string | null;
}

export interface CloudApiClient {
  sendTemplate(message: TemplateSend): Promise<SentWhatsApp>;
}

/** The request body of a template message, exactly as the reference shows it. */
export function templateMessageBody({ to, template }: TemplateSend): object {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: to.replace(/^\+/, ''),
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.language },
      components: template.parameters.length > 0 ? [{ type: 'body', parameters: template.parameters.map((text) => ({ type: 'text', text })) }] : [],
    },
  };
}

export function createCloudApiClient(options: CloudApiOptions): CloudApiClient {
  const endpoint = `${options.url.replace(/\/+$/, '')}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  const timeoutMs = options.timeoutMs ?? WHATSAPP_TIMEOUT_MS;
  return {
    async sendTemplate(message) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let status: number;
      let text: string;
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(templateMessageBody(message)),
          signal: timeout,
          redirect: 'error',
        });
        status = response.status;
        text = await readCapped(response);
      } catch (cause) {
        // No answer: Meta may or may not have taken it. Sending again risks a repeat, which is
        // better than a candidate never hearing; the outbox retries with backoff.
        const what = timeout.aborted ? `no answer within ${timeoutMs} ms` : 'network error';
        throw Object.assign(new WhatsAppError(`WhatsApp Cloud API: ${what}`, false), { cause });
      }
      let body: unknown = null;
      try {
        body = text === '' ? null : JSON.parse(text);
      } catch {
        // A proxy's HTML page: judged by its status alone below.
      }
      if (status >= 200 && status < 300) return sentOf(body, status);
      throw errorOf(body, status);
    },
  };
}

function sentOf(body: unknown, status: number): SentWhatsApp {
  const id = field(first(field(body, 'messages')), 'id');
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) {
    throw new WhatsAppError(`WhatsApp Cloud API answered HTTP ${status} without a message id`, false, null, status);
  }
  const waId = field(first(field(body, 'contacts')), 'wa_id');
  return { id, waId: typeof waId === 'string' ? waId : null };
}

/** A Graph error object to a WhatsAppError; a body without one is judged by its HTTP status. */
export function errorOf(body: unknown, status: number): WhatsAppError {
  const error = field(body, 'error');
  const code = field(error, 'code');
  const trace = field(error, 'fbtrace_id');
  const fbtraceId = typeof trace === 'string' ? trace.slice(0, 100) : null;
  if (typeof code !== 'number' || !Number.isInteger(code)) {
    const permanent = !(status === 429 || status >= 500);
    return new WhatsAppError(`WhatsApp Cloud API answered HTTP ${status}`, permanent, null, status, fbtraceId);
  }
  // The title is in `message` ("(#131026) Message Undeliverable"); `details` says why. Neither
  // carries the recipient's number, and both are cut short for last_error and the log.
  const title = field(error, 'message');
  const details = field(field(error, 'error_data'), 'details');
  const words = [typeof title === 'string' ? title : null, typeof details === 'string' ? details : null].filter(Boolean).join(': ').slice(0, 300);
  const permanent = !(RETRYABLE_CODES.has(code) || isPermissionCode(code) || status >= 500);
  return new WhatsAppError(`WhatsApp Cloud API error ${code} (HTTP ${status})${words ? `: ${words}` : ''}`, permanent, code, status, fbtraceId);
}

async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_ANSWER_BYTES) throw new Error(`answer of ${declared} bytes is over the cap`);
  const buffer = await response.arrayBuffer();
  if (buffer.byteLength > MAX_ANSWER_BYTES) throw new Error(`answer of ${buffer.byteLength} bytes is over the cap`);
  return new TextDecoder().decode(buffer);
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}
