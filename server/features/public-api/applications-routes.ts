import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { v1ApplicationDetailSchema, v1ApplicationListSchema, v1ApplicationParamsSchema, v1ApplicationsQuerySchema, v1MoveApplicationBodySchema, v1RejectApplicationBodySchema, v1StageChangeSchema } from '../../../shared/schemas/public-api.ts';
import { apiKeyOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { decodedCursorField } from '../jobs/job-cursor.ts';
import { getPipelineApplication } from '../pipeline/get-job-pipeline.ts';
import { listCompanyApplications } from '../pipeline/list-applications.ts';
import { moveStage } from '../pipeline/move-stage.ts';
import { wholeCompany } from '../team/member-scope.ts';
import { keyActor, linkNext } from './key-actor.ts';

/** /api/v1/applications: list (by job, stage, changed since), get with history, move, reject. */
export async function applicationRoutes(v1: FastifyInstance, { config, database, clock, onMessageQueued }: FeatureDeps) {
  const api = v1.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const rateLimit = { max: config.API_RATE_LIMIT_MAX, timeWindow: config.API_RATE_LIMIT_WINDOW_SECONDS * 1000 };
  const read = { access: 'api-key' as const, apiScope: 'applications:read' as const, rateLimit };
  const write = { access: 'api-key' as const, apiScope: 'applications:write' as const, rateLimit };

  api.get(
    '/api/v1/applications',
    { config: read, schema: { operationId: 'listApplications', summary: 'List applications', querystring: v1ApplicationsQuerySchema.extend({ cursor: decodedCursorField }), response: { 200: v1ApplicationListSchema } } },
    async (request, reply) => {
      const { job_id, stage, updated_since, limit, cursor } = request.query;
      const page = await listCompanyApplications(db, apiKeyOf(request).companyId, { jobId: job_id, stage, updatedSince: updated_since, limit, cursor });
      linkNext(request, reply, page.next_cursor, config.PUBLIC_URL);
      return page;
    },
  );

  api.get('/api/v1/applications/:id', { config: read, schema: { operationId: 'getApplication', summary: 'Get an application with its history', params: v1ApplicationParamsSchema, response: { 200: v1ApplicationDetailSchema } } }, async (request) =>
    getPipelineApplication(db, wholeCompany(apiKeyOf(request).companyId), request.params.id),
  );

  const move = async (actor: Awaited<ReturnType<typeof keyActor>>, applicationId: string, body: Parameters<typeof moveStage>[3]) => {
    const { result, emailed } = await moveStage(db, { ...actor, publicUrl: config.PUBLIC_URL }, applicationId, body, clock());
    if (emailed) onMessageQueued();
    return result;
  };

  api.post(
    '/api/v1/applications/:id/move',
    { config: write, schema: { operationId: 'moveApplication', summary: 'Move an application to a stage', params: v1ApplicationParamsSchema, body: v1MoveApplicationBodySchema, response: { 200: v1StageChangeSchema } } },
    async (request) => move(await keyActor(db, request), request.params.id, request.body),
  );

  api.post(
    '/api/v1/applications/:id/reject',
    { config: write, schema: { operationId: 'rejectApplication', summary: 'Reject an application', params: v1ApplicationParamsSchema, body: v1RejectApplicationBodySchema, response: { 200: v1StageChangeSchema } } },
    async (request) => move(await keyActor(db, request), request.params.id, { stage: 'rejected', note: request.body.note }),
  );
}
