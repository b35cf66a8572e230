import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import { v1JobListSchema, v1JobParamsSchema, v1JobSchema } from '../../../shared/schemas/public-api.ts';
import { apiKeyOf } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerJobsQueryWithCursorSchema } from '../jobs/job-cursor.ts';
import { listCompanyJobs } from '../jobs/list-company-jobs.ts';
import { OPENAPI_PATH } from './openapi.ts';
import { registerProblemDetails } from './problem.ts';

/** The next page's address in a Link header (RFC 8288), beside next_cursor in the body. */
function linkNext(request: FastifyRequest, reply: FastifyReply, nextCursor: string | null, publicUrl: string): void {
  if (!nextCursor) return;
  const url = new URL(request.url, publicUrl);
  url.searchParams.set('cursor', nextCursor);
  reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
}

/**
 * The public API, /api/v1 (issue 16): API keys only (Authorization: Bearer; sessions do not work
 * here), each route's scope checked by the access hook, one budget per key shared by every
 * instance, problem+json errors. The routes call the same service functions as the browser API,
 * scoped to the key's company.
 */
export async function publicApiRoutes(app: FastifyInstance, { config, database }: FeatureDeps) {
  await app.register(async (v1) => {
    registerProblemDetails(v1);
    const api = v1.withTypeProvider<ZodTypeProvider>();
    const rateLimit = { max: config.API_RATE_LIMIT_MAX, timeWindow: config.API_RATE_LIMIT_WINDOW_SECONDS * 1000 };
    const db = database.db;

    // The document of this API, for code generators and the documentation page; no key needed.
    v1.get(OPENAPI_PATH, { config: { access: 'public' } }, async () => app.swagger());

    api.get(
      '/api/v1/jobs',
      { config: { access: 'api-key', apiScope: 'jobs:read', rateLimit }, schema: { querystring: employerJobsQueryWithCursorSchema, response: { 200: v1JobListSchema } } },
      async (request, reply) => {
        const page = await listCompanyJobs(db, { companyId: apiKeyOf(request).companyId, assignedTo: null }, request.query);
        linkNext(request, reply, page.next_cursor, config.PUBLIC_URL);
        return { data: page.jobs, next_cursor: page.next_cursor };
      },
    );

    api.get(
      '/api/v1/jobs/:id',
      { config: { access: 'api-key', apiScope: 'jobs:read', rateLimit }, schema: { params: v1JobParamsSchema, response: { 200: v1JobSchema } } },
      async (request) => {
        const page = await listCompanyJobs(db, { companyId: apiKeyOf(request).companyId, assignedTo: null }, { limit: 1, jobId: request.params.id });
        const job = page.jobs[0];
        if (!job) throw notFound(messages.jobDetail.notFound);
        return job;
      },
    );
  });
}
