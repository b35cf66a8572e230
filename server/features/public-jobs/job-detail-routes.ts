import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import { jobIdParamsSchema, publicJobDetailSchema } from '../../../shared/schemas/job-detail.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { publicRead } from '../../http/public-reads.ts';
import { getPublicJob } from './get-public-job.ts';
import { sendCachedAnswer, type PublicReadCache } from './public-cache.ts';

/** GET /api/public/jobs/:jobId: the public job page (spec point 2). */
export async function jobDetailRoutes(
  app: FastifyInstance,
  { database, cache, rateLimit, clock }: { database: Database; cache: PublicReadCache; rateLimit: { max: number; timeWindow: string }; clock: () => Date },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/jobs/:jobId',
    { config: { access: 'public', rateLimit }, schema: { params: jobIdParamsSchema, response: { 200: publicJobDetailSchema } } },
    async (request, reply) => {
      const answer = await cache.job(request.params.jobId, async () => {
        const job = await publicRead(database, request, (db) => getPublicJob(db, request.params.jobId, clock()), { since: cache.changeHeardAt });
        if (!job) return undefined;
        // An open job's page changes when it stops taking applications: kept no longer than that.
        const holdsUntil = job.accepting_applications && job.expires_at ? Date.parse(job.expires_at) : undefined;
        return { value: publicJobDetailSchema.parse(job), holdsUntil };
      });
      if (!answer) throw notFound(messages.jobDetail.notFound);
      return sendCachedAnswer(request, reply, answer);
    },
  );
}
