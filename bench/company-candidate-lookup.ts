/**
 * Find a candidate (issue 36 §2): GET /api/pipeline/candidates/search at a million applications by
 * default, ten million with BENCH_LOOKUP_APPLICATIONS=10000000, on PostgreSQL (BENCH_DATABASE_URL, or a throwaway cluster). A
 * candidate applies five times: three times to one large company (200 jobs) and twice to one of
 * 1,000 others, so the large company holds a fifth of the platform's candidates (two million at
 * ten million applications) among eight million applicant rows in all. Names are drawn from 80
 * first names and 80 surnames common in India, so a name prefix matches thousands.
 *
 * Bulk-loaded in SQL (generate_series) with triggers off, as bench/analytics.ts and
 * bench/scale-data.ts load; then the applicant rows are rebuilt by migration 0047's function, whose
 * statements fire migration 0060's triggers that write the search terms; VACUUM ANALYZE after.
 * Requests go through app.inject as the large company's owner, one at a time, BENCH_LOOKUP_ROUNDS
 * (default 200) per kind after 10 warm-ups, each for a different candidate; prints p50 and p95 per
 * kind against the goal of 15 ms and the signed-in floor (GET /api/me). Asserts nothing. The same data
 * holds three audit entries per application, and the last probe reads an application's timeline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import type { DB } from '../server/db/schema.ts';
import { createFactories } from '../server/dev/factories.ts';
import type { TimelinePage } from '../shared/schemas/candidate-record.ts';
import type { CompanyCandidateSearch } from '../shared/schemas/company-candidate-search.ts';
import { withBenchPostgres } from './bench-postgres.ts';

// A million by default (a few minutes' load here); the issue's ten million takes about 25 minutes to load on 2 cores.
const APPLICATIONS = Number(process.env.BENCH_LOOKUP_APPLICATIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_LOOKUP_ROUNDS ?? 200);
const WARMUP = 10;
const GOAL_MS = 15;
const PER_CANDIDATE = 5;
const BIG_JOBS = 200;
const OTHER_COMPANIES = 1_000;
const JOBS_PER_OTHER = 5;
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const FIRST = [
  'Aarav', 'Aditi', 'Aditya', 'Akash', 'Amit', 'Ananya', 'Anil', 'Anjali', 'Ankit', 'Arjun', 'Aruna', 'Ashok', 'Deepa', 'Deepak', 'Divya', 'Farhan', 'Gaurav', 'Geeta',
  'Harish', 'Ishaan', 'Isha', 'Jyoti', 'Karan', 'Kavya', 'Kiran', 'Lakshmi', 'Manish', 'Meera', 'Mohan', 'Nandini', 'Naveen', 'Neha', 'Nikhil', 'Nisha', 'Pooja',
  'Pradeep', 'Prakash', 'Pranav', 'Priya', 'Priyanka', 'Rahul', 'Rajesh', 'Ramesh', 'Ravi', 'Rekha', 'Rohan', 'Sachin', 'Sagar', 'Sandeep', 'Sanjay', 'Sara', 'Shreya',
  'Shweta', 'Siddharth', 'Sneha', 'Sonal', 'Suresh', 'Swati', 'Tanvi', 'Tarun', 'Uma', 'Varun', 'Vijay', 'Vikram', 'Vinod', 'Yash', 'Zoya', 'Imran', 'Fatima', 'Joseph',
  'Mary', 'Harpreet', 'Gurpreet', 'Lalit', 'Bhavna', 'Chetan', 'Dinesh', 'Esha', 'Hemant', 'Pritam',
];
const LAST = [
  'Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Shah', 'Mehta', 'Joshi', 'Desai', 'Iyer', 'Iyengar', 'Nair', 'Menon', 'Pillai', 'Reddy', 'Rao', 'Naidu',
  'Chowdhury', 'Banerjee', 'Chatterjee', 'Mukherjee', 'Das', 'Ghosh', 'Bose', 'Sen', 'Kulkarni', 'Deshpande', 'Patil', 'Pawar', 'Jadhav', 'Shinde', 'Gill', 'Sandhu',
  'Malhotra', 'Kapoor', 'Khanna', 'Chopra', 'Arora', 'Bhatia', 'Agarwal', 'Jain', 'Bansal', 'Goyal', 'Mittal', 'Saxena', 'Srivastava', 'Tiwari', 'Mishra', 'Pandey',
  'Dubey', 'Tripathi', 'Yadav', 'Chauhan', 'Rathore', 'Thakur', 'Khan', 'Qureshi', 'Siddiqui', 'Ansari', 'Sheikh', 'Fernandes', "D'Souza", 'Pinto', 'Rodrigues',
  'Thomas', 'George', 'Varghese', 'Kurian', 'Hegde', 'Shetty', 'Kamath', 'Bhat', 'Acharya', 'Shenoy', 'Gowda', 'Murthy', 'Subramanian', 'Krishnan', 'Raman',
];

const uuidOf = (text: string) => sql`overlay(overlay(md5(${sql.raw(text)}) placing '4' from 13) placing '8' from 17)::uuid`;
const bigCompany = uuidOf(`'lookup-big'`);
const otherCompany = (n: string) => uuidOf(`'lookup-co-' || ${n}`);
const bigJob = (n: string) => uuidOf(`'lookup-big-job-' || ${n}`);
const otherJob = (n: string) => uuidOf(`'lookup-job-' || ${n}`);

/** Candidate g's name, email, phone and code, as SQL over g (the probes rebuild them the same way). */
const firstName = sql`(${FIRST}::text[])[1 + (g * 7) % ${FIRST.length}]`;
const lastName = sql`(${LAST}::text[])[1 + ((g / ${FIRST.length}) * 11 + g) % ${LAST.length}]`;
const email = sql`lower(${firstName} || '.' || replace(${lastName}, '''', '') || '.' || g || '@mail.example.in')`;
const phone = sql`'+91' || (6000000000 + (g::bigint * 7919) % 3999999999)`;
const code = sql`'WC-' || (SELECT string_agg(substr(${CODE_ALPHABET}, 1 + (((300000000 + g)::bigint / (32::bigint ^ k)::bigint) % 32)::int, 1), '' ORDER BY k DESC) FROM generate_series(0, 5) AS k)`;

