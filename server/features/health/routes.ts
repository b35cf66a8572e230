import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Whether this instance is on its way out (SIGTERM, during SHUTDOWN_DRAIN_SECONDS): set by server.ts. */
export interface Lifecycle {
  draining: boolean;
}

/**
 * /api/health: the process answers. /api/ready: and its database does too, and it is not draining
 * (for load balancers: a draining instance answers 503 so it is taken out of rotation while it
 * still serves what reaches it, before it stops listening; deploy/README.md).
 */
export async function healthRoutes(app: FastifyInstance, { database, lifecycle }: { database: Database; lifecycle: Lifecycle }) {
  // Asked every few seconds by load balancers: no budget to count, and a 15-byte answer has nothing
  // to compress (or a body to decompress), so neither hook runs for them.
  const probe = { config: { access: 'public' as const, rateLimit: false }, compress: false, decompress: false } as const;
  app.get('/api/health', probe, async () => ({ status: 'ok' }));
  app.get('/api/ready', probe, async (request, reply) => {
    if (lifecycle.draining) return reply.code(503).header('connection', 'close').send({ status: 'draining' });
    try {
      await sql`SELECT 1`.execute(database.db);
      return { status: 'ready', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
