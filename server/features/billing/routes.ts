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
  planChangePreviewBodySchema,
  planChangePreviewSchema,
  planStandingSchema,
} from '../../../shared/schemas/billing.ts';
import { sessionOf } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { adminBillingRoutes } from './admin-routes.ts';
import { getBillingOverview, getPlanStanding } from './billing-overview.ts';
import { createPaymentsProvider } from './create-payments-provider.ts';
import { completeDevCheckout, getDevCheckout } from './dev-payments.ts';
import { openInvoicePdf } from './invoices.ts';
import { previewPlanChange } from './plan-preview.ts';
import { cancelPlan, changePlan, resumePlan, setChecksAddOn, startCheckout, type BillingActor } from './subscribe.ts';
import { paymentsWebhookRoute } from './webhook-route.ts';

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
    startCheckout(db, provider, actorOf(request), request.body, deps.clock()),
  );

  api.post(
    '/api/billing/preview',
    { config: { access: 'user' }, schema: { body: planChangePreviewBodySchema, response: { 200: planChangePreviewSchema } } },
    async (request) => previewPlanChange(db, actorOf(request).companyId, request.body, deps.clock()),
  );

  api.post('/api/billing/resume', { config: { access: 'user' }, schema: { response: { 200: checkoutResultSchema } } }, async (request) =>
    resumePlan(db, provider, actorOf(request), deps.clock()),
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
    getDevCheckout(db, provider, actorOf(request).companyId, request.params.checkoutId, deps.clock()),
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

  await paymentsWebhookRoute(app, deps, provider);
}
