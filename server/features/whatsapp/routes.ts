import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { whatsappOptInBodySchema, whatsappOptInSchema } from '../../../shared/schemas/whatsapp.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { candidateIdOf, getWhatsappOptIn, setWhatsappOptIn } from './opt-in.ts';

/** The signed-in candidate's WhatsApp opt-in (issue 36 §3): their own row only, by construction. */
export async function whatsappOptInRoutes(app: FastifyInstance, { config, database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const available = config.WHATSAPP_PROVIDER !== 'none';

  api.get('/api/candidate/whatsapp', { config: { access: 'user' }, schema: { response: { 200: whatsappOptInSchema } } }, async (request) =>
    getWhatsappOptIn(db, candidateIdOf(sessionOf(request)), available),
  );

  api.put(
    '/api/candidate/whatsapp',
    { config: { access: 'user' }, schema: { body: whatsappOptInBodySchema, response: { 200: whatsappOptInSchema } } },
    async (request) => setWhatsappOptIn(db, candidateIdOf(sessionOf(request)), request.body.opted_in, { available, ip: request.ip }),
  );
}
