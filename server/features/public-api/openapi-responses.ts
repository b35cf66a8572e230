import { webhooksSection } from './openapi-webhooks.ts';

/**
 * What every /api/v1 operation can answer, added to the generated document (issue 33 C1): each
 * failure status as a problem+json response, the headers the API sends (the rate budget on every
 * answer, Retry-After, Link on pages, ETag and 304 where the list is cached, Idempotent-Replayed
 * on POSTs) and the Idempotency-Key a POST takes. Components are referenced, not repeated.
 */

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  parameters?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
}

const RATE_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

const problem = (description: string, headers: Json = {}) => ({
  description,
  headers: { ...RATE_HEADERS, ...headers },
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** The shared parts, under components: headers, parameters, the problem schema and each failure. */
const OPENAPI_COMPONENTS = (publicUrl: string) => ({
  headers: {
    'RateLimit-Limit': { description: 'Requests the key may make in the current window', schema: { type: 'integer' } },
    'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
    'RateLimit-Reset': { description: 'Seconds until the window starts again', schema: { type: 'integer' } },
    'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
    Link: { description: 'The next page, `<…>; rel="next"` (RFC 8288), when there is one; the same cursor is next_cursor in the body', schema: { type: 'string' } },
    ETag: { description: 'The answer’s version: send it back in If-None-Match, and an unchanged answer is 304 with no body', schema: { type: 'string' } },
    'Idempotent-Replayed': { description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key', schema: { type: 'string', enum: ['true'] } },
  },
  parameters: {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Any unique string (a UUID is ideal). A retry with the same key and body gets the first answer again for 24 hours, with Idempotent-Replayed: true, instead of doing the work twice.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
    },
    IfNoneMatch: { name: 'If-None-Match', in: 'header', required: false, description: 'The ETag of an answer you have: 304 when it has not changed', schema: { type: 'string' } },
  },
  schemas: {
    Problem: {
      type: 'object',
      description: 'An error (RFC 9457 problem details)',
      required: ['type', 'title', 'status', 'detail'],
      properties: {
        type: { type: 'string', format: 'uri', description: `The address of this kind of problem’s explanation, ${new URL('/developers', publicUrl).href}#problem-<slug>` },
        title: { type: 'string', description: 'The error’s code, such as VALIDATION_FAILED or JOB_CLOSED' },
        status: { type: 'integer', description: 'The HTTP status' },
        detail: { type: 'string', description: 'What went wrong, to show or log' },
        errors: { type: 'array', description: 'On 422: each field that breaks a rule', items: { type: 'object', required: ['pointer', 'detail'], properties: { pointer: { type: 'string', description: 'A JSON pointer to the field, such as /title' }, detail: { type: 'string' } } } },
        conflicts: { type: 'array', description: 'On interview-conflict: the interviewers who are busy then', items: { type: 'object' } },
        request_id: { type: 'string', description: 'The request id, also in the X-Request-Id header: quote it to support' },
      },
      additionalProperties: true,
    },
  },
  responses: {
    BadRequest: problem('The body is not valid JSON (invalid-json), nests too deeply (json-too-deep), or the Idempotency-Key header is malformed'),
    Unauthorized: problem('No key, or a key that is unknown, revoked or expired'),
    Forbidden: problem('The key lacks the scope this endpoint needs (missing-scope), or its creator has left the company (key-creator-gone)'),
    NotFound: problem('Nothing with that id in your company'),
    Conflict: problem('The change does not fit the current state (the title names the rule), an interviewer is busy then (interview-conflict, with conflicts), or a request with this Idempotency-Key is still running'),
    TooLarge: problem('The body is larger than this endpoint takes'),
    UnsupportedMediaType: problem('The body is not application/json'),
    Unprocessable: problem('The input breaks a rule: errors names each field; or the Idempotency-Key was used for a different request'),
    TooManyRequests: problem('The key spent its budget: wait for Retry-After seconds', { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }),
    Internal: problem('Our fault: quote request_id to support'),
    Unavailable: problem('Briefly unavailable (the database is restarting, for example): retry after Retry-After seconds', { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }),
  },
});

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The failures an operation can answer, by what it takes. */
function failures(path: string, method: string, operation: Operation): Record<string, Json> {
  const writes = method !== 'get' && method !== 'head';
  const body = operation.requestBody !== undefined;
  return {
    ...(writes ? { 400: ref('BadRequest') } : {}),
    401: ref('Unauthorized'),
    403: ref('Forbidden'),
    ...(path.includes('{') ? { 404: ref('NotFound') } : {}),
    ...(writes ? { 409: ref('Conflict') } : {}),
    ...(body ? { 413: ref('TooLarge'), 415: ref('UnsupportedMediaType') } : {}),
    ...(writes || body || (operation.parameters?.length ?? 0) > 0 ? { 422: ref('Unprocessable') } : {}),
    429: ref('TooManyRequests'),
    500: ref('Internal'),
    503: ref('Unavailable'),
  };
}

/** The operations whose answer carries an ETag (the cached company job list). */
const WITH_ETAG = new Set(['listJobs']);

/**
 * Adds each operation's failures, headers and the POSTs' Idempotency-Key to the generated
 * document, the components they refer to, and the webhooks section.
 */
export function decorateDocument<T extends object>(document: T, publicUrl: string): T {
  const whole = document as { paths?: Record<string, Record<string, Operation>>; components?: Record<string, Json>; webhooks?: Json };
  const ours = OPENAPI_COMPONENTS(publicUrl);
  whole.components = { ...whole.components, ...ours, schemas: { ...whole.components?.schemas, ...ours.schemas } };
  whole.webhooks = webhooksSection();
  const paths = whole.paths ?? {};
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const paged = operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'cursor') ?? false;
      const etag = WITH_ETAG.has(operation.operationId ?? '');
      const successHeaders = {
        ...RATE_HEADERS,
        ...(paged ? { Link: { $ref: '#/components/headers/Link' } } : {}),
        ...(etag ? { ETag: { $ref: '#/components/headers/ETag' } } : {}),
        ...(method === 'post' ? { 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } } : {}),
      };
      const responses: Record<string, Json> = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (status.startsWith('2')) responses[status] = { ...response, description: response.description === 'Default Response' ? (status === '201' ? 'Created' : 'OK') : response.description, headers: successHeaders };
      }
      if (etag) responses['304'] = { description: 'Not modified: the answer is the one whose ETag you sent', headers: { ...RATE_HEADERS, ETag: { $ref: '#/components/headers/ETag' } } };
      operation.responses = { ...responses, ...failures(path, method, operation) };
      const extra = [...(method === 'post' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []), ...(etag ? [{ $ref: '#/components/parameters/IfNoneMatch' }] : [])];
      if (extra.length > 0) operation.parameters = [...(operation.parameters ?? []), ...extra];
    }
  }
  return document;
}
