import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { applyToJobBodySchema, applyToJobResultSchema, jobIdParamsSchema, myApplicationSchema } from '../../../shared/schemas/job-detail.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { applyToJob, getMyApplication } from './apply-to-job.ts';

/**
 * Applications one user may submit per minute: a person applies to a handful of jobs at a time; a
 * script spraying applications does not get far. Keyed by user (the access hook has already
 * resolved the session), so a shared office IP does not throttle a whole team.
 */
export const APPLY_RATE_LIMIT = {
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `apply:${request.sessionContext?.userId ?? request.ip ?? 'unknown'}`,
} as const;

/** Applying to a job (spec point 6): signed-in candidates only. */
export async function jobApplicationRoutes(app: FastifyInstance, { config, database, clock, planLimits, onMessageQueued }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/jobs/:jobId/applications',
    {
      config: { access: 'user', rateLimit: APPLY_RATE_LIMIT },
      schema: { params: jobIdParamsSchema, body: applyToJobBodySchema, response: { 200: applyToJobResultSchema, 201: applyToJobResultSchema } },
    },
    async (request, reply) => {
      const { created, ...result } = await applyToJob(database.db, sessionOf(request), request.params.jobId, request.ip, request.body.source, clock(), { planLimits, publicUrl: config.PUBLIC_URL }, request.body.answers);
      // The "application received" email is in the outbox: send it now rather than at the next poll.
      if (created) onMessageQueued();
      return reply.code(created ? 201 : 200).send(result);
    },
  );

  api.get(
    '/api/jobs/:jobId/applications/mine',
    { config: { access: 'user' }, schema: { params: jobIdParamsSchema, response: { 200: myApplicationSchema } } },
    async (request) => getMyApplication(database.db, sessionOf(request), request.params.jobId),
  );
}
