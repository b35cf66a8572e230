import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages.ts';
import { AppError } from './errors.ts';

/**
 * One shape for every error answer: { code, message } (+ issues for validation). 4xx say what is
 * wrong; 5xx say only that something failed and give the request id to quote, never internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : messages.errors.invalidInput;
      return reply.code(400).send({ code: 'VALIDATION_FAILED', message, issues });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ code: 'TOO_LARGE', message: messages.errors.tooLarge });
    if (status === 429) return reply.code(429).send({ code: 'TOO_MANY_REQUESTS', message: messages.errors.rateLimited });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message || messages.errors.invalidInput });
    }
    if (isInvalidInputForDatabase(error)) {
      // A value the schemas let through but PostgreSQL refuses is still the caller's input: 400.
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.code(400).send({ code: 'INVALID_INPUT', message: messages.errors.invalidInput });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '2').send({ code: 'UNAVAILABLE', message: messages.errors.unavailable, requestId: request.id });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ code: 'INTERNAL', message: messages.errors.internal, requestId: request.id });
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

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
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
