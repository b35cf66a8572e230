import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

export interface FailureCounter {
  isLocked(database: Database, subject: string): Promise<boolean>;
  recordFailure(database: Database, subject: string): Promise<void>;
  clear(database: Database, subject: string): Promise<void>;
}

/**
 * Counts failures per subject in a sliding window and locks the subject once there are too many
 * (ASVS 6.3.1). Kept in the database (auth_failures) so every instance sees the same count; the
 * upsert is one statement, so parallel failures cannot slip past the limit.
 */
export function createFailureCounter({ prefix, lockAfter, windowMinutes, lockMinutes }: { prefix: string; lockAfter: number; windowMinutes: number; lockMinutes: number }): FailureCounter {
  const keyFor = (subject: string) => `${prefix}:${subject}`;
  return {
    async isLocked(database, subject) {
      const row = await database.db
        .selectFrom('auth_failures')
        .select('key')
        .where('key', '=', keyFor(subject))
        .where('locked_until', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return Boolean(row);
    },
    async recordFailure(database, subject) {
      await sql`
        INSERT INTO auth_failures (key, failures, window_started_at)
        VALUES (${keyFor(subject)}, 1, now())
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN auth_failures.window_started_at < now() - make_interval(mins => ${windowMinutes})
                          THEN 1 ELSE auth_failures.failures + 1 END,
          window_started_at = CASE WHEN auth_failures.window_started_at < now() - make_interval(mins => ${windowMinutes})
                          THEN now() ELSE auth_failures.window_started_at END,
          locked_until = CASE WHEN auth_failures.window_started_at >= now() - make_interval(mins => ${windowMinutes})
                               AND auth_failures.failures + 1 >= ${lockAfter}
                          THEN now() + make_interval(mins => ${lockMinutes}) ELSE auth_failures.locked_until END
      `.execute(database.db);
    },
    async clear(database, subject) {
      await database.db.deleteFrom('auth_failures').where('key', '=', keyFor(subject)).execute();
    },
  };
}
