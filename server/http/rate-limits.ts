import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { RateLimitCounter, rateLimitStore } from './rate-limit-store.ts';

/**
 * Who a request's budget belongs to (issue 14): the signed-in person on routes that need a
 * session (an office behind one address does not share one budget), the address on public
 * routes. The access hook has resolved the session by the time the limit is checked (both run
 * on onRequest; the access hook is registered first).
 */
export function budgetOwner(request: FastifyRequest): string {
  // The public API: each key has its own budget (route config API_RATE_LIMIT_*).
  if (request.apiKey) return `key:${request.apiKey.keyId}`;
  const userId = request.sessionContext?.userId;
  if (userId && request.routeOptions.config?.access !== 'public') return `user:${userId}`;
  // request.ip is absent on injected WebSocket upgrades; never let the key generator throw.
  return `ip:${request.ip ?? 'unknown'}`;
}

/** The general budget on every route without its own, counted in the shared database. */
export async function registerRateLimits(app: FastifyInstance, { config, database }: { config: Config; database: Database }) {
  const counter = new RateLimitCounter(database.pool, app.log);
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: budgetOwner,
    // The built app's hashed files are the same for everyone and cached for a year: a page's
    // chunks (thirty or more on a first visit) are not requests to budget.
    allowList: (request) => request.url.startsWith('/assets/'),
    store: rateLimitStore(counter),
  });
  app.addHook('onReady', async () => counter.start());
  app.addHook('onClose', async () => counter.stop());
  return counter;
}
