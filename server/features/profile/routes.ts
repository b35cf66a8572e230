import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meSchema, sessionProbeSchema } from '../../../shared/schemas/auth.ts';
import type { Auth } from '../../auth/auth.ts';
import { loadSession } from '../../auth/session.ts';
import type { Database } from '../../db/database.ts';
import { sessionOf } from '../../http/access.ts';
import { getMe } from './get-me.ts';

export async function profileRoutes(app: FastifyInstance, { database, auth }: { database: Database; auth: Auth }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // How the browser learns whether it is signed in: 200 either way, so a signed-out visitor's page
  // logs no failed request (issue 12, defect 12). /api/me keeps answering 401 to API callers.
  api.get('/api/session', { config: { access: 'public' }, schema: { response: { 200: sessionProbeSchema } } }, async (request, reply) => {
    const session = await loadSession(auth, database, request, reply);
    return { me: session ? getMe(session) : null };
  });
  // 'session' (not 'user'): the browser needs to learn that a second factor is still due.
  api.get('/api/me', { config: { access: 'session' }, schema: { response: { 200: meSchema } } }, async (request) =>
    getMe(sessionOf(request)),
  );
  // RPC is_admin of spec point 7, decided on the server from the caller's own profile.
  api.get('/api/rpc/is-admin', { config: { access: 'user' }, schema: { response: { 200: z.object({ is_admin: z.boolean() }) } } }, async (request) => ({
    is_admin: sessionOf(request).profile.role === 'admin',
  }));
}
