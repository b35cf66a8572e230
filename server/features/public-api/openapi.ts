import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * The public API's OpenAPI 3.1 document, generated from the zod schemas the routes validate with
 * (@fastify/swagger collects the routes; fastify-type-provider-zod turns the schemas into JSON
 * Schema). Only /api/v1 is in it: the browser API is ours to change. Register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'WorkCred API',
        version: '1.0.0',
        description: 'Read and act on your company’s hiring data. Authenticate with an API key from Settings → Developers: `Authorization: Bearer wc_live_…`.',
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (wc_live_…) from Settings → Developers' } } },
      security: [{ apiKey: [] }],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      if (!input.url.startsWith('/api/v1/') || input.url === OPENAPI_PATH) return { ...transformed, schema: { ...transformed.schema, hide: true } };
      const scope = input.route.config?.apiScope;
      return { ...transformed, schema: { ...transformed.schema, ...(scope ? { description: `Needs the ${scope} scope.` } : {}) } };
    },
  });
}
