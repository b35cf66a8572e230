import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { completeProfileBodySchema, completeProfileResultSchema, dashboardOverviewSchema } from '../../../shared/schemas/dashboard.ts';
import { gettingStartedSchema, signupCompanySchema } from '../../../shared/schemas/getting-started.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { completeProfile } from '../profile/complete-profile.ts';
import { getSignupCompany } from '../profile/signup-company.ts';
import { getGettingStarted } from './getting-started.ts';
import { getDashboardOverview } from './get-overview.ts';

/** The employer dashboard: its overview and the "Complete Your Profile" dialog (spec points 2, 4 and 6). */
export async function dashboardRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/profile/complete',
    { config: { access: 'user' }, schema: { body: completeProfileBodySchema, response: { 201: completeProfileResultSchema } } },
    async (request, reply) => reply.code(201).send(await completeProfile(database.db, sessionOf(request), request.body, request.ip ?? 'unknown')),
  );

  // What Complete Your Profile offers first: the company the caller named at signup (issue 33, B2).
  api.get(
    '/api/profile/signup-company',
    { config: { access: 'user' }, schema: { response: { 200: signupCompanySchema } } },
    async (request) => getSignupCompany(database.db, sessionOf(request)),
  );

  api.get('/api/dashboard/overview', { config: { access: 'user' }, schema: { response: { 200: dashboardOverviewSchema } } }, async (request) =>
    getDashboardOverview(database.db, sessionOf(request)),
  );

  api.get(
    '/api/dashboard/getting-started',
    { config: { access: 'user' }, schema: { response: { 200: gettingStartedSchema } } },
    async (request) => getGettingStarted(database.db, sessionOf(request)),
  );
}
