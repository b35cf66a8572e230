import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import { INVALID_WORK_EMAIL, joinWaitlistResultSchema, joinWaitlistSchema } from '../../../shared/schemas/waitlist.ts';
import { badRequest } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { joinWaitlist } from './join-waitlist.ts';

/** Sign-ups one address may make per minute: plenty for a person, little for a script. */
export const WAITLIST_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/**
 * A refused email answers with exactly the spec's message (not the generic "email: …" of other
 * validation failures), so the form can show the server's text as it is. Any other problem
 * (unknown fields, no body) keeps the usual validation answer.
 */
function formatValidationError(errors: FastifySchemaValidationError[]): Error {
  if (errors.some((error) => error.instancePath === '/email')) return badRequest(messages.waitlist.invalidWorkEmail, INVALID_WORK_EMAIL);
  return new Error(errors[0]?.message ?? messages.errors.invalidInput);
}

/** The landing page's waitlist (spec point 5): public, rate-limited per IP. */
export async function waitlistRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/waitlist',
    {
      config: { access: 'public', rateLimit: WAITLIST_RATE_LIMIT },
      schema: { body: joinWaitlistSchema, response: { 201: joinWaitlistResultSchema } },
      schemaErrorFormatter: formatValidationError,
    },
    async (request, reply) => {
      await joinWaitlist(database.db, request.body.email);
      return reply.code(201).send({ ok: true });
    },
  );
}
