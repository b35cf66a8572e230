import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import { can } from '../../../shared/permissions.ts';
import {
  billingOverviewSchema,
  changePlanBodySchema,
  checksAddOnBodySchema,
  checkoutBodySchema,
  checkoutIdParamsSchema,
  checkoutResultSchema,
  devCheckoutSchema,
  invoiceIdParamsSchema,
  planStandingSchema,
} from '../../../shared/schemas/billing.ts';
import { sessionOf } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { adminBillingRoutes } from './admin-routes.ts';
import { getBillingOverview, getPlanStanding } from './billing-overview.ts';
import { completeDevCheckout, getDevCheckout, WEBHOOK_PATH } from './dev-payments.ts';
import { openInvoicePdf, storeInvoicePdf, supplierOf } from './invoices.ts';
import { applyPaymentEvent, paymentEventSchema } from './payment-events.ts';
import { createPaymentsProvider, verifyWebhookSignature } from './payments-provider.ts';
import { cancelPlan, changePlan, setChecksAddOn, startCheckout, type BillingActor } from './subscribe.ts';

const okSchema = z.object({ ok: z.literal(true) });

/**
 * Billing (issue 15): the plan and its standing, checkout, plan changes, cancellation, invoices,
 * and the payments provider's webhook. The access hook checks billing.view / billing.manage /
 * plan.view (route-permissions.ts); the company always comes from the caller's session.
 */
export async function billingRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const provider = createPaymentsProvider(deps.config);
  const supplier = supplierOf(deps.config);
  const actorOf = (request: FastifyRequest): BillingActor => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip };
  };

  adminBillingRoutes(app, deps, provider);

  api.get('/api/billing/standing', { config: { access: 'user' }, schema: { response: { 200: planStandingSchema } } }, async (request) =>
    getPlanStanding(db, actorOf(request).companyId, deps.clock()),
  );

  api.get('/api/billing', { config: { access: 'user' }, schema: { response: { 200: billingOverviewSchema } } }, async (request) => {
    const session = sessionOf(request);
    return getBillingOverview(db, { companyId: employerCompanyId(session), canManage: can(session.profile.company_role, 'billing.manage'), testMode: provider.id === 'development', now: deps.clock() });
  });

  api.post('/api/billing/checkout', { config: { access: 'user' }, schema: { body: checkoutBodySchema, response: { 200: checkoutResultSchema } } }, async (request) =>
    startCheckout(db, provider, actorOf(request), request.body),
  );

  api.post('/api/billing/change-plan', { config: { access: 'user' }, schema: { body: changePlanBodySchema, response: { 200: okSchema } } }, async (request) => {
    await changePlan(db, provider, actorOf(request), request.body, deps.clock());
    return { ok: true as const };
  });

  api.put('/api/billing/checks-add-on', { config: { access: 'user' }, schema: { body: checksAddOnBodySchema, response: { 200: okSchema } } }, async (request) => {
    await setChecksAddOn(db, provider, actorOf(request), request.body, deps.clock());
    return { ok: true as const };
  });

  api.post('/api/billing/cancel', { config: { access: 'user' }, schema: { response: { 200: okSchema } } }, async (request) => {
    await cancelPlan(db, provider, actorOf(request), deps.clock());
    return { ok: true as const };
  });

  api.get('/api/billing/checkouts/:checkoutId', { config: { access: 'user' }, schema: { params: checkoutIdParamsSchema, response: { 200: devCheckoutSchema } } }, async (request) =>
    getDevCheckout(db, provider, actorOf(request).companyId, request.params.checkoutId),
  );

  api.post('/api/billing/checkouts/:checkoutId/test-payment', { config: { access: 'user' }, schema: { params: checkoutIdParamsSchema, response: { 200: okSchema } } }, async (request) => {
    await completeDevCheckout(app, provider, actorOf(request).companyId, request.params.checkoutId, deps.clock());
    return { ok: true as const };
  });

  api.get('/api/billing/invoices/:invoiceId/pdf', { config: { access: 'user' }, schema: { params: invoiceIdParamsSchema } }, async (request, reply) => {
    const invoice = await openInvoicePdf({ db, storage: deps.storage }, actorOf(request).companyId, request.params.invoiceId);
    if (!invoice) throw notFound(messages.billing.invoiceNotFound);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="WorkCred-invoice-${invoice.number.replace(/\//g, '-')}.pdf"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(invoice.body);
  });

  // The webhook reads its body as bytes: the signature is over exactly what was sent.
  await app.register(async (webhook) => {
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
      // Razorpay names each event in this header; without it the body's own bytes identify it.
      const eventId = typeof header === 'string' && header.length > 0 && header.length <= 100 ? header : `body:${verifyDigest(raw)}`;
      const outcome = await applyPaymentEvent(db, { provider: provider.id, eventId, event: event.data, now: deps.clock(), supplier, billingUrl: `${deps.config.PUBLIC_URL}/dashboard/billing` });
      if (outcome.outcome === 'applied' && outcome.invoiceId) {
        // The invoice's PDF is made after the answer: Razorpay wants its 2xx within 5 s.
        const invoiceId = outcome.invoiceId;
        setImmediate(() => void storeInvoicePdf({ db, storage: deps.storage }, invoiceId).catch((error: unknown) => request.log.error({ err: error, invoiceId }, 'invoice PDF not stored; the first download makes it')));
      }
      return reply.send({ ok: true, outcome: outcome.outcome });
    });
  });
}

function verifyDigest(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex');
}
