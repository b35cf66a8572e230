import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountSchema,
  accountSessionListSchema,
  changeEmailBodySchema,
  changeNameBodySchema,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  confirmEmailResultSchema,
  sessionIdParamsSchema,
  signedOutSchema,
} from '../../../shared/schemas/account.ts';
import { loadSession } from '../../auth/session.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { changeName, getAccount } from './account-profile.ts';
import { confirmEmailChange, requestEmailChange } from './change-email.ts';
import { changePassword } from './change-password.ts';
import { endAllOtherSessions, endSession, listSessions, type AccountActor } from './sessions.ts';

/** Anonymous calls that hold an email-change token: a few a minute per address. */
export const EMAIL_TOKEN_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/**
 * Settings → Your account (issue 13): name, email change (confirmed by a link to the new address),
 * password change, active sessions. Every route acts on the caller's own account, for any signed-in
 * person (not company work); the confirm route is public: the token in the body is the credential.
 */
export async function accountRoutes(app: FastifyInstance, { database, auth, config, onMessageQueued }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const actorOf = (request: FastifyRequest): AccountActor => {
    const session = sessionOf(request);
    return { userId: session.userId, sessionId: session.sessionId, companyId: session.profile.company_id, role: session.profile.role, ip: request.ip, publicUrl: config.PUBLIC_URL };
  };
  const depsOf = (request: FastifyRequest) => ({ auth, database, log: request.log });

  api.get('/api/account', { config: { access: 'user' }, schema: { response: { 200: accountSchema } } }, async (request) => getAccount(db, sessionOf(request).userId));

  api.patch('/api/account/name', { config: { access: 'user' }, schema: { body: changeNameBodySchema, response: { 200: accountSchema } } }, async (request) =>
    changeName(db, actorOf(request), request.body.full_name),
  );

  api.post('/api/account/password', { config: { access: 'user' }, schema: { body: changePasswordBodySchema, response: { 200: signedOutSchema } } }, async (request) => {
    const result = await changePassword(depsOf(request), actorOf(request), request.body);
    onMessageQueued();
    return result;
  });

  api.post('/api/account/email', { config: { access: 'user' }, schema: { body: changeEmailBodySchema, response: { 202: accountSchema } } }, async (request, reply) => {
    const actor = actorOf(request);
    await requestEmailChange(depsOf(request), actor, request.body);
    onMessageQueued();
    return reply.code(202).send(await getAccount(db, actor.userId));
  });

  api.post(
    '/api/account/email/confirm',
    { config: { access: 'public', rateLimit: EMAIL_TOKEN_RATE_LIMIT }, schema: { body: confirmEmailBodySchema, response: { 200: confirmEmailResultSchema } } },
    async (request, reply) => {
      const session = await loadSession(auth, database, request, reply);
      const result = await confirmEmailChange(db, request.body.token, { session, ip: request.ip });
      request.log.info({ event: 'email-changed', signedIn: result.signed_in }, 'email address changed from a confirmation link');
      return result;
    },
  );

  api.get('/api/account/sessions', { config: { access: 'user' }, schema: { response: { 200: accountSessionListSchema } } }, async (request) => ({
    sessions: await listSessions(db, actorOf(request)),
  }));

  api.delete('/api/account/sessions/:sessionId', { config: { access: 'user' }, schema: { params: sessionIdParamsSchema } }, async (request, reply) => {
    await endSession(db, actorOf(request), request.params.sessionId);
    return reply.code(204).send();
  });

  api.post('/api/account/sessions/sign-out-others', { config: { access: 'user' }, schema: { response: { 200: signedOutSchema } } }, async (request) => ({
    signed_out: await endAllOtherSessions(db, actorOf(request)),
  }));
}
