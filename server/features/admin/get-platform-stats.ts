import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The admin stat cards: Total Users, Companies, Active Jobs (published, not deleted, not expired). */
export async function getPlatformStats(db: Kysely<DB>) {
  const row = await sql<{ total_users: number; companies: number; active_jobs: number }>`
    SELECT
      (SELECT count(*)::int FROM user_profiles) AS total_users,
      (SELECT count(*)::int FROM companies) AS companies,
      (SELECT count(*)::int FROM job_postings
         WHERE status = 'published' AND NOT is_deleted AND (expires_at IS NULL OR expires_at > now())) AS active_jobs
  `.execute(db);
  return row.rows[0] ?? { total_users: 0, companies: 0, active_jobs: 0 };
}
