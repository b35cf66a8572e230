import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { teamSchema } from '../../../shared/schemas/dashboard.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { listTeam } from './list-team.ts';

export async function teamRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/team', { config: { access: 'user' }, schema: { response: { 200: teamSchema } } }, async (request) => listTeam(database.db, sessionOf(request)));
}
