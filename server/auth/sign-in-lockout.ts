import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Per-account lock on repeated sign-in failures (ASVS 6.3.1), on top of better-auth's per-IP
 * limit: 10 failures within 15 minutes lock the account for 10 minutes. The owner can still
 * reset the password. Kept in the database so every instance sees the same count.
 */
export const LOCK_AFTER_FAILURES = 10;
const WINDOW_MINUTES = 15;
const LOCK_MINUTES = 10;

const keyFor = (email: string) => `sign-in:${email.trim().toLowerCase()}`;

export async function isLocked(database: Database, email: string): Promise<boolean> {
  const row = await database.db
    .selectFrom('auth_failures')
    .select('key')
    .where('key', '=', keyFor(email))
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Boolean(row);
}

export async function recordFailure(database: Database, email: string): Promise<void> {
  await sql`
    INSERT INTO auth_failures (key, failures, window_started_at)
    VALUES (${keyFor(email)}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN auth_failures.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES})
                      THEN 1 ELSE auth_failures.failures + 1 END,
      window_started_at = CASE WHEN auth_failures.window_started_at < now() - make_interval(mins => ${WINDOW_MINUTES})
                      THEN now() ELSE auth_failures.window_started_at END,
      locked_until = CASE WHEN auth_failures.window_started_at >= now() - make_interval(mins => ${WINDOW_MINUTES})
                           AND auth_failures.failures + 1 >= ${LOCK_AFTER_FAILURES}
                      THEN now() + make_interval(mins => ${LOCK_MINUTES}) ELSE auth_failures.locked_until END
  `.execute(database.db);
}

export async function clearFailures(database: Database, email: string): Promise<void> {
  await database.db.deleteFrom('auth_failures').where('key', '=', keyFor(email)).execute();
}
