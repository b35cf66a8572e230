import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** /api/health: the process answers. /api/ready: and its database does too (for load balancers). */
export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/api/health', { config: { access: 'public', rateLimit: false } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { config: { access: 'public', rateLimit: false } }, async (request, reply) => {
    try {
      await sql`SELECT 1`.execute(database.db);
      return { status: 'ready', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
