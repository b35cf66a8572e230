import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicCompaniesSchema, publicJobsPageSchema, publicJobsQuerySchema } from '../../../shared/schemas/public-jobs.ts';
import { publicRead } from '../../http/public-reads.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { jobDetailRoutes } from './job-detail-routes.ts';
import { listHiringCompanies } from './list-hiring-companies.ts';
import { sendCachedAnswer, startPublicReadCache } from './public-cache.ts';
import { searchPublicJobs } from './search-public-jobs.ts';
import { shareImageRoutes } from './share-image-route.ts';

// Generous: a person browsing pages and refining a search stays far below it; a scraper does not.
export const PUBLIC_BROWSING_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

export async function publicJobsRoutes(app: FastifyInstance, { config, database, storage, clock }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Answers kept a few seconds in memory and by CDNs, forgotten on every instance when a job changes.
  const { cache, stop } = await startPublicReadCache(database, config.PUBLIC_CACHE_SECONDS * 1000);
  app.addHook('onClose', stop);
  api.get(
    '/api/public/jobs',
    { config: { access: 'public', rateLimit: PUBLIC_BROWSING_RATE_LIMIT }, schema: { querystring: publicJobsQuerySchema, response: { 200: publicJobsPageSchema } } },
    async (request, reply) => {
      const { q, location, page, page_size } = request.query;
      const answer = await cache.board(JSON.stringify([q, location, page, page_size]), async () => ({
        // From the read replica for anonymous callers, once it holds the last change heard (decision record 0031).
        value: publicJobsPageSchema.parse(await publicRead(database, request, (db) => searchPublicJobs(db, request.query), { since: cache.changeHeardAt })),
      }));
      return sendCachedAnswer(request, reply, answer!);
    },
  );
  api.get(
    '/api/public/companies',
    { config: { access: 'public', rateLimit: PUBLIC_BROWSING_RATE_LIMIT }, schema: { response: { 200: publicCompaniesSchema } } },
    async (request) => publicRead(database, request, listHiringCompanies),
  );
  await jobDetailRoutes(app, { database, cache, rateLimit: PUBLIC_BROWSING_RATE_LIMIT, clock });
  await shareImageRoutes(app, { database, storage, rateLimit: PUBLIC_BROWSING_RATE_LIMIT, clock });
}
