import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCompaniesPageSchema, adminCompaniesQuerySchema, adminCompanyParamsSchema, enterprisePlanBodySchema, extendTrialBodySchema } from '../../../shared/schemas/billing.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { extendTrial, listCompanyPlans, setEnterprisePlan, type AdminActor } from './admin-companies.ts';
import type { PaymentsProvider } from './payments-provider.ts';

/** Platform admins: every company's plan and usage, trial extensions and Enterprise limits (issue 15), audited. */
export function adminBillingRoutes(app: FastifyInstance, deps: FeatureDeps, provider: PaymentsProvider) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const actorOf = (request: FastifyRequest): AdminActor => ({ userId: sessionOf(request).userId, ip: request.ip });

  api.get('/api/admin/companies', { config: { access: 'admin' }, schema: { querystring: adminCompaniesQuerySchema, response: { 200: adminCompaniesPageSchema } } }, async (request) =>
    listCompanyPlans(db, request.query, deps.clock()),
  );

  api.post(
    '/api/admin/companies/:companyId/extend-trial',
    { config: { access: 'admin' }, schema: { params: adminCompanyParamsSchema, body: extendTrialBodySchema, response: { 200: z.object({ trial_ends_at: z.string() }) } } },
    async (request) => extendTrial(db, actorOf(request), request.params.companyId, request.body.days, deps.clock()),
  );

  api.put(
    '/api/admin/companies/:companyId/enterprise',
    { config: { access: 'admin' }, schema: { params: adminCompanyParamsSchema, body: enterprisePlanBodySchema, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      await setEnterprisePlan(db, provider, actorOf(request), request.params.companyId, request.body, deps.clock());
      return { ok: true as const };
    },
  );
}
