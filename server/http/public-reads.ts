import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionCookieOf } from '../auth/session.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from './errors.ts';

/**
 * The one place that decides whether a request's read may go to the read replica (issue 37 §2,
 * decision record 0031). Routes that are anonymous public reads (the board, job and company pages,
 * the sitemap) call `publicRead`; everything else reads `database.db`, the primary.
 */

/** Set on every successful write's answer while a replica is configured: this browser's next reads stay on the primary. */
export const READ_YOUR_WRITES_COOKIE = 'workcred_wrote';
/** Beyond the lag allowed: the standby is judged by its last check, at most a second old. */
const READ_YOUR_WRITES_MARGIN_SECONDS = 2;

function hasCookie(header: string, name: string): boolean {
  return header.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/** Anonymous, and no write of this browser's in the last seconds: the replica may answer. */
export function mayReadReplica(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  if (!cookie) return true;
  return sessionCookieOf(cookie) === undefined && !hasCookie(cookie, READ_YOUR_WRITES_COOKIE);
}

/**
 * Runs `read` on the replica when this request may use it and the replica is fit (see
 * `ReadReplica.readsSince`; `since`: a change heard then must be in the answer), else on the primary.
 * A replica failing mid-read (gone, a recovery conflict, a read-only refusal) costs the caller
 * nothing: the read runs again on the primary, and the replica is skipped until its next good check.
 * Only reads belong here: the replica refuses writes, and a refused write would be run on the primary.
 */
export async function publicRead<T>(database: Database, request: FastifyRequest, read: (db: Kysely<DB>) => Promise<T>, { since }: { since?: number } = {}): Promise<T> {
  const replica = database.replica && mayReadReplica(request) ? database.publicReads(since) : database.db;
  if (replica === database.db) return read(database.db);
  try {
    return await read(replica);
  } catch (error) {
    // Our own answers (a 404) would be the same on the primary.
    if (error instanceof AppError) throw error;
    database.replica?.failed();
    request.log.warn({ err: error }, 'read replica failed; reading from the primary');
    return read(database.db);
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * With a replica: the read-your-writes cookie on each successful write's answer (a signed-in
 * person's reads are on the primary anyway; this covers an anonymous apply or waitlist sign-up, and
 * the moments after a sign-out), and the replica's comings and goings in the log.
 */
export function registerReadYourWrites(app: FastifyInstance, { database, secure }: { database: Database; secure: boolean }): void {
  const replica = database.replica;
  if (!replica) return;
  const cookie = `${READ_YOUR_WRITES_COOKIE}=1; Path=/; Max-Age=${replica.maxLagSeconds + READ_YOUR_WRITES_MARGIN_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (WRITES.has(request.method) && reply.statusCode < 400 && !request.routeOptions.config?.readOnly) reply.header('set-cookie', cookie);
    done(null, payload);
  });
  const stop = replica.onChange((status) => {
    if (status.usable) app.log.info({ lagSeconds: status.lagSeconds }, 'read replica in use for public reads');
    else app.log.warn({ reason: status.reason, lagSeconds: status.lagSeconds }, 'read replica skipped: public reads go to the primary');
  });
  app.addHook('onReady', async () => app.log.info({ replica: replica.status() }, 'read replica configured for anonymous public reads'));
  app.addHook('onClose', async () => stop());
}
