import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meSchema } from '../../../shared/schemas/auth.ts';
import type { Database } from '../../db/database.ts';
import { sessionOf } from '../../http/access.ts';
import { getMe } from './get-me.ts';

export async function profileRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // 'session' (not 'user'): the browser needs to learn that a second factor is still due.
  api.get('/api/me', { config: { access: 'session' }, schema: { response: { 200: meSchema } } }, async (request) =>
    getMe(database.db, sessionOf(request)),
  );
  // RPC is_admin of spec point 7, decided on the server from the caller's own profile.
  api.get('/api/rpc/is-admin', { config: { access: 'user' }, schema: { response: { 200: z.object({ is_admin: z.boolean() }) } } }, async (request) => ({
    is_admin: sessionOf(request).profile.role === 'admin',
  }));
}
