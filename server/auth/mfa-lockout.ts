import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Per-account limit on wrong second-factor codes across all challenges and sessions (ASVS 6.3.1,
 * on top of 6.6.3's five tries per code): otherwise someone holding the password could sign in
 * again and again for fresh challenges and keep guessing. 10 wrong codes within 15 minutes lock
 * MFA verification for the account for 15 minutes.
 */
export const MFA_LOCK_AFTER_FAILURES = 10;
const WINDOW_MINUTES = 15;
const LOCK_MINUTES = 15;

const keyFor = (userId: string) => `mfa:${userId}`;

export async function isMfaLocked(database: Database, userId: string): Promise<boolean> {
  const row = await database.db
    .selectFrom('auth_failures')
    .select('key')
    .where('key', '=', keyFor(userId))
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Boolean(row);
}

export async function recordMfaFailure(database: Database, userId: string): Promise<void> {
  await sql`
    INSERT INTO auth_failures (key, failures, window_started_at)
    VALUES (${keyFor(userId)}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN auth_failures.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES})
                      THEN 1 ELSE auth_failures.failures + 1 END,
      window_started_at = CASE WHEN auth_failures.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES})
                      THEN now() ELSE auth_failures.window_started_at END,
      locked_until = CASE WHEN auth_failures.window_started_at >= now() - make_interval(mins => ${WINDOW_MINUTES})
                           AND auth_failures.failures + 1 >= ${MFA_LOCK_AFTER_FAILURES}
                      THEN now() + make_interval(mins => ${LOCK_MINUTES}) ELSE auth_failures.locked_until END
  `.execute(database.db);
}

export async function clearMfaFailures(database: Database, userId: string): Promise<void> {
  await database.db.deleteFrom('auth_failures').where('key', '=', keyFor(userId)).execute();
}
