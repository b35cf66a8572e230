import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobIdParamsSchema } from '../../../shared/schemas/job-detail.ts';
import { createJobBodySchema, employerJobSchema, hiringTeamSchema, putHiringTeamBodySchema, employerJobsPageSchema, jobApplicantListSchema, updateJobBodySchema } from '../../../shared/schemas/jobs.ts';
import { sessionOf } from '../../http/access.ts';
import { JOB_BODY_BYTES } from '../../http/json-body.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from './company-scope.ts';
import { createJob } from './create-job.ts';
import { deleteJob } from './delete-job.ts';
import { closeJob, reopenJob, updateJob } from './update-job.ts';
import { cloneJob, publishJob } from './job-drafts.ts';
import { getHiringTeam, setHiringTeam } from './hiring-team.ts';
import { employerJobsQueryWithCursorSchema } from './job-cursor.ts';
import { listCompanyJobs } from './list-company-jobs.ts';
import { startCompanyJobsCache } from './company-jobs-cache.ts';
import { sendCachedAnswer } from '../../http/answer-cache.ts';
import { listJobApplicants } from './list-job-applicants.ts';
import { memberScope } from '../team/member-scope.ts';

/** Jobs Management (spec points 2, 5 and 7): an employer's own company's jobs only. */
export async function jobsRoutes(app: FastifyInstance, { config, database, clock, planLimits }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A company's pages kept a few seconds, forgotten on every instance when its jobs or applications change.
  const { cache, stop } = await startCompanyJobsCache(database, config.COMPANY_CACHE_SECONDS * 1000);
  app.addHook('onClose', stop);

  // A page at a time: ?limit= (default 30, at most 100) and ?cursor= (the previous page's next_cursor).
  api.get(
    '/api/jobs',
    { config: { access: 'user' }, schema: { querystring: employerJobsQueryWithCursorSchema, response: { 200: employerJobsPageSchema } } },
    async (request, reply) => {
      const scope = memberScope(sessionOf(request));
      if (scope.assignedTo) return listCompanyJobs(database.db, scope, request.query);
      const { limit, cursor } = request.query;
      const answer = await cache.answer(scope.companyId, JSON.stringify([limit, cursor?.createdAt, cursor?.id]), async () => ({
        value: employerJobsPageSchema.parse(await listCompanyJobs(database.db, scope, request.query)),
      }));
      return sendCachedAnswer(request, reply, answer!, 'private');
    },
  );

  api.post('/api/jobs', { config: { access: 'user' }, bodyLimit: JOB_BODY_BYTES, schema: { body: createJobBodySchema, response: { 201: employerJobSchema } } }, async (request, reply) => {
    const session = sessionOf(request);
    const job = await createJob(database.db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.body, clock(), { planLimits });
    return reply.code(201).send(job);
  });

  // Edit, Close and Reopen on a job's card (issue 33 B3); the public API has the same functions.
  api.patch(
    '/api/jobs/:jobId',
    { config: { access: 'user' }, bodyLimit: JOB_BODY_BYTES, schema: { params: jobIdParamsSchema, body: updateJobBodySchema, response: { 200: employerJobSchema } } },
    async (request) => {
      const session = sessionOf(request);
      return updateJob(database.db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.params.jobId, request.body, clock(), { planLimits });
    },
  );

  api.post('/api/jobs/:jobId/close', { config: { access: 'user' }, schema: { params: jobIdParamsSchema, response: { 200: employerJobSchema } } }, async (request) => {
    const session = sessionOf(request);
    return closeJob(database.db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.params.jobId, clock());
  });

  api.post('/api/jobs/:jobId/reopen', { config: { access: 'user' }, schema: { params: jobIdParamsSchema, response: { 200: employerJobSchema } } }, async (request) => {
    const session = sessionOf(request);
    return reopenJob(database.db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.params.jobId, clock(), { planLimits });
  });

  // Drafts and clones (issue 36 §1).
  api.post('/api/jobs/:jobId/publish', { config: { access: 'user' }, schema: { params: jobIdParamsSchema, response: { 200: employerJobSchema } } }, async (request) => {
    const session = sessionOf(request);
    return publishJob(database.db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.params.jobId, clock(), { planLimits });
  });

  api.post('/api/jobs/:jobId/clone', { config: { access: 'user' }, schema: { params: jobIdParamsSchema, response: { 201: employerJobSchema } } }, async (request, reply) => {
    const session = sessionOf(request);
    const job = await cloneJob(database.db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.params.jobId);
    return reply.code(201).send(job);
  });

  // The job's hiring team (issue 36 §1): who hears of its applications.
  api.get('/api/jobs/:jobId/team', { config: { access: 'user' }, schema: { params: jobIdParamsSchema, response: { 200: hiringTeamSchema } } }, async (request) =>
    getHiringTeam(database.db, employerCompanyId(sessionOf(request)), request.params.jobId),
  );

  api.put('/api/jobs/:jobId/team', { config: { access: 'user' }, schema: { params: jobIdParamsSchema, body: putHiringTeamBodySchema, response: { 200: hiringTeamSchema } } }, async (request) => {
    const session = sessionOf(request);
    return setHiringTeam(database.db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.params.jobId, request.body);
  });

  api.delete('/api/jobs/:jobId', { config: { access: 'user' }, schema: { params: jobIdParamsSchema } }, async (request, reply) => {
    const session = sessionOf(request);
    await deleteJob(database.db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.params.jobId);
    return reply.code(204).send();
  });

  api.get('/api/jobs/:jobId/applications', { config: { access: 'user' }, schema: { params: jobIdParamsSchema, response: { 200: jobApplicantListSchema } } }, async (request) =>
    listJobApplicants(database.db, memberScope(sessionOf(request)), request.params.jobId),
  );
}
