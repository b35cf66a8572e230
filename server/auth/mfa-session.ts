import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { makeSignature } from 'better-auth/crypto';
import { messages } from '../../shared/messages.ts';
import type { Database } from '../db/database.ts';
import { unauthorized } from '../http/errors.ts';
import type { Auth } from './auth.ts';
import type { SessionContext } from './session.ts';

type AuthContext = Awaited<Auth['$context']>;
type CookieAttributes = AuthContext['authCookies']['sessionToken']['attributes'];

/**
 * After a second factor: a new session (new id and token) at aal2 replaces the caller's, the old
 * one is deleted, and the new token is set as the session cookie (ASVS 7.2.4). The sign-in time is
 * carried over, so proving a factor again never extends the absolute session lifetime, and so is
 * the "don't remember me" choice.
 */
export async function replaceSessionAtAal2(auth: Auth, database: Database, request: FastifyRequest, reply: FastifyReply, session: SessionContext): Promise<void> {
  const ctx = await auth.$context;
  const old = await database.db.selectFrom('auth_sessions').select(['token', 'createdAt']).where('id', '=', session.sessionId).executeTakeFirst();
  if (!old) throw unauthorized(messages.errors.signInRequired);

  const dontRememberMe = await hasSignedCookie(request, ctx.authCookies.dontRememberToken.name, 'true', ctx.secret);
  const created = await ctx.internalAdapter.createSession(
    session.userId,
    dontRememberMe,
    { aal: 'aal2', createdAt: new Date(old.createdAt), ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? '' },
    // Without overrideAll better-auth applies the field defaults (aal1) after the override.
    true,
  );
  await ctx.internalAdapter.deleteSession(old.token);

  const { name, attributes } = ctx.authCookies.sessionToken;
  const cookie = serializeCookie(name, `${created.token}.${await makeSignature(created.token, ctx.secret)}`, {
    ...attributes,
    maxAge: dontRememberMe ? undefined : ctx.sessionConfig.expiresIn,
  });
  // A sliding refresh of the old session may already be queued on this reply: it must not win.
  const pending = reply.getHeader('set-cookie');
  const others = (Array.isArray(pending) ? pending : pending === undefined ? [] : [String(pending)]).filter((entry) => !entry.startsWith(`${name}=`));
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...others, cookie]);
}

/**
 * Signs a person in on this reply with a new session (a new id and token, ASVS 7.2.3): used when
 * an account is created by accepting a team invite, where no sign-in form was filled in.
 */
export async function startSession(auth: Auth, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const ctx = await auth.$context;
  const created = await ctx.internalAdapter.createSession(userId, false, { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? '' });
  const { name, attributes } = ctx.authCookies.sessionToken;
  const cookie = serializeCookie(name, `${created.token}.${await makeSignature(created.token, ctx.secret)}`, { ...attributes, maxAge: ctx.sessionConfig.expiresIn });
  reply.header('set-cookie', cookie);
}

/** True when the request carries cookie `name` with `value` signed by better-auth's secret. */
async function hasSignedCookie(request: FastifyRequest, name: string, value: string, secret: string): Promise<boolean> {
  const raw = readCookie(request.headers.cookie ?? '', name);
  if (!raw) return false;
  const dot = raw.lastIndexOf('.');
  if (dot < 1 || raw.slice(0, dot) !== value) return false;
  const given = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(await makeSignature(value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const rawValue = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(rawValue);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The same Set-Cookie better-auth (better-call) writes for its signed session cookie. */
function serializeCookie(name: string, value: string, options: CookieAttributes & { maxAge?: number }): string {
  const hostOrSecure = name.startsWith('__Host-') || name.startsWith('__Secure-');
  let cookie = `${name}=${encodeURIComponent(value)}`;
  if (typeof options.maxAge === 'number' && options.maxAge >= 0) cookie += `; Max-Age=${Math.floor(options.maxAge)}`;
  if (options.domain && !name.startsWith('__Host-')) cookie += `; Domain=${options.domain}`;
  cookie += `; Path=${name.startsWith('__Host-') ? '/' : (options.path ?? '/')}`;
  if (options.httpOnly) cookie += '; HttpOnly';
  if (options.secure || hostOrSecure) cookie += '; Secure';
  if (options.sameSite) cookie += `; SameSite=${options.sameSite.charAt(0).toUpperCase()}${options.sameSite.slice(1)}`;
  return cookie;
}
