import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { problemSlug } from '../../../shared/schemas/api-problems.ts';
import type { DeclaredRoute } from '../../http/access.ts';
import { errorAnswer } from '../../http/error-handler.ts';

/** Where a problem type is explained: the documentation page's Errors section, one anchor per type. */
export const problemType = (publicUrl: string, code: string, status: number) => `${new URL('/developers', publicUrl).href}#problem-${problemSlug(code, status)}`;

/** An RFC 9457 problem+json answer; `extra` adds members (errors, conflicts, request_id). */
export function sendProblem(reply: FastifyReply, publicUrl: string, status: number, code: string, detail: string, extra: Record<string, unknown> = {}) {
  return reply.code(status).type('application/problem+json').send({ type: problemType(publicUrl, code, status), title: code, status, detail, ...extra });
}

/**
 * The public API's error answers (RFC 9457 problem+json): type, title, status, detail, and on a
 * 422 the per-field errors ({ pointer: '/field', detail }). Invalid input is 422 here (400 in the
 * browser API): the request was well-formed JSON that the rules refuse.
 */
export function registerProblemDetails(v1: FastifyInstance, publicUrl: string): void {
  v1.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error, request);
    const validation = answer.body.code === 'VALIDATION_FAILED';
    const status = validation ? 422 : answer.status;
    const retryAfter = answer.retryAfter ?? (status === 429 ? String(reply.getHeader('retry-after') ?? '') : undefined);
    if (answer.retryAfter) reply.header('retry-after', answer.retryAfter);
    const detail = status === 429 ? fill(messages.developers.rateLimited, { seconds: retryAfter || '1' }) : answer.body.message;
    return sendProblem(reply, publicUrl, status, answer.body.code, detail, {
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

/** A route's path as a pattern: /api/v1/jobs/:id → ^/api/v1/jobs/[^/]+$. */
const patternOf = (url: string) => new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);

/**
 * What /api/v1 answers when no route matches (issue 33 C1): a path that exists with other methods
 * is 405 with Allow (OPTIONS is answered 204 with Allow); any other is 404. Both as problem+json,
 * before any key is checked: the paths are public in the OpenAPI document anyway.
 */
export function unmatchedV1(routes: readonly DeclaredRoute[], publicUrl: string) {
  let patterns: { pattern: RegExp; methods: Set<string> }[] | undefined;
  return (request: FastifyRequest, reply: FastifyReply) => {
    // Built on first use: every route is declared by then.
    if (!patterns) {
      const byUrl = new Map<string, Set<string>>();
      for (const route of routes.filter((one) => one.url.startsWith('/api/v1/'))) {
        const methods = byUrl.get(route.url) ?? new Set<string>();
        for (const method of route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]) methods.add(method);
        byUrl.set(route.url, methods);
      }
      patterns = [...byUrl].map(([url, methods]) => ({ pattern: patternOf(url), methods }));
    }
    const path = request.url.split('?')[0] ?? request.url;
    const allowed = [...new Set(patterns.filter((one) => one.pattern.test(path)).flatMap((one) => [...one.methods]))];
    if (allowed.length === 0) return sendProblem(reply, publicUrl, 404, 'NOT_FOUND', messages.errors.notFound);
    const allow = [...allowed, 'OPTIONS'].join(', ');
    reply.header('allow', allow);
    if (request.method === 'OPTIONS') return reply.code(204).send();
    return sendProblem(reply, publicUrl, 405, 'METHOD_NOT_ALLOWED', fill(messages.errors.methodNotAllowed, { method: request.method, allowed: allow }));
  };
}
