import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactMessageSchema, contactReceiptSchema } from '../../../shared/schemas/contact.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { submitContactMessage } from './submit-contact-message.ts';

// A person sends one message, maybe a correction; more than this from one address is a flood.
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

export async function contactRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/contact',
    {
      config: { access: 'public', rateLimit: CONTACT_RATE_LIMIT },
      bodyLimit: 32 * 1024,
      schema: { body: contactMessageSchema, response: { 201: contactReceiptSchema } },
    },
    async (request, reply) => reply.code(201).send(await submitContactMessage(database.db, request.body)),
  );
}
