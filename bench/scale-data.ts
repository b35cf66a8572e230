import { sql, type Kysely } from 'kysely';
import type { DB } from '../server/db/schema.ts';
import { BENCH_SKILLS } from './candidate-search.ts';

/**
 * The scale data set of issue 14 (bench/scale.ts), generated in SQL: per ten applications one job
 * and one candidate, per hundred jobs one company. Ids are made from numbers, so a size can grow
 * into the next and a bench can find company 1 and job 1 (which has 2,000 applications).
 */
export const JOBS_PER_COMPANY = 100;
const APPLICATIONS_PER_CANDIDATE = 10;
export const APPLICATIONS_PER_JOB = 10;
const BIG_JOB_APPLICATIONS = 2_000;
/**
 * Jobs are dated in the order they are written, ten seconds apart, the last of the full data set's
 * million now: as a board's jobs are, each posted after the one before, so the newest are the last
 * rows written. (Dates that cycled through the table put each of the newest jobs on a page of its
 * own, which no real board has; its keyword count then read 12,000 pages for 12,000 jobs.)
 */
const MAX_JOBS = 1_000_000;

const TITLES = ['Software Engineer', 'Staff Nurse', 'Accountant', 'Sales Executive', 'Data Analyst', 'Store Manager', 'Customer Support Associate', 'HR Executive', 'Site Engineer', 'Pharmacist', 'Teacher', 'Warehouse Supervisor'];
const CITIES = ['Bengaluru', 'Pune', 'Hyderabad', 'Chennai', 'Mumbai', 'Gurugram', 'Noida', 'Kolkata', 'Ahmedabad', 'Kochi', 'Jaipur', 'Indore'];
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A version-4-shaped uuid made from a text (ids the API's validation accepts, found again by number). */
const uuidOf = (text: string) => sql`overlay(overlay(md5(${sql.raw(text)}) placing '4' from 13) placing '8' from 17)::uuid`;
export const companyId = (n: string) => uuidOf(`'scale-co-' || ${n}`);
export const jobId = (n: string) => uuidOf(`'scale-job-' || ${n}`);

/**
 * Grows the data set from `from` to `to` applications (and what they need), in a few statements.
 * Past the companies, the rows are bulk-loaded with triggers off (session_replication_role = replica, on one
 * connection), as the analytics bench loads its data: the per-row triggers (an application's
 * company, its milestones, the analytics rollups) made ten million applications take more than
 * 20 minutes. Each row carries what those triggers would have set (its company and furthest
 * stage; no offer or hire times before an offer), and the first company's rollups, which its
 * overview reads, are then rebuilt by the migration's own function, as is every company's applicant
 * rows for candidate search (migration 0047), which the triggers would have kept.
 */
export async function grow(db: Kysely<DB>, from: number, to: number): Promise<void> {
  // Companies with their triggers (each starts its trial, which its public job page reads): few rows.
  const companiesFrom = from / APPLICATIONS_PER_JOB / JOBS_PER_COMPANY;
  const companiesTo = to / APPLICATIONS_PER_JOB / JOBS_PER_COMPANY;
  await sql`
    INSERT INTO companies (id, name, slug, created_at)
    SELECT ${companyId('g')}, 'Scale Company ' || g, 'scale-company-' || g, now() FROM generate_series(${companiesFrom + 1}::int, ${companiesTo}::int) AS g`.execute(db);
  await db.connection().execute(async (connection) => {
    await sql`SET session_replication_role = replica`.execute(connection);
    try {
      await insertRows(connection, from, to);
    } finally {
      await sql`RESET session_replication_role`.execute(connection);
    }
  });
  await sql`SELECT workcred_rebuild_hiring_analytics(${companyId("'1'")})`.execute(db);
  await sql`SELECT workcred_rebuild_company_candidates(NULL)`.execute(db);
  await sql`ANALYZE`.execute(db);
}

async function insertRows(db: Kysely<DB>, from: number, to: number): Promise<void> {
  const jobsFrom = from / APPLICATIONS_PER_JOB;
  const jobsTo = to / APPLICATIONS_PER_JOB;
  const candidatesFrom = from / APPLICATIONS_PER_CANDIDATE;
  const candidatesTo = to / APPLICATIONS_PER_CANDIDATE;
  await sql`
    INSERT INTO job_postings (id, company_id, title, description, location, salary, created_at)
    SELECT ${jobId('g')}, ${companyId(`(1 + (g - 1) / ${JOBS_PER_COMPANY})`)},
           (${TITLES}::text[])[1 + g % ${TITLES.length}] || ' ' || g,
           'We are hiring a ' || (${TITLES}::text[])[1 + g % ${TITLES.length}] || ' to join a growing team. Job ' || g || '.',
           (${CITIES}::text[])[1 + (g * 7) % ${CITIES.length}], '₹' || (3 + g % 20) || '–' || (5 + g % 20) || ' LPA',
           now() - (${MAX_JOBS} - g) * interval '10 seconds'
    FROM generate_series(${jobsFrom + 1}::int, ${jobsTo}::int) AS g`.execute(db);
  const candidates = sql`generate_series(${candidatesFrom + 1}::int, ${candidatesTo}::int) AS g`;
  await sql`
    INSERT INTO auth_users (id, name, email, "emailVerified")
    SELECT 'scale-c' || g, 'Scale Candidate ' || g, 'scale-c' || g || '@bench.workcred.in', true FROM ${candidates}`.execute(db);
  await sql`
    INSERT INTO user_profiles (id, role, full_name, email, mobile_verified)
    SELECT 'scale-c' || g, 'candidate', 'Scale Candidate ' || g, 'scale-c' || g || '@bench.workcred.in', true FROM ${candidates}`.execute(db);
  await sql`
    INSERT INTO candidate_profiles (user_id, candidate_code, education, current_employer, notice_period_days, experience_years, skills, location,
                                    current_pay_lakh, expected_pay_lakh, registration_completed_at)
    SELECT 'scale-c' || g,
           'WC-' || (SELECT string_agg(substr(${CODE_ALPHABET}, 1 + (((500000000 + g)::bigint / (32::bigint ^ k)::bigint) % 32)::int, 1), '' ORDER BY k DESC) FROM generate_series(0, 5) AS k),
           'B.Tech', 'Employer ' || (g % 500), (g * 7) % 91, ((g * 13) % 251) / 10.0,
           ARRAY[(${BENCH_SKILLS}::text[])[1 + g % 40], (${BENCH_SKILLS}::text[])[1 + (g * 7) % ${BENCH_SKILLS.length}]],
           (${CITIES}::text[])[1 + (g * 3) % ${CITIES.length}], ((g * 37) % 4000) / 100.0 + 2, ((g * 37) % 4000) / 100.0 * 1.3 + 3, now()
    FROM ${candidates}`.execute(db);
  // Each candidate applies to ten jobs spread over all jobs; a third have moved on to screening.
  await sql`
    INSERT INTO job_applications (job_id, company_id, candidate_id, status, furthest_stage, created_at, stage_changed_at)
    SELECT ${jobId('j')}, ${companyId(`(1 + (j - 1) / ${JOBS_PER_COMPANY})`)}, 'scale-c' || c,
           (CASE WHEN (c + k) % 3 = 0 THEN 'screening' ELSE 'received' END),
           workcred_stage_rank(CASE WHEN (c + k) % 3 = 0 THEN 'screening' ELSE 'received' END),
           now() - ((c * 10 + k) % 500000) * interval '1 minute', now() - ((c * 10 + k) % 500000) * interval '1 minute'
    FROM (SELECT c, k, 1 + ((c - 1) * 7 + k * ${jobsTo / APPLICATIONS_PER_CANDIDATE + 1}) % ${jobsTo} AS j
          FROM generate_series(${candidatesFrom + 1}::int, ${candidatesTo}::int) AS c, generate_series(0, ${APPLICATIONS_PER_CANDIDATE - 1}) AS k) AS t
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO application_stage_events (application_id, from_stage, to_stage, created_at)
    SELECT a.id, NULL, 'received', a.created_at FROM job_applications a
    WHERE a.candidate_id LIKE 'scale-c%' AND substr(a.candidate_id, 8)::int > ${candidatesFrom}`.execute(db);
  await sql`
    INSERT INTO application_stage_events (application_id, from_stage, to_stage, created_at)
    SELECT a.id, 'received', 'screening', a.stage_changed_at FROM job_applications a
    WHERE a.status = 'screening' AND a.candidate_id LIKE 'scale-c%' AND substr(a.candidate_id, 8)::int > ${candidatesFrom}`.execute(db);
  if (from === 0) {
    // The first company's first job: a pipeline of 2,000 applications.
    await sql`
      INSERT INTO job_applications (job_id, company_id, candidate_id, furthest_stage, created_at, stage_changed_at)
      SELECT ${jobId('1')}, ${companyId("'1'")}, 'scale-c' || g, workcred_stage_rank('received'), now() - g * interval '1 minute', now() - g * interval '1 minute'
      FROM generate_series(1, ${BIG_JOB_APPLICATIONS}::int) AS g ON CONFLICT DO NOTHING`.execute(db);
  }
}

