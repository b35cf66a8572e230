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

/**
 * better-auth endpoints the bridge does not serve. The email-OTP plugin is there for the candidate
 * registration (POST /api/candidate/registration/email{,/verify}), which calls it server-side with
 * our rules: candidates only, codes capped per address, the candidate profile created. Reached
 * directly, its endpoints would let an employer or admin sign in by email code around the
 * password lockout, reset a password around the password policy, create an account carrying
 * sign-up fields (companyName makes an employer), and bypass the per-address caps.
 */
const UNSERVED_PATHS = ['/api/auth/sign-in/email-otp', '/api/auth/forget-password/email-otp'];
const UNSERVED_PREFIXES = ['/api/auth/email-otp/'];

function isUnserved(path: string): boolean {
  // Compared the way a router might loosely match: decoded, lower-case, without trailing slashes.
  let loose = path;
  try {
    loose = decodeURIComponent(path);
  } catch {
    // Malformed escapes: better-auth will not match them either; compare as given.
  }
  loose = loose.toLowerCase().replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return UNSERVED_PATHS.includes(loose) || UNSERVED_PREFIXES.some((prefix) => loose.startsWith(prefix) || `${loose}/` === prefix);
}

/** Forwards /api/auth/* to better-auth, adding our own rules around it. */
export async function authRoutes(app: FastifyInstance, { auth, database }: { auth: Auth; database: Database }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rateLimit: false },
    async handler(request, reply) {
      // The path exactly as better-auth will see it (dot segments resolved), so "/api/auth/./x"
      // cannot slip past the checks below while reaching "/api/auth/x".
      const path = forwardedPath(request);
      if (isUnserved(path)) return reply.code(404).send({ code: 'NOT_FOUND', message: messages.errors.notFound });
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

function forwardedPath(request: FastifyRequest): string {
  return new URL(request.url, 'http://localhost').pathname;
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