export async function load(db: Kysely<DB>, candidates: number): Promise<void> {
  await sql`INSERT INTO companies (id, name, slug) VALUES (${bigCompany}, 'Lookup Big Company', 'lookup-big-company')`.execute(db);
  await sql`INSERT INTO companies (id, name, slug) SELECT ${otherCompany('g')}, 'Lookup Company ' || g, 'lookup-company-' || g FROM generate_series(1, ${OTHER_COMPANIES}::int) AS g`.execute(db);
  await db.connection().execute(async (connection) => {
    await sql`SET session_replication_role = replica`.execute(connection);
    try {
      await sql`
        INSERT INTO job_postings (id, company_id, title, description, location)
        SELECT ${bigJob('g')}, ${bigCompany}, 'Big role ' || g, 'A role.', 'Pune' FROM generate_series(1, ${BIG_JOBS}::int) AS g`.execute(connection);
      await sql`
        INSERT INTO job_postings (id, company_id, title, description, location)
        SELECT ${otherJob('g')}, ${otherCompany(`(1 + (g - 1) / ${JOBS_PER_OTHER})`)}, 'Role ' || g, 'A role.', 'Pune'
        FROM generate_series(1, ${OTHER_COMPANIES * JOBS_PER_OTHER}::int) AS g`.execute(connection);
      const ids = sql`generate_series(1, ${candidates}::int) AS g`;
      await sql`INSERT INTO auth_users (id, name, email, "emailVerified") SELECT 'lookup-c' || g, ${firstName} || ' ' || ${lastName}, ${email}, true FROM ${ids}`.execute(connection);
      await sql`
        INSERT INTO user_profiles (id, role, full_name, email, phone, mobile_verified)
        SELECT 'lookup-c' || g, 'candidate', ${firstName} || ' ' || ${lastName}, ${email}, ${phone}, true FROM ${ids}`.execute(connection);
      await sql`INSERT INTO candidate_profiles (user_id, candidate_code, registration_completed_at) SELECT 'lookup-c' || g, ${code}, now() FROM ${ids}`.execute(connection);
      // Three applications to the large company's jobs, two to one other company's.
      await sql`
        INSERT INTO job_applications (job_id, company_id, candidate_id, furthest_stage, created_at, stage_changed_at)
        SELECT CASE WHEN k < 3 THEN ${bigJob(`(1 + (g * 3 + k) % ${BIG_JOBS})`)} ELSE ${otherJob(`(1 + ((g % ${OTHER_COMPANIES}) * ${JOBS_PER_OTHER}) + k - 3)`)} END,
               CASE WHEN k < 3 THEN ${bigCompany} ELSE ${otherCompany(`(1 + g % ${OTHER_COMPANIES})`)} END,
               'lookup-c' || g, workcred_stage_rank('received'), now() - ((g * 5 + k) % 500000) * interval '1 minute', now() - ((g * 5 + k) % 500000) * interval '1 minute'
        FROM ${ids}, generate_series(0, ${PER_CANDIDATE - 1}) AS k`.execute(connection);
      // The timeline's reads (issue 36 §2): three audit entries per application (moves, a note, a tag), as many million as there are applications ×3.
      await sql`
        INSERT INTO admin_audit_logs (company_id, action, entity_type, entity_id, details, created_at)
        SELECT ja.company_id, (ARRAY['application_stage_changed', 'application_note_added', 'application_stage_changed'])[1 + k], 'job_application', ja.id::text,
               jsonb_build_object('from', 'received', 'to', 'screening'), ja.created_at + k * interval '1 hour'
        FROM job_applications ja, generate_series(0, 2) AS k`.execute(connection);
    } finally {
      await sql`RESET session_replication_role`.execute(connection);
    }
  });
  // The applicant rows and, through migration 0060's triggers, their search terms.
  await sql`SELECT workcred_rebuild_company_candidates(NULL)`.execute(db);
  for (const table of ['company_candidate_terms', 'company_candidates', 'job_applications', 'user_profiles', 'candidate_profiles', 'job_postings', 'admin_audit_logs']) {
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export interface LookupRow {
  name: string;
  p50: number;
  p95: number;
  results: number;
}

type Probe = [name: string, query: (g: number, person: { first: string; last: string; email: string; phone: string; code: string }) => string];
const PROBES: Probe[] = [
  ['name: two prefixes ("pri sha")', (_g, p) => `${p.first.slice(0, 3)} ${p.last.slice(0, 3)}`],
  ['name: full name, surname first', (_g, p) => `${p.last} ${p.first}`],
  ['name: one letter', (_g, p) => p.first.slice(0, 1)],
  ['email: its start', (_g, p) => p.email.slice(0, p.email.indexOf('@') + 3)],
  ['phone: +91 98765 43210', (_g, p) => `+91 ${p.phone.slice(3, 8)} ${p.phone.slice(8)}`],
  ['phone: 10 digits', (_g, p) => p.phone.slice(3)],
  ['candidate ID', (_g, p) => p.code],
];

export async function measure(database: Database, candidates: number): Promise<LookupRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-lookup-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000' });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    const { db } = database;
    const company = (await sql<{ id: string }>`SELECT ${bigCompany}::text AS id`.execute(db)).rows[0]!.id;
    const owner = await createFactories(app.auth, database).user({ role: 'employer', companyId: company, companyRole: 'owner' });
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: owner.email, password: owner.password } });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    // Every candidate applied to the large company: probe a different one each round, spread over all.
    const picks = Array.from({ length: ROUNDS + WARMUP }, (_, i) => 1 + ((i * 2_654_435_761) % candidates));
    const { rows: people } = await sql<{ g: number; first: string; last: string; email: string; phone: string; code: string }>`
      SELECT g, ${firstName} AS first, ${lastName} AS last, ${email} AS email, ${phone} AS phone, ${code} AS code FROM unnest(${picks}::int[]) AS g`.execute(db);
    let ip = 0;
    const timed = async (url: string) => {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: `10.61.${(++ip >> 8) & 255}.${ip & 255}` });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return { ms, body: response.body };
    };
    const rows: LookupRow[] = [];
    const run = async (name: string, url: (index: number) => string, count: (body: string) => number) => {
      const samples: number[] = [];
      let results = 0;
      for (let i = 0; i < ROUNDS + WARMUP; i += 1) {
        const { ms, body } = await timed(url(i));
        if (i >= WARMUP) samples.push(ms);
        results += count(body);
      }
      samples.sort((a, b) => a - b);
      const row = { name, p50: percentile(samples, 50), p95: percentile(samples, 95), results: results / (ROUNDS + WARMUP) };
      printLookupRow(row, rows[0]);
      rows.push(row);
    };
    await run('GET /api/me (signed-in floor)', () => '/api/me', () => 0);
    for (const [name, query] of PROBES) {
      await run(
        name,
        (i) => `/api/pipeline/candidates/search?q=${encodeURIComponent(query(people[i]!.g, people[i]!))}`,
        (body) => (JSON.parse(body) as CompanyCandidateSearch).results.length,
      );
    }
    // An application's timeline (issue 36 §2), each round a different candidate's application to the large company.
    const { rows: applications } = await sql<{ id: string }>`
      SELECT (SELECT ja.id::text FROM job_applications ja WHERE ja.candidate_id = 'lookup-c' || g AND ja.company_id = ${bigCompany} ORDER BY ja.id LIMIT 1) AS id
      FROM unnest(${picks}::int[]) WITH ORDINALITY AS p(g, n) ORDER BY n`.execute(db);
    await run(
      'timeline: an application’s newest page',
      (i) => `/api/pipeline/applications/${applications[i]!.id}/timeline`,
      (body) => (JSON.parse(body) as TimelinePage).items.length,
    );
    return rows;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const f = (ms: number) => ms.toFixed(1).padStart(6);
