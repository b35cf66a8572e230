import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import { jobIdParamsSchema, publicJobDetailSchema } from '../../../shared/schemas/job-detail.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { getPublicJob } from './get-public-job.ts';

/** GET /api/public/jobs/:jobId: the public job page (spec point 2). */
export async function jobDetailRoutes(app: FastifyInstance, { database, rateLimit }: { database: Database; rateLimit: { max: number; timeWindow: string } }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/public/jobs/:jobId',
    { config: { access: 'public', rateLimit }, schema: { params: jobIdParamsSchema, response: { 200: publicJobDetailSchema } } },
    async (request) => {
      const job = await getPublicJob(database.db, request.params.jobId);
      if (!job) throw notFound(messages.jobDetail.notFound);
      return job;
    },
  );
}
