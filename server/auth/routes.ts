import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { messages } from '../../shared/messages.ts';
import type { Database } from '../db/database.ts';
import type { Auth } from './auth.ts';
import { checkNewPassword } from './password-policy.ts';
import { clearFailures, isLocked, recordFailure } from './sign-in-lockout.ts';
import { toWebHeaders } from './web-request.ts';

/** Body fields that carry a new password, per better-auth path. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
};

/** Forwards /api/auth/* to better-auth, adding our own rules around it. */
export async function authRoutes(app: FastifyInstance, { auth, database }: { auth: Auth; database: Database }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rateLimit: false },
    async handler(request, reply) {
      const path = request.url.split('?')[0] ?? '';
      const body = (request.body ?? {}) as Record<string, unknown>;

      const passwordField = NEW_PASSWORD_FIELDS[path];
      if (request.method === 'POST' && passwordField && typeof body[passwordField] === 'string') {
        const problem = checkNewPassword(body[passwordField] as string);
        if (problem) return reply.code(400).send({ code: 'PASSWORD_NOT_ACCEPTED', message: problem });
      }

      const signInEmail = path === '/api/auth/sign-in/email' && typeof body.email === 'string' ? body.email : undefined;
      if (signInEmail && (await isLocked(database, signInEmail))) {
        request.log.warn({ event: 'sign-in-locked' }, 'sign-in refused: account temporarily locked');
        return reply.code(429).send({ code: 'TOO_MANY_ATTEMPTS', message: messages.auth.tooManyAttempts });
      }

      const response = await auth.handler(toFetchRequest(request));

      if (signInEmail) {
        if (response.status === 401) {
          await recordFailure(database, signInEmail);
          request.log.info({ event: 'sign-in-failed', ip: request.ip }, 'sign-in failed');
        } else if (response.ok) {
          await clearFailures(database, signInEmail);
          const refusal = await refuseSuspended(database, response);
          if (refusal) return reply.code(403).send(refusal);
          request.log.info({ event: 'sign-in', ip: request.ip }, 'signed in');
        }
      }
      if (response.status >= 500) return answerServerError(request, reply, database);
      if (response.status === 429) {
        return reply.code(429).send({ code: 'TOO_MANY_ATTEMPTS', message: messages.auth.tooManyAttempts });
      }
      return sendFetchResponse(reply, response);
    },
  });
}

/**
 * better-auth answered 5xx: never pass its body on. A database that does not answer makes it a
 * brief 503 (the client may retry); anything else is our generic 500 with an id to quote.
 */
async function answerServerError(request: FastifyRequest, reply: FastifyReply, database: Database) {
  const reachable = await sql`SELECT 1`.execute(database.db).then(
    () => true,
    () => false,
  );
  if (!reachable) {
    request.log.error('database unavailable during an auth request');
    return reply.code(503).header('retry-after', '2').send({ code: 'UNAVAILABLE', message: messages.errors.unavailable, requestId: request.id });
  }
  request.log.error('auth request failed');
  return reply.code(500).send({ code: 'INTERNAL', message: messages.errors.internal, requestId: request.id });
}

/** A suspended account's password still verifies; its new session is dropped at once. */
async function refuseSuspended(database: Database, response: Response) {
  const payload = (await response.clone().json().catch(() => null)) as { token?: string; user?: { id?: string } } | null;
  const userId = payload?.user?.id;
  if (!userId) return undefined;
  const profile = await database.db.selectFrom('user_profiles').select('suspended_at').where('id', '=', userId).executeTakeFirst();
  if (!profile?.suspended_at) return undefined;
  if (payload.token) await database.db.deleteFrom('auth_sessions').where('token', '=', payload.token).execute();
  return { code: 'ACCOUNT_SUSPENDED', message: messages.auth.accountSuspended };
}

function toFetchRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, 'http://localhost');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(url.pathname + url.search, `http://${request.headers.host ?? 'localhost'}`), {
    method: request.method,
    headers: toWebHeaders(request),
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

export async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  return reply.send(text.length > 0 ? text : null);
}
