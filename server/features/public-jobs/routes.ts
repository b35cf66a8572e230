import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicCompaniesSchema, publicJobsPageSchema, publicJobsQuerySchema } from '../../../shared/schemas/public-jobs.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { jobDetailRoutes } from './job-detail-routes.ts';
import { listHiringCompanies } from './list-hiring-companies.ts';
import { searchPublicJobs } from './search-public-jobs.ts';

// Generous: a person browsing pages and refining a search stays far below it; a scraper does not.
export const PUBLIC_BROWSING_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

export async function publicJobsRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/public/jobs',
    { config: { access: 'public', rateLimit: PUBLIC_BROWSING_RATE_LIMIT }, schema: { querystring: publicJobsQuerySchema, response: { 200: publicJobsPageSchema } } },
    async (request) => searchPublicJobs(database.db, request.query),
  );
  api.get(
    '/api/public/companies',
    { config: { access: 'public', rateLimit: PUBLIC_BROWSING_RATE_LIMIT }, schema: { response: { 200: publicCompaniesSchema } } },
    async () => listHiringCompanies(database.db),
  );
  await jobDetailRoutes(app, { database, rateLimit: PUBLIC_BROWSING_RATE_LIMIT });
}
