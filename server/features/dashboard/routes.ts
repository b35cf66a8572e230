import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { completeProfileBodySchema, completeProfileResultSchema, dashboardOverviewSchema } from '../../../shared/schemas/dashboard.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { completeProfile } from '../profile/complete-profile.ts';
import { getDashboardOverview } from './get-overview.ts';

/** The employer dashboard: its overview and the "Complete Your Profile" dialog (spec points 2, 4 and 6). */
export async function dashboardRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/profile/complete',
    { config: { access: 'user' }, schema: { body: completeProfileBodySchema, response: { 201: completeProfileResultSchema } } },
    async (request, reply) => reply.code(201).send(await completeProfile(database.db, sessionOf(request), request.body, request.ip ?? 'unknown')),
  );

  api.get('/api/dashboard/overview', { config: { access: 'user' }, schema: { response: { 200: dashboardOverviewSchema } } }, async (request) =>
    getDashboardOverview(database.db, sessionOf(request)),
  );
}
