import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { API_PROBLEMS } from '../../../shared/schemas/api-problems.ts';
import { decorateDocument } from './openapi-responses.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';

const DESCRIPTION = [
  'Read and act on your company’s hiring data. Authenticate with an API key from Settings → Developers: `Authorization: Bearer wc_live_…`.',
  '',
  'JSON in and out (`Content-Type: application/json`; anything else is 415), snake_case fields, times in ISO 8601 (UTC in answers; a time you send may carry any offset), dates as `YYYY-MM-DD`.',
  'Every failure is `application/problem+json` (RFC 9457) whose `type` is the address of its explanation: ' +
    API_PROBLEMS.map((problem) => `\`${problem.slug}\` (${problem.status})`).join(', ') +
    '. A path that does not exist is 404; a path that exists with other methods is 405 with an `Allow` header (OPTIONS answers 204 with it).',
].join('\n');

/**
 * The public API's OpenAPI 3.1 document, generated from the zod schemas the routes validate with
 * (@fastify/swagger collects the routes; fastify-type-provider-zod turns the schemas into JSON
 * Schema). Only /api/v1 is in it: the browser API is ours to change. Register before the routes.
 * Every operation lists each status it can answer with its headers (openapi-responses.ts), and
 * `webhooks` describes each event's delivery (openapi-webhooks.ts); Redocly's recommended rules
 * pass (tests/api/openapi-document.test.ts).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const options: FastifyDynamicSwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'WorkCred API',
        version: '1.0.0',
        description: DESCRIPTION,
        license: { name: 'WorkCred terms of service', url: new URL('/terms', config.PUBLIC_URL).href },
      },
      servers: [{ url: config.PUBLIC_URL, description: 'WorkCred' }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (wc_live_…) from Settings → Developers' } } },
      security: [{ apiKey: [] }],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      if (!input.url.startsWith('/api/v1/') || input.url === OPENAPI_PATH) return { ...transformed, schema: { ...transformed.schema, hide: true } };
      const scope = input.route.config?.apiScope;
      // Grouped by resource (/api/v1/<resource>/…): Jobs, Applications, Candidates, …
      const resource = input.url.split('/')[3] ?? '';
      const tag = resource.charAt(0).toUpperCase() + resource.slice(1);
      return { ...transformed, schema: { ...transformed.schema, tags: [tag], ...(scope ? { description: `Needs the ${scope} scope.` } : {}) } };
    },
    transformObject: (documentObject) => ('openapiObject' in documentObject ? decorateDocument(documentObject.openapiObject, config.PUBLIC_URL) : documentObject.swaggerObject),
  };
  await app.register(swagger, options);
}
