import { type Kysely, type Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { AccountSession } from '../../../shared/schemas/account.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { SESSION_ABSOLUTE_SECONDS } from '../../auth/auth.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { deviceName } from './device-name.ts';

const text = messages.account;

/** The signed-in person acting on their own account: who, which session, from where. */
export interface AccountActor {
  userId: string;
  /** The session making the request: kept when the others end. */
  sessionId: string;
  companyId: string | null;
  role: 'admin' | 'employer' | 'candidate';
  ip: string | null;
  publicUrl: string;
}

/**
 * Ends every session of the person but `keep` (ASVS 7.4.3 after a password or email change; the
 * "Sign out everywhere else" button). No token survives: the rows are deleted, so the next request
 * of another device is signed out.
 */
export async function endOtherSessions(db: Kysely<DB> | Transaction<DB>, userId: string, keep: string | null): Promise<number> {
  let query = db.deleteFrom('auth_sessions').where('userId', '=', userId);
  if (keep) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Active sessions: the current one first, then by last use. Never their tokens. */
export async function listSessions(db: Kysely<DB>, actor: AccountActor, now = new Date()): Promise<AccountSession[]> {
  const rows = await db
    .selectFrom('auth_sessions')
    .select(['id', 'userAgent', 'ipAddress', 'createdAt', 'updatedAt'])
    .where('userId', '=', actor.userId)
    .where('expiresAt', '>', now)
    // Past the absolute lifetime a session is refused on its next use (session.ts): not active.
    .where('createdAt', '>', new Date(now.getTime() - SESSION_ABSOLUTE_SECONDS * 1000))
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
  const sessions = rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    ip_address: row.ipAddress,
    last_seen_at: new Date(row.updatedAt).toISOString(),
    created_at: new Date(row.createdAt).toISOString(),
    current: row.id === actor.sessionId,
  }));
  return [...sessions.filter((session) => session.current), ...sessions.filter((session) => !session.current)];
}

/** Sign out one other session of the caller's own; anyone else's is not found. */
export async function endSession(db: Kysely<DB>, actor: AccountActor, sessionId: string): Promise<void> {
  if (sessionId === actor.sessionId) throw conflict(text.cannotEndCurrent, 'CURRENT_SESSION');
  await db.transaction().execute(async (trx) => {
    const ended = await trx.deleteFrom('auth_sessions').where('id', '=', sessionId).where('userId', '=', actor.userId).returning('userAgent').executeTakeFirst();
    if (!ended) throw notFound(text.sessionNotFound);
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'account_session_ended',
      entityType: 'user',
      entityId: actor.userId,
      details: { device: deviceName(ended.userAgent) },
      ip: actor.ip,
    });
  });
}

/** "Sign out everywhere else": every session but this one ends. */
export async function endAllOtherSessions(db: Kysely<DB>, actor: AccountActor): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const count = await endOtherSessions(trx, actor.userId, actor.sessionId);
    if (count > 0) {
      await writeAudit(trx, {
        actorId: actor.userId,
        companyId: actor.companyId,
        action: 'account_other_sessions_ended',
        entityType: 'user',
        entityId: actor.userId,
        details: { sessions_ended: count },
        ip: actor.ip,
      });
    }
    return count;
  });
}
