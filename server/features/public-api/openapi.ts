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
      // Grouped by resource (/api/v1/<resource>/…): Jobs, Applications, Candidates, …
      const resource = input.url.split('/')[3] ?? '';
      const tag = resource.charAt(0).toUpperCase() + resource.slice(1);
      const schema = transformed.schema as { response?: Record<string, unknown>; body?: unknown; querystring?: unknown; params?: unknown };
      return { ...transformed, schema: { ...schema, tags: [tag], response: { ...schema.response, ...problemResponses(input.url, input.route.method, schema) }, ...(scope ? { description: `Needs the ${scope} scope.` } : {}) } };
    },
  });
}

/** RFC 9457 problem details, as every /api/v1 failure answers (problem.ts). */
const PROBLEM_SCHEMA = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', description: 'A URL naming the kind of problem, documented at /developers#errors' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string', description: 'What went wrong, to show or log' },
    errors: { type: 'array', description: 'On 422: each field that breaks a rule', items: { type: 'object', properties: { pointer: { type: 'string' }, detail: { type: 'string' } } } },
    request_id: { type: 'string', description: 'On 500: quote it to support' },
  },
  additionalProperties: true,
} as const;

const PROBLEM_DESCRIPTIONS: Record<string, string> = {
  '401': 'No key, or a key that is unknown, revoked or expired',
  '403': 'The key lacks the scope this endpoint needs',
  '404': 'Nothing with that id in your company',
  '409': 'The change does not fit the current state, or a request with this Idempotency-Key is still running',
  '422': 'The input breaks a rule; errors names each field',
  '429': 'The key spent its budget; wait for Retry-After seconds',
};

/** The failures a route can answer, each as application/problem+json. */
function problemResponses(url: string, method: string | string[], schema: { body?: unknown; querystring?: unknown; params?: unknown }) {
  const writes = [method].flat().some((one) => one !== 'GET' && one !== 'HEAD');
  const codes = ['401', '403', '429'];
  if (url.includes(':')) codes.push('404');
  if (writes) codes.push('409');
  if (writes || schema.body || schema.querystring || schema.params) codes.push('422');
  return Object.fromEntries(codes.map((code) => [code, { description: PROBLEM_DESCRIPTIONS[code], content: { 'application/problem+json': { schema: PROBLEM_SCHEMA } } }]));
}
