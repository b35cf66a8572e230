import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { whatsappMessages as text } from '../../../shared/messages/whatsapp.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { recordStatusReports, statusReportsOf } from './delivery-statuses.ts';

export const WHATSAPP_WEBHOOK_PATH = '/api/webhooks/whatsapp';
/** A status call is a few kilobytes; Meta batches, so room for many. */
const WEBHOOK_BODY_BYTES = 512 * 1024;

export interface WhatsAppWebhookOptions {
  db: Kysely<DB>;
  /** WHATSAPP_APP_SECRET; unset, every POST is refused (nothing can be verified). */
  appSecret: string | undefined;
  /** WHATSAPP_VERIFY_TOKEN; unset, Meta's verification is refused. */
  verifyToken: string | undefined;
  clock: () => Date;
}

/** X-Hub-Signature-256 as Meta sends it: "sha256=" and the lower-case hex HMAC-SHA256 of the raw body with the app secret. */
export function signWhatsAppBody(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Compared in constant time once the lengths match; a missing header or secret never matches. */
export function verifyWhatsAppSignature(appSecret: string | undefined, rawBody: Buffer, header: string | undefined): boolean {
  if (!appSecret || !header) return false;
  const expected = Buffer.from(signWhatsAppBody(appSecret, rawBody), 'utf8');
  const given = Buffer.from(header, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sameSecret(expected: string, given: string): boolean {
  const a = createHmac('sha256', 'verify-token').update(expected).digest();
  const b = createHmac('sha256', 'verify-token').update(given).digest();
  return timingSafeEqual(a, b);
}

const verificationQuerySchema = z.looseObject({
  'hub.mode': z.string().max(20).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  // Meta's challenge is a number as text; it is echoed back, so only such text is.
  'hub.challenge': z.string().regex(/^[A-Za-z0-9_-]{1,200}$/).optional(),
});

/**
 * Meta's messages webhook for the WhatsApp channel (issue 36 §3). GET is the verification Meta
 * makes when the callback URL is saved; POST carries delivery statuses, signed with the app
 * secret. The POST reads its body as bytes (as the payments webhook does): the signature is over
 * exactly what was sent. A signed body answers 200 whatever it holds, since Meta retries anything
 * else for days; only an unsigned or badly signed one is refused (401).
 */
export async function whatsappWebhookRoutes(app: FastifyInstance, options: WhatsAppWebhookOptions) {
  app.get(WHATSAPP_WEBHOOK_PATH, { config: { access: 'public' }, schema: { querystring: verificationQuerySchema } }, async (request, reply) => {
    const query = request.query as z.infer<typeof verificationQuerySchema>;
    const token = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    if (query['hub.mode'] !== 'subscribe' || !options.verifyToken || token === undefined || challenge === undefined || !sameSecret(options.verifyToken, token)) {
      request.log.warn({ url: WHATSAPP_WEBHOOK_PATH }, 'WhatsApp webhook verification refused');
      return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden');
    }
    return reply.code(200).type('text/plain; charset=utf-8').send(challenge);
  });

  await app.register(async (webhook) => {
    // In place of the app's depth-checked JSON parser (http/json-body.ts): these bytes are hashed first.
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_BYTES }, (_request, body, done) => done(null, body));
    webhook.post(WHATSAPP_WEBHOOK_PATH, { config: { access: 'public' } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-hub-signature-256'];
      if (!verifyWhatsAppSignature(options.appSecret, raw, typeof header === 'string' ? header : undefined)) {
        request.log.warn({ url: WHATSAPP_WEBHOOK_PATH, signed: header !== undefined }, 'WhatsApp webhook with a missing or wrong signature refused');
        throw new AppError(401, 'SIGNATURE_INVALID', text.webhookSignatureInvalid);
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest(text.webhookBodyInvalid, 'BODY_INVALID');
      }
      const outcome = await recordStatusReports(options.db, statusReportsOf(body, options.clock()));
      return reply.send({ ok: true, ...outcome });
    });
  });
}
