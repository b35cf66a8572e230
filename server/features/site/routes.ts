import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigSchema } from '../../../shared/schemas/site.ts';
import type { Config } from '../../config.ts';

/** What the browser may know about the server's configuration (an allow-list, nothing secret). */
export async function siteRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/site-config', { config: { access: 'public' }, schema: { response: { 200: siteConfigSchema } } }, async () => ({
    google_sign_in: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
  }));
}
