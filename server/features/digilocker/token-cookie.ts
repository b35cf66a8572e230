import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Between the callback and the import the candidate chooses what to bring, and the access token is
 * needed again. It is not stored on the server: it goes to the candidate's browser sealed
 * (AES-256-GCM under a key derived from AUTH_SECRET) in an HttpOnly cookie sent only to
 * /api/digilocker, bound to the candidate and session, expiring with the token (ten minutes at
 * most), and cleared by the import. The browser cannot read it; any instance can open it.
 */
export const TOKEN_COOKIE = 'wc_digilocker';
const COOKIE_PATH = '/api/digilocker';
export const CONNECTION_SECONDS = 600;

export interface SealedConnection {
  accessToken: string;
  candidateId: string;
  sessionId: string;
  /** The DigiLocker account's name, compared with the candidate's when a certificate names nobody. */
  holderName: string | null;
  /** ms since the epoch */
  expiresAt: number;
}

const keyOf = (secret: string) => createHash('sha256').update(`workcred-digilocker-token:${secret}`).digest();

export function sealConnection(secret: string, connection: SealedConnection): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(connection), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The connection, if the cookie is ours, unaltered, for this candidate and session, and not expired. */
export function openConnection(secret: string, sealed: string | undefined, who: { candidateId: string; sessionId: string }, now: Date): SealedConnection | null {
  if (!sealed || sealed.length > 4096) return null;
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const parsed = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as Partial<SealedConnection>;
    if (typeof parsed.accessToken !== 'string' || parsed.candidateId !== who.candidateId || parsed.sessionId !== who.sessionId) return null;
    if (typeof parsed.expiresAt !== 'number' || parsed.expiresAt <= now.getTime()) return null;
    return parsed as SealedConnection;
  } catch {
    return null;
  }
}

export function readTokenCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return value.join('=');
  }
  return undefined;
}

export function setTokenCookie(reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean): void {
  reply.header('set-cookie', `${TOKEN_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`);
}

export function clearTokenCookie(reply: FastifyReply, secure: boolean): void {
  setTokenCookie(reply, '', 0, secure);
}
