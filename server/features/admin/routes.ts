import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { getPlatformStats } from './get-platform-stats.ts';

export const platformStatsSchema = z.object({ total_users: z.number(), companies: z.number(), active_jobs: z.number() });

export async function adminRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/admin/stats', { config: { access: 'admin' }, schema: { response: { 200: platformStatsSchema } } }, async () =>
    getPlatformStats(database.db),
  );
}
