import type { FastifyInstance } from 'fastify';
import { messages } from '../../../shared/messages.ts';
import { badRequest } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { WEBHOOK_PATH } from './dev-payments.ts';
import { storeInvoicePdf, supplierOf } from './invoices.ts';
import { applyPaymentEvent, paymentEventSchema } from './payment-events.ts';
import type { PaymentsProvider } from './payments-provider.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

/**
 * The payments provider's webhook. It reads its body as bytes: the signature is over exactly what
 * was sent. Whether an event is new comes from the signed body (payment-events.ts), never from
 * X-Razorpay-Event-Id, which anyone holding an old body could change.
 */
export async function paymentsWebhookRoute(app: FastifyInstance, deps: FeatureDeps, provider: PaymentsProvider) {
  const { db } = deps.database;
  const supplier = supplierOf(deps.config);
  await app.register(async (webhook) => {
    // In place of the app's depth-checked JSON parser (http/json-body.ts): these bytes are hashed, not parsed.
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    webhook.post(WEBHOOK_PATH, { config: { access: 'public' } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-razorpay-signature'];
      if (!verifyWebhookSignature(provider.webhookSecret, raw, typeof signature === 'string' ? signature : undefined)) {
        request.log.warn({ url: request.url }, 'payments webhook with a wrong signature refused');
        throw badRequest(messages.billing.webhookSignatureInvalid, 'SIGNATURE_INVALID');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest(messages.billing.webhookBodyInvalid, 'BODY_INVALID');
      }
      const event = paymentEventSchema.safeParse(parsed);
      if (!event.success) throw badRequest(messages.billing.webhookBodyInvalid, 'BODY_INVALID');
      const header = request.headers['x-razorpay-event-id'];
      const deliveryId = typeof header === 'string' && header.length > 0 && header.length <= 100 ? header : null;
      const outcome = await applyPaymentEvent(db, { provider: provider.id, deliveryId, event: event.data, now: deps.clock(), supplier, billingUrl: `${deps.config.PUBLIC_URL}/dashboard/billing` });
      if (outcome.outcome === 'stale') request.log.info({ event: event.data.event, deliveryId, reason: outcome.reason }, 'stale payments event left the plan as it was');
      if ((outcome.outcome === 'applied' || outcome.outcome === 'stale') && outcome.invoiceId) {
        // The invoice's PDF is made after the answer: Razorpay wants its 2xx within 5 s.
        const invoiceId = outcome.invoiceId;
        setImmediate(() => void storeInvoicePdf({ db, storage: deps.storage }, invoiceId).catch((error: unknown) => request.log.error({ err: error, invoiceId }, 'invoice PDF not stored; the first download makes it')));
      }
      return reply.send({ ok: true, outcome: outcome.outcome });
    });
  });
}
