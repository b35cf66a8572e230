import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages.ts';
import { AppError } from './errors.ts';

/**
 * One shape for every error answer: { code, message } (+ issues for validation). 4xx say what is
 * wrong; 5xx say only that something failed and give the request id to quote, never internals.
 */
export interface ErrorAnswer {
  status: number;
  body: { code: string; message: string; issues?: { path: string; message: string }[]; requestId?: string; [extra: string]: unknown };
  retryAfter?: string;
}

/**
 * What to answer for an error, in one place: 4xx say what is wrong; 5xx say only that something
 * failed and give the request id to quote, never internals. The browser API sends it as
 * { code, message } (+ issues); the public API as problem+json (public-api/problem.ts).
 */
export function errorAnswer(error: FastifyError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof AppError) return { status: error.statusCode, body: { ...error.extra, code: error.code, message: error.message } };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: issue.message ?? 'Invalid value',
    }));
    const first = issues[0];
    const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : messages.errors.invalidInput;
    return { status: 400, body: { code: 'VALIDATION_FAILED', message, issues } };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, body: { code: 'TOO_LARGE', message: messages.errors.tooLarge } };
  if (status === 429) return { status, body: { code: 'TOO_MANY_REQUESTS', message: messages.errors.rateLimited } };
  if (status >= 400 && status < 500) return fastifyClientError(error, status);
  if (isInvalidInputForDatabase(error)) {
    // A value the schemas let through but PostgreSQL refuses is still the caller's input: 400.
    request.log.warn({ err: error }, 'input refused by the database');
    return { status: 400, body: { code: 'INVALID_INPUT', message: messages.errors.invalidInput } };
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return { status: 503, body: { code: 'UNAVAILABLE', message: messages.errors.unavailable, requestId: request.id }, retryAfter: '2' };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: { code: 'INTERNAL', message: messages.errors.internal, requestId: request.id } };
}

/**
 * A 4xx raised by Fastify itself (body parsing, content type): our code and message, never
 * Fastify's internal FST_ERR_* code or wording (issue 33 C1). Others' 4xx keep theirs.
 */
function fastifyClientError(error: FastifyError, status: number): ErrorAnswer {
  const code = error.code ?? '';
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { status: 400, body: { code: 'INVALID_JSON', message: messages.errors.invalidJson } };
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.errors.unsupportedMediaType } };
  if (code.startsWith('FST_')) return { status, body: { code: 'BAD_REQUEST', message: messages.errors.invalidInput } };
  return { status, body: { code: code || 'BAD_REQUEST', message: error.message || messages.errors.invalidInput } };
}

/** One shape for every error answer of the browser API: { code, message } (+ issues for validation). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error, request);
    if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
    return reply.code(answer.status).send(answer.body);
  });
}

// PostgreSQL SQLSTATEs caused by the values sent: bad encoding or NUL (22021, 22P05), text for a
// number or uuid (22P02), too long (22001), out of range (22003, 22008), CHECK / NOT NULL (23514, 23502).
const INVALID_INPUT_CODES = new Set(['22021', '22P05', '22P02', '22001', '22003', '22008', '23514', '23502']);

function isInvalidInputForDatabase(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && INVALID_INPUT_CODES.has(code)) return true;
  }
  return false;
}

// 25006 (read_only_sql_transaction): a write reached a server in recovery, which during a failover
// is the standby not yet promoted behind the database address (deploy/README.md, "Primary failover").
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006', '25006']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/** A lost or refused database connection, possibly wrapped (better-auth wraps errors in `cause`). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
