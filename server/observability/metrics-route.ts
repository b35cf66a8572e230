import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages.ts';

interface Exposition {
  text(): Promise<string>;
  contentType: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time (hashes of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * GET /metrics on the app, for Prometheus (deploy/README.md, "Metrics"): with METRICS_TOKEN set,
 * only `Authorization: Bearer <METRICS_TOKEN>` reads it (401 otherwise); without it, 404, as any
 * unknown path. Outside /api, so no session or permission applies; the per-address budget does.
 */
export function registerMetricsRoute(app: FastifyInstance, deps: { token: string | undefined; metrics: Exposition }): void {
  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!deps.token) return reply.code(404).send({ code: 'NOT_FOUND', message: messages.errors.notFound });
    if (!bearerMatches(request.headers.authorization, deps.token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ code: 'METRICS_TOKEN_REQUIRED', message: messages.observability.metricsTokenRequired });
    }
    return reply.type(deps.metrics.contentType).send(await deps.metrics.text());
  });
}
