import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigSchema } from '../../../shared/schemas/site.ts';
import type { Config } from '../../config.ts';
import { siteConfigOf } from './site-config.ts';

/** GET /api/site-config (also in the /auth page the server sends, server/http/static.ts). */
export async function siteRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/site-config', { config: { access: 'public' }, schema: { response: { 200: siteConfigSchema } } }, async () => siteConfigOf(config));
}