export function printLookupRow(row: LookupRow, floor?: LookupRow): void {
  const verdict = floor ? (row.p95 < GOAL_MS ? '  meets goal' : '  below goal') : '';
  const ratio = floor ? `  ×${(row.p95 / floor.p95).toFixed(1)} of the floor` : '';
  console.log(`  ${row.name.padEnd(36)} p50 ${f(row.p50)} ms  p95 ${f(row.p95)} ms${ratio}${verdict}  (${row.results.toFixed(1)} results on average)`);
}

/** Loads the data on a fresh PostgreSQL database and measures; undefined without a server. */
export async function companyCandidateLookupBench(): Promise<LookupRow[] | undefined> {
  const candidates = Math.floor(APPLICATIONS / PER_CANDIDATE);
  console.log(
    `\nFind a candidate (GET /api/pipeline/candidates/search), ${(candidates * PER_CANDIDATE).toLocaleString('en-IN')} applications of ${candidates.toLocaleString('en-IN')} candidates; ` +
      `the large company's owner searches its ${candidates.toLocaleString('en-IN')} (PostgreSQL, one at a time, ${ROUNDS} each; goal p95 < ${GOAL_MS} ms):`,
  );
  return withBenchPostgres(async (database) => {
    const started = performance.now();
    await load(database.db, candidates);
    const { rows } = await sql<{ pairs: string; terms: string; size: string }>`
      SELECT (SELECT count(*) FROM company_candidates)::text AS pairs, (SELECT count(*) FROM company_candidate_terms)::text AS terms,
             pg_size_pretty(pg_total_relation_size('company_candidate_terms')) AS size`.execute(database.db);
    console.log(`  (loaded in ${((performance.now() - started) / 1000).toFixed(0)} s: ${Number(rows[0]!.pairs).toLocaleString('en-IN')} applicant rows, ${Number(rows[0]!.terms).toLocaleString('en-IN')} terms, ${rows[0]!.size} with their indexes)`);
    return measure(database, candidates);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await companyCandidateLookupBench();
