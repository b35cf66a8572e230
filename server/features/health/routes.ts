import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** /api/health: the process answers. /api/ready: and its database does too (for load balancers). */
export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  // Asked every few seconds by load balancers: no budget to count, and a 15-byte answer has nothing
  // to compress (or a body to decompress), so neither hook runs for them.
  const probe = { config: { access: 'public' as const, rateLimit: false }, compress: false, decompress: false } as const;
  app.get('/api/health', probe, async () => ({ status: 'ok' }));
  app.get('/api/ready', probe, async (request, reply) => {
    try {
      await sql`SELECT 1`.execute(database.db);
      return { status: 'ready', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
