import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkRequestListSchema, checkRequestSchema, requestCheckBodySchema } from '../../../shared/schemas/check-requests.ts';
import { applicationIdParamsSchema } from '../../../shared/schemas/pipeline.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { memberScope } from '../team/member-scope.ts';
import { getCheckRequests, requestCheck } from './check-requests.ts';

/** Background checks an employer asks a candidate for, from the pipeline (issue 15); counted against the plan. */
export async function checkRequestRoutes(app: FastifyInstance, { database, config, clock, onMessageQueued }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/pipeline/applications/:applicationId/check-requests',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, response: { 200: checkRequestListSchema } } },
    async (request) => getCheckRequests(database.db, memberScope(sessionOf(request)), request.params.applicationId),
  );

  api.post(
    '/api/pipeline/applications/:applicationId/check-requests',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, body: requestCheckBodySchema, response: { 200: checkRequestSchema, 201: checkRequestSchema } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const actor = { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip, publicUrl: config.PUBLIC_URL };
      const { request: created, created: isNew } = await requestCheck(database.db, actor, request.params.applicationId, request.body.subject, clock());
      if (isNew) onMessageQueued();
      return reply.code(isNew ? 201 : 200).send(created);
    },
  );
}
