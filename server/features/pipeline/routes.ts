import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applicationIdParamsSchema,
  bulkRejectBodySchema,
  bulkRejectResultSchema,
  createDriveBodySchema,
  driveListSchema,
  driveSchema,
  jobPipelineSchema,
  moveStageBodySchema,
  pipelineApplicationDetailSchema,
  pipelineJobParamsSchema,
  pipelineQuerySchema,
  stageChangeResultSchema,
  withdrawBodySchema,
} from '../../../shared/schemas/pipeline.ts';
import { companyCandidateSearchQuerySchema, companyCandidateSearchSchema } from '../../../shared/schemas/company-candidate-search.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { createDrive, listDrives } from './drives.ts';
import { getJobPipeline, getPipelineApplication } from './get-job-pipeline.ts';
import { memberScope } from '../team/member-scope.ts';
import { bulkReject, moveStage, withdrawApplication } from './move-stage.ts';
import { searchCompanyCandidates } from './search-company-candidates.ts';
import { candidateRecordRoutes } from './record-routes.ts';

/**
 * Pipeline (issue 7 point 1): stages, history, bulk reject, drives and sources. Employers act on
 * their own company's jobs only (employerCompanyId; another company's object is 404); the one
 * candidate route, withdraw, acts on the caller's own application only.
 */
export async function pipelineRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { database, config, onMessageQueued, clock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Tags, notes, the timeline and the resume inline (issue 36 §2).
  await candidateRecordRoutes(app, deps);
  const employer = (request: FastifyRequest) => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip, publicUrl: config.PUBLIC_URL };
  };

  api.get(
    '/api/pipeline/jobs/:jobId',
    { config: { access: 'user' }, schema: { params: pipelineJobParamsSchema, querystring: pipelineQuerySchema, response: { 200: jobPipelineSchema } } },
    async (request) => getJobPipeline(database.db, memberScope(sessionOf(request)), request.params.jobId, request.query.show, request.query.tag),
  );

  api.post(
    '/api/pipeline/jobs/:jobId/bulk-reject',
    { config: { access: 'user' }, schema: { params: pipelineJobParamsSchema, body: bulkRejectBodySchema, response: { 200: bulkRejectResultSchema } } },
    async (request) => {
      const { result, emailed } = await bulkReject(database.db, employer(request), request.params.jobId, request.body, clock());
      if (emailed) onMessageQueued();
      return result;
    },
  );

  // Find a candidate (issue 36 §2): the company's candidates by name, email, phone or ID.
  api.get(
    '/api/pipeline/candidates/search',
    { config: { access: 'user' }, schema: { querystring: companyCandidateSearchQuerySchema, response: { 200: companyCandidateSearchSchema } } },
    async (request) => searchCompanyCandidates(database.db, memberScope(sessionOf(request)), request.query.q),
  );

  api.get(
    '/api/pipeline/applications/:applicationId',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, response: { 200: pipelineApplicationDetailSchema } } },
    async (request) => getPipelineApplication(database.db, memberScope(sessionOf(request)), request.params.applicationId),
  );

  api.post(
    '/api/pipeline/applications/:applicationId/stage',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, body: moveStageBodySchema, response: { 200: stageChangeResultSchema } } },
    async (request) => {
      const { result, emailed } = await moveStage(database.db, employer(request), request.params.applicationId, request.body, clock());
      if (emailed) onMessageQueued();
      return result;
    },
  );

  api.post(
    '/api/pipeline/applications/:applicationId/withdraw',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, body: withdrawBodySchema, response: { 200: stageChangeResultSchema } } },
    async (request) => {
      const session = sessionOf(request);
      return withdrawApplication(database.db, { userId: session.userId, ip: request.ip, publicUrl: config.PUBLIC_URL }, request.params.applicationId);
    },
  );

  api.get('/api/pipeline/drives', { config: { access: 'user' }, schema: { response: { 200: driveListSchema } } }, async (request) =>
    listDrives(database.db, employer(request).companyId),
  );

  api.post('/api/pipeline/drives', { config: { access: 'user' }, schema: { body: createDriveBodySchema, response: { 201: driveSchema } } }, async (request, reply) => {
    const drive = await createDrive(database.db, employer(request), request.body.name);
    return reply.code(201).send(drive);
  });
}
