import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminUserParamsSchema, adminUserSchema, adminUsersPageSchema, adminUsersQuerySchema, changeUserRoleBodySchema } from '../../../shared/schemas/admin-console.ts';
import { resetUserMfaBodySchema } from '../../../shared/schemas/mfa-recovery.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { changeUserRole } from './change-user-role.ts';
import { listUsers } from './list-users.ts';
import type { AdminActor } from './lock-for-admin-change.ts';
import { resetUserMfa } from './reset-user-mfa.ts';
import { restoreUser, suspendUser } from './set-user-suspension.ts';

const actorOf = (request: FastifyRequest): AdminActor => ({ userId: sessionOf(request).userId, ip: request.ip ?? null });

/** The admin Users tab and Manage Users (issue 6): admins only, every change audited. */
export async function adminUsersRoutes(app: FastifyInstance, { database, onMessageQueued }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get('/api/admin/users', { config: { access: 'admin' }, schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } } }, async (request) =>
    listUsers(db, request.query),
  );

  api.patch(
    '/api/admin/users/:userId/role',
    { config: { access: 'admin' }, schema: { params: adminUserParamsSchema, body: changeUserRoleBodySchema, response: { 200: adminUserSchema } } },
    async (request) => {
      const user = await changeUserRole(db, actorOf(request), request.params.userId, request.body.role);
      request.log.info({ event: 'admin-role-change', actorId: sessionOf(request).userId, userId: user.id, role: user.role }, 'admin changed a role');
      return user;
    },
  );

  api.post('/api/admin/users/:userId/suspend', { config: { access: 'admin' }, schema: { params: adminUserParamsSchema, response: { 200: adminUserSchema } } }, async (request) => {
    const user = await suspendUser(db, actorOf(request), request.params.userId);
    request.log.info({ event: 'admin-suspend', actorId: sessionOf(request).userId, userId: user.id }, 'admin suspended an account');
    return user;
  });

  api.post('/api/admin/users/:userId/restore', { config: { access: 'admin' }, schema: { params: adminUserParamsSchema, response: { 200: adminUserSchema } } }, async (request) => {
    const user = await restoreUser(db, actorOf(request), request.params.userId);
    request.log.info({ event: 'admin-restore', actorId: sessionOf(request).userId, userId: user.id }, 'admin restored an account');
    return user;
  });

  // Issue 33, A7: an owner who lost the phone and the recovery codes gets back in through an admin.
  api.post(
    '/api/admin/users/:userId/reset-mfa',
    { config: { access: 'admin' }, schema: { params: adminUserParamsSchema, body: resetUserMfaBodySchema, response: { 200: adminUserSchema } } },
    async (request) => {
      const user = await resetUserMfa(db, actorOf(request), request.params.userId, request.body.reason);
      onMessageQueued();
      request.log.info({ event: 'admin-mfa-reset', actorId: sessionOf(request).userId, userId: user.id }, 'admin reset two-step verification');
      return user;
    },
  );
}
