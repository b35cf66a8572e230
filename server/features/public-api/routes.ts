import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import { createJobBodySchema, updateJobBodySchema } from '../../../shared/schemas/jobs.ts';
import { v1ApplicationListSchema, v1JobListSchema, v1JobParamsSchema, v1JobSchema } from '../../../shared/schemas/public-api.ts';
import { apiKeyOf } from '../../http/access.ts';
import { sendCachedAnswer } from '../../http/answer-cache.ts';
import { JOB_BODY_BYTES } from '../../http/json-body.ts';
import { startCompanyJobsCache } from '../jobs/company-jobs-cache.ts';
import { notFound } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { createJob } from '../jobs/create-job.ts';
import { employerJobsQueryWithCursorSchema } from '../jobs/job-cursor.ts';
import { listCompanyJobs } from '../jobs/list-company-jobs.ts';
import { closeJob, updateJob } from '../jobs/update-job.ts';
import { companyJob } from '../pipeline/get-job-pipeline.ts';
import { listCompanyApplications } from '../pipeline/list-applications.ts';
import { wholeCompany } from '../team/member-scope.ts';
import { applicationRoutes } from './applications-routes.ts';
import { registerIdempotency, sweepIdempotencyKeys } from './idempotency.ts';
import { keyActor, linkNext } from './key-actor.ts';
import { OPENAPI_PATH } from './openapi.ts';
import { peopleRoutes } from './people-routes.ts';
import { registerProblemDetails } from './problem.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The public API, /api/v1 (issue 16): API keys only (Authorization: Bearer; sessions do not work
 * here), each route's scope checked by the access hook, one budget per key shared by every
 * instance, problem+json errors, Idempotency-Key on every POST. The routes call the same service
 * functions as the browser API, scoped to the key's company; changes are made in the name of the
 * key's creator (keyActor).
 */
export async function publicApiRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { config, database, clock } = deps;
  const sweeper = setInterval(() => void sweepIdempotencyKeys(database.db, clock()).catch((error: unknown) => app.log.warn({ err: error }, 'idempotency sweep failed')), SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  const { cache: jobsCache, stop: stopJobsCache } = await startCompanyJobsCache(database, config.COMPANY_CACHE_SECONDS * 1000);
  app.addHook('onClose', stopJobsCache);

  await app.register(async (v1) => {
    registerProblemDetails(v1, config.PUBLIC_URL);
    // JSON only: Fastify's text/plain parser would hand a string to the schema, a 422 instead of 415.
    v1.removeContentTypeParser('text/plain');
    registerIdempotency(v1, database.db, clock);
    const api = v1.withTypeProvider<ZodTypeProvider>();
    const rateLimit = { max: config.API_RATE_LIMIT_MAX, timeWindow: config.API_RATE_LIMIT_WINDOW_SECONDS * 1000 };
    const db = database.db;
    const read = (apiScope: 'jobs:read' | 'applications:read') => ({ access: 'api-key' as const, apiScope, rateLimit });
    const write = { access: 'api-key' as const, apiScope: 'jobs:write' as const, rateLimit };

    // The document of this API, for code generators and the documentation page; no key needed.
    v1.get(OPENAPI_PATH, { config: { access: 'public' } }, async () => app.swagger());

    // The dashboard's cache of a company's pages (forgotten on every instance when its jobs change), in v1's shape.
    api.get('/api/v1/jobs', { config: read('jobs:read'), schema: { operationId: 'listJobs', summary: 'List jobs', querystring: employerJobsQueryWithCursorSchema, response: { 200: v1JobListSchema } } }, async (request, reply) => {
      const companyId = apiKeyOf(request).companyId;
      const { limit, cursor } = request.query;
      const answer = await jobsCache.answer(companyId, JSON.stringify(['v1', limit, cursor?.createdAt, cursor?.id]), async () => {
        const page = await listCompanyJobs(db, wholeCompany(companyId), request.query);
        return { value: v1JobListSchema.parse({ data: page.jobs, next_cursor: page.next_cursor }) };
      });
      // The answer ends with its next_cursor ({ data, next_cursor }): read it without parsing the page.
      const tail = answer!.body.slice(answer!.body.lastIndexOf('"next_cursor":') + '"next_cursor":'.length, -1);
      linkNext(request, reply, JSON.parse(tail) as string | null, config.PUBLIC_URL);
      return sendCachedAnswer(request, reply, answer!, 'private');
    });

    api.get('/api/v1/jobs/:id', { config: read('jobs:read'), schema: { operationId: 'getJob', summary: 'Get a job', params: v1JobParamsSchema, response: { 200: v1JobSchema } } }, async (request) => {
      const page = await listCompanyJobs(db, wholeCompany(apiKeyOf(request).companyId), { limit: 1, jobId: request.params.id });
      const job = page.jobs[0];
      if (!job) throw notFound(messages.jobDetail.notFound);
      return job;
    });

    api.post('/api/v1/jobs', { config: write, bodyLimit: JOB_BODY_BYTES, schema: { operationId: 'createJob', summary: 'Create a job', body: createJobBodySchema, response: { 201: v1JobSchema } } }, async (request, reply) =>
      reply.code(201).send(await createJob(db, await keyActor(db, request), request.body, clock())),
    );

    api.patch('/api/v1/jobs/:id', { config: write, bodyLimit: JOB_BODY_BYTES, schema: { operationId: 'updateJob', summary: 'Update a job', params: v1JobParamsSchema, body: updateJobBodySchema, response: { 200: v1JobSchema } } }, async (request) =>
      updateJob(db, await keyActor(db, request), request.params.id, request.body, clock()),
    );

    api.post('/api/v1/jobs/:id/close', { config: write, schema: { operationId: 'closeJob', summary: 'Close a job', params: v1JobParamsSchema, response: { 200: v1JobSchema } } }, async (request) =>
      closeJob(db, await keyActor(db, request), request.params.id, clock()),
    );

    api.get(
      '/api/v1/jobs/:id/applications',
      { config: read('applications:read'), schema: { operationId: 'listJobApplications', summary: 'List a job’s applications', params: v1JobParamsSchema, querystring: employerJobsQueryWithCursorSchema, response: { 200: v1ApplicationListSchema } } },
      async (request, reply) => {
        const companyId = apiKeyOf(request).companyId;
        await companyJob(db, companyId, request.params.id);
        const page = await listCompanyApplications(db, companyId, { jobId: request.params.id, limit: request.query.limit, cursor: request.query.cursor });
        linkNext(request, reply, page.next_cursor, config.PUBLIC_URL);
        return page;
      },
    );

    await applicationRoutes(v1, deps);
    await peopleRoutes(v1, deps);
  });
}
