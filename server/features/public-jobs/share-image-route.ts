import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import { jobIdParamsSchema, shareImageQuerySchema } from '../../../shared/schemas/job-detail.ts';
import type { Database } from '../../db/database.ts';
import { matchesEtag } from '../../http/answer-cache.ts';
import { notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { getPublicJob } from './get-public-job.ts';
import { getJobPageFacts } from './job-page-facts.ts';
import { readBounded, renderShareImage, ShareImageCache, shareImageContent, shareImageVersion } from './share-image.ts';

/**
 * GET /api/public/jobs/:jobId/share-image.png (issue 33, C3): the job's card for link previews,
 * 1200 × 630, for any job the public page shows (404 otherwise). Rendered once per version and
 * kept in memory; a versioned address is cached a day by browsers and CDNs, the bare one briefly.
 */
export async function shareImageRoutes(
  app: FastifyInstance,
  { database, storage, rateLimit, clock }: { database: Database; storage: FileStorage; rateLimit: { max: number; timeWindow: string }; clock: () => Date },
) {
  const images = new ShareImageCache();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/jobs/:jobId/share-image.png',
    { config: { access: 'public', rateLimit }, schema: { params: jobIdParamsSchema, querystring: shareImageQuerySchema } },
    async (request, reply) => {
      const { jobId } = request.params;
      const job = await getPublicJob(database.db, jobId, clock());
      if (!job) throw notFound(messages.jobDetail.notFound);
      const content = shareImageContent(job, await getJobPageFacts(database.db, jobId));
      const version = shareImageVersion(content);
      const etag = `"${version}"`;
      reply.header('etag', etag);
      reply.header('cache-control', request.query.v === version ? 'public, max-age=86400' : 'public, max-age=300');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const png = await images.get(version, async () => {
        const file = content.logoKey ? await storage.get(content.logoKey) : null;
        return renderShareImage(content, file ? await readBounded(file.body) : undefined);
      });
      return reply.type('image/png').send(png);
    },
  );
}
