import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { messages } from '../../shared/messages.ts';
import type { Database } from '../db/database.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { SESSION_ABSOLUTE_SECONDS, type Auth } from './auth.ts';
import { sessionCacheOf } from './session-cache.ts';
import type { SessionContext } from './session-context.ts';
import { toWebHeaders } from './web-request.ts';

// The type sits apart so the session cache can name it without importing this file (issue 33 D).
export type { SessionContext } from './session-context.ts';

/**
 * Resolves the caller's session once per request: better-auth validates the cookie (and slides
 * its expiry), then we apply our own rules: absolute lifetime, suspension, assurance level.
 */
export async function loadSession(auth: Auth, database: Database, request: FastifyRequest, reply?: FastifyReply): Promise<SessionContext | null> {
  if (request.sessionContext !== undefined) return request.sessionContext;
  request.sessionContext = null;
  const cookie = request.headers.cookie;
  if (!cookie || !cookie.includes('session_token')) return null;

  // Issue 14: a session resolved moments ago (and unchanged since, on any instance) costs no query.
  const cache = sessionCacheOf(database);
  const key = cache ? sessionCookieOf(cookie) : undefined;
  if (cache && key) {
    const cached = cache.get(key);
    if (cached && cached.expiresAt.getTime() > Date.now() && (Date.now() - cached.createdAt.getTime()) / 1000 <= SESSION_ABSOLUTE_SECONDS) {
      request.sessionContext = cached;
      return cached;
    }
  }
  const mark = cache?.mark() ?? 0;

  const result = await auth.api.getSession({ headers: toWebHeaders(request), returnHeaders: true });
  // A sliding refresh sets a new cookie; forward it (not possible on a WebSocket upgrade).
  const refreshed = result.headers.getSetCookie();
  if (reply && refreshed.length > 0) reply.header('set-cookie', refreshed);
  const found = result.response;
  if (!found) return null;

  const { db } = database;
  const ageSeconds = (Date.now() - new Date(found.session.createdAt).getTime()) / 1000;
  // One statement for the rest: the profile, its company's name and whether a second factor is set.
  const row = await db
    .selectFrom('user_profiles as p')
    .leftJoin('companies as c', 'c.id', 'p.company_id')
    .selectAll('p')
    .select((eb) => [
      'c.name as company_name_of_profile',
      eb.exists(eb.selectFrom('mfa_factors as f').select(sql<number>`1`.as('one')).whereRef('f.user_id', '=', 'p.id').where('f.status', '=', 'verified')).as('has_factor'),
    ])
    .where('p.id', '=', found.user.id)
    .executeTakeFirst();
  if (ageSeconds > SESSION_ABSOLUTE_SECONDS || !row || row.suspended_at) {
    await db.deleteFrom('auth_sessions').where('id', '=', found.session.id).execute();
    return null;
  }
  const { company_name_of_profile: companyName, has_factor: factor, ...profile } = row;
  const aal = (found.session as { aal?: string }).aal === 'aal2' ? 'aal2' : 'aal1';
  request.sessionContext = {
    userId: found.user.id,
    sessionId: found.session.id,
    aal,
    requiredAal: factor ? 'aal2' : 'aal1',
    expiresAt: new Date(found.session.expiresAt),
    createdAt: new Date(found.session.createdAt),
    emailVerified: found.user.emailVerified,
    profile,
    companyName: companyName ?? null,
  };
  // Not when better-auth just refreshed the cookie: the browser's next request carries the new one.
  if (cache && key && refreshed.length === 0) cache.store(key, request.sessionContext, mark);
  return request.sessionContext;
}

export interface AuthGuards {
  /** Signed in, at the assurance level the account requires. */
  requireUser(request: FastifyRequest, reply?: FastifyReply): Promise<SessionContext>;
  /** Signed in, possibly still at aal1: for the MFA challenge routes themselves. */
  requireSession(request: FastifyRequest, reply?: FastifyReply): Promise<SessionContext>;
  requireAdmin(request: FastifyRequest, reply?: FastifyReply): Promise<SessionContext>;
}

export function createGuards(auth: Auth, database: Database): AuthGuards {
  async function requireSession(request: FastifyRequest, reply?: FastifyReply) {
    const session = await loadSession(auth, database, request, reply);
    if (!session) throw unauthorized(messages.errors.signInRequired);
    return session;
  }
  async function requireUser(request: FastifyRequest, reply?: FastifyReply) {
    const session = await requireSession(request, reply);
    if (session.requiredAal === 'aal2' && session.aal !== 'aal2') throw forbidden(messages.auth.mfaRequired, 'MFA_REQUIRED');
    return session;
  }
  async function requireAdmin(request: FastifyRequest, reply?: FastifyReply) {
    const session = await requireUser(request, reply);
    if (session.profile.role !== 'admin') {
      request.log.warn({ userId: session.userId, url: request.url }, 'admin route refused');
      throw forbidden(messages.auth.adminRequired);
    }
    return session;
  }
  return { requireUser, requireSession, requireAdmin };
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionContext?: SessionContext | null;
  }
}

/** The session cookie's value (whatever its prefix: `__Host-` in production), the cache's key. */
export function sessionCookieOf(header: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim().endsWith('session_token')) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
