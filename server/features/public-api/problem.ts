import type { FastifyError, FastifyInstance } from 'fastify';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { errorAnswer } from '../../http/error-handler.ts';

/** Where a problem type is explained (the documentation page's Errors section). */
export const PROBLEM_BASE = '/developers#problem-';

/**
 * The public API's error answers (RFC 9457 problem+json): type, title, status, detail, and on a
 * 422 the per-field errors ({ pointer: '/field', detail }). Invalid input is 422 here (400 in the
 * browser API): the request was well-formed JSON that the rules refuse.
 */
export function registerProblemDetails(v1: FastifyInstance): void {
  v1.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error, request);
    const validation = answer.body.code === 'VALIDATION_FAILED';
    const status = validation ? 422 : answer.status;
    const retryAfter = answer.retryAfter ?? (status === 429 ? String(reply.getHeader('retry-after') ?? '') : undefined);
    if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
    const detail = status === 429 ? fill(messages.developers.rateLimited, { seconds: retryAfter || '1' }) : answer.body.message;
    return reply
      .code(status)
      .type('application/problem+json')
      .send({
        type: `${PROBLEM_BASE}${answer.body.code.toLowerCase().replace(/_/g, '-')}`,
        title: answer.body.code,
        status,
        detail,
        ...(validation ? { errors: (answer.body.issues ?? []).map((issue) => ({ pointer: `/${issue.path.replace(/\./g, '/')}`, detail: issue.message })) } : {}),
        ...(answer.body.requestId ? { request_id: answer.body.requestId } : {}),
      });
  });
  // The budget's headers as the IETF draft names them (RateLimit-Limit, -Remaining, -Reset).
  v1.addHook('onSend', async (_request, reply, payload) => {
    for (const name of ['limit', 'remaining', 'reset'] as const) {
      const value = reply.getHeader(`x-ratelimit-${name}`);
      if (value === undefined) continue;
      reply.removeHeader(`x-ratelimit-${name}`);
      reply.header(`RateLimit-${name[0]!.toUpperCase()}${name.slice(1)}`, value);
    }
    return payload;
  });
}
