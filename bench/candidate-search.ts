/**
 * npm run bench:search: Handpick's candidate search (POST /api/candidate-search/search) over
 * 100,000 candidate profiles (BENCH_CANDIDATES) who applied to one company's 50 jobs, among 20,000
 * candidates of another company, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, or a throwaway
 * cluster from the installed binaries). Requests go through app.inject with a signed-in employer,
 * one at a time; BENCH_ROUNDS (default 30) of each search after 3 warm-up requests; prints p50 and
 * p95 per search. The baseline is GET /api/me (session + profile) in the same run and database:
 * the floor of any signed-in request. Asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import type { DB } from '../server/db/schema.ts';
import { createFactories } from '../server/dev/factories.ts';
import type { CandidateSearchBodyInput, CandidateSearchPage } from '../shared/schemas/candidate-search.ts';
import { withBenchPostgres } from './bench-postgres.ts';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 100_000);
const OTHER_CANDIDATES = Math.round(CANDIDATES / 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const JOBS = 50;

/** About 200 skills an Indian hiring platform sees, in the case people type them. */
export const BENCH_SKILLS = [
  'React', 'TypeScript', 'JavaScript', 'Node.js', 'Python', 'Java', 'Spring Boot', 'Go', 'Rust', 'C++', 'C#', '.NET', 'PHP', 'Laravel', 'Ruby on Rails', 'Kotlin',
  'Swift', 'Flutter', 'React Native', 'Android', 'iOS', 'Angular', 'Vue', 'Next.js', 'HTML', 'CSS', 'Tailwind', 'GraphQL', 'REST APIs', 'SQL', 'PostgreSQL', 'MySQL',
  'MongoDB', 'Redis', 'Kafka', 'RabbitMQ', 'Elasticsearch', 'AWS', 'Azure', 'GCP', 'Docker', 'Kubernetes', 'Terraform', 'Ansible', 'Jenkins', 'GitHub Actions', 'Linux',
  'Bash', 'DevOps', 'SRE', 'Networking', 'Security', 'Penetration Testing', 'SOC', 'Data Engineering', 'Spark', 'Hadoop', 'Airflow', 'dbt', 'Snowflake', 'Power BI',
  'Tableau', 'Excel', 'Data Analysis', 'Machine Learning', 'Deep Learning', 'NLP', 'Computer Vision', 'PyTorch', 'TensorFlow', 'Statistics', 'R', 'SAS', 'MATLAB',
  'Selenium', 'Cypress', 'Playwright', 'Manual Testing', 'Automation Testing', 'JMeter', 'QA', 'Agile', 'Scrum', 'Jira', 'Product Management', 'Project Management',
  'Business Analysis', 'UX Design', 'UI Design', 'Figma', 'Photoshop', 'Illustrator', 'Video Editing', 'Content Writing', 'Copywriting', 'SEO', 'SEM', 'Google Ads',
  'Social Media', 'Digital Marketing', 'Email Marketing', 'Brand Management', 'Market Research', 'Sales', 'Inside Sales', 'Field Sales', 'B2B Sales', 'Key Accounts',
  'Business Development', 'Customer Support', 'Customer Success', 'Voice Process', 'Non-voice Process', 'CRM', 'Salesforce', 'HubSpot', 'Zoho', 'SAP', 'SAP FICO',
  'SAP MM', 'SAP SD', 'Oracle', 'Tally', 'GST', 'TDS', 'Accounting', 'Bookkeeping', 'Accounts Payable', 'Accounts Receivable', 'Audit', 'Taxation', 'Financial Analysis',
  'Financial Modelling', 'Budgeting', 'Treasury', 'Payroll', 'HR Operations', 'Recruitment', 'Talent Acquisition', 'Employee Relations', 'Compliance', 'Labour Law',
  'Training', 'L&D', 'Procurement', 'Vendor Management', 'Supply Chain', 'Logistics', 'Warehouse Management', 'Inventory', 'Fleet Management', 'Import Export',
  'Operations', 'Six Sigma', 'Lean', 'Quality Control', 'Quality Assurance', 'AutoCAD', 'SolidWorks', 'CATIA', 'Revit', 'Civil Engineering', 'Site Supervision',
  'Mechanical Design', 'Electrical Design', 'PLC', 'SCADA', 'Embedded C', 'VLSI', 'IoT', 'Telecom', 'Network Administration', 'System Administration', 'Windows Server',
  'Active Directory', 'VMware', 'ITIL', 'Service Desk', 'Technical Support', 'Hardware', 'Retail', 'Store Management', 'Visual Merchandising', 'Hospitality',
  'Front Office', 'Food Production', 'Nursing', 'Pharmacy', 'Medical Coding', 'Clinical Research', 'Pharmacovigilance', 'Lab Technician', 'Teaching', 'Tutoring',
  'Curriculum Design', 'Legal Drafting', 'Contract Management', 'Company Secretary', 'Banking Operations', 'KYC', 'AML', 'Credit Analysis', 'Underwriting',
  'Insurance', 'Claims Processing', 'Risk Management', 'Investment Banking', 'Equity Research', 'Hindi', 'Tamil', 'Telugu', 'Kannada', 'Marathi', 'Bengali',
];
const CITIES = ['Bengaluru', 'Pune', 'Hyderabad', 'Chennai', 'Mumbai', 'Navi Mumbai', 'Gurugram', 'Noida', 'New Delhi', 'Kolkata', 'Ahmedabad', 'Kochi', 'Jaipur', 'Indore', 'Coimbatore', 'Remote'];
const PROJECTS = ['payroll engine', 'fleet tracking app', 'GST reconciliation', 'e-commerce checkout', 'loan origination', 'warehouse automation', 'hospital records', 'campus ERP'];
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * `count` candidates straight into the tables (no password hashing), each with a finished
 * profile (up to 3–8 skills from BENCH_SKILLS, the first ones of the list more common, 0–25 years, 0–90 days notice, pay, a city, a project)
 * and one application to one of `jobIds`, a minute apart; every fifth has a verified UAN check
 * confirming current employer and pay. Ids are `${prefix}${n}`; candidate codes come from
 * `codeBase + n` (keep bases apart between calls). Used by the bench and by the API test.
 */
export async function seedApplicants(db: Kysely<DB>, { prefix, count, jobIds, codeBase }: { prefix: string; count: number; jobIds: string[]; codeBase: number }): Promise<void> {
  const ids = sql`generate_series(1, ${count}::int) AS g`;
  await sql`
    INSERT INTO auth_users (id, name, email, "emailVerified")
    SELECT ${prefix} || g, 'Bench Candidate ' || g, ${prefix} || g || '@bench.workcred.in', true FROM ${ids}`.execute(db);
  await sql`
    INSERT INTO user_profiles (id, role, full_name, email, mobile_verified)
    SELECT ${prefix} || g, 'candidate', 'Bench Candidate ' || g, ${prefix} || g || '@bench.workcred.in', true FROM ${ids}`.execute(db);
  await sql`
    INSERT INTO candidate_profiles (user_id, candidate_code, education, current_employer, notice_period_days, experience_years, skills, projects, location,
                                    current_pay_lakh, expected_pay_lakh, registration_completed_at)
    SELECT ${prefix} || g,
           'WC-' || (SELECT string_agg(substr(${CODE_ALPHABET}, 1 + (((${codeBase}::bigint + g) / (32::bigint ^ k)::bigint) % 32)::int, 1), '' ORDER BY k DESC) FROM generate_series(0, 5) AS k),
           'B.Tech', 'Employer ' || (g % 500), (g * 7) % 91, ((g * 13) % 251) / 10.0,
           ARRAY(SELECT DISTINCT (${BENCH_SKILLS}::text[])[1 + floor(${BENCH_SKILLS.length} * power(abs(hashtext(g || ':' || k))::float8 / 2147483649, 2))::int]
                 FROM generate_series(1, 3 + g % 6) AS k),
           'Built a ' || (${PROJECTS}::text[])[1 + g % ${PROJECTS.length}] || ' with a team of ' || (2 + g % 9),
           (${CITIES}::text[])[1 + (g * 3) % ${CITIES.length}],
           ((g * 37) % 4000) / 100.0 + 2, ((g * 37) % 4000) / 100.0 * 1.3 + 3, now()
    FROM ${ids}`.execute(db);
  await sql`
    INSERT INTO job_applications (job_id, candidate_id, created_at, stage_changed_at)
    SELECT (${jobIds}::uuid[])[1 + g % ${jobIds.length}], ${prefix} || g, now() - g * interval '1 minute', now() - g * interval '1 minute' FROM ${ids}`.execute(db);
  await sql`
    INSERT INTO verification_checks (candidate_id, subject, status, decided_by, decided_at, verified_fields)
    SELECT ${prefix} || g, 'uan', 'verified', 'verification_team', now(), ARRAY['uan', 'current_employer', 'current_pay_lakh']
    FROM ${ids} WHERE g % 5 = 0`.execute(db);
}

type Row = readonly [name: string, p50: number, p95: number, results: number];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const SEARCHES: [string, CandidateSearchBodyInput][] = [
  ['no filter, first page (relevance)', {}],
  ['no filter, most recent application', { sort: 'recent' }],
  ['skills React + SQL, 3–8 years', { skills: ['react', 'SQL'], experience_min: 3, experience_max: 8 }],
  ['skills Payroll, experience desc', { skills: ['payroll'], sort: 'experience_desc' }],
  ['only verified', { only_verified: true }],
  ['location contains "pune"', { location: 'pune' }],
  ['projects contains "payroll", notice ≤ 30', { projects: 'payroll', notice_max: 30 }],
  ['expected pay 10–20 L, pay asc, page 10', { expected_pay_min: 10, expected_pay_max: 20, sort: 'expected_pay_asc', page: 10 }],
  ['no filter, relevance, page 40 (the last)', { page: 40 }],
];

async function measure(label: string, database: Database): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-search-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  const { db } = database;
  try {
    await app.ready();
    const factories = createFactories(app.auth, database);
    const company = await factories.company({ name: `Bench Search ${randomBytes(3).toString('hex')}` });
    const other = await factories.company({ name: `Bench Other ${randomBytes(3).toString('hex')}` });
    const employer = await factories.user({ role: 'employer', companyId: company.id });
    const jobIds: string[] = [];
    for (let i = 0; i < JOBS; i += 1) jobIds.push((await factories.job(company.id, { title: `Bench role ${i}` })).id);
    const otherJob = await factories.job(other.id, { title: 'Other company role' });
    const seedStart = performance.now();
    await seedApplicants(db, { prefix: 'bench-c-', count: CANDIDATES, jobIds, codeBase: 1_000_000 });
    await seedApplicants(db, { prefix: 'bench-o-', count: OTHER_CANDIDATES, jobIds: [otherJob.id], codeBase: 50_000_000 });
    for (const table of ['auth_users', 'user_profiles', 'candidate_profiles', 'job_applications', 'job_postings', 'verification_checks', 'company_candidates']) await sql`ANALYZE ${sql.table(table)}`.execute(db);
    console.log(`  ${label}: seeded ${CANDIDATES + OTHER_CANDIDATES} candidates in ${Math.round(performance.now() - seedStart)} ms`);

    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: employer.email, password: employer.password } });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    let ip = 0;
    const timed = async (request: () => Promise<{ statusCode: number; body: string }>) => {
      const started = performance.now();
      const response = await request();
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
      return { ms, body: response.body };
    };
    const remoteAddress = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
    const run = async (name: string, request: () => Promise<{ statusCode: number; body: string }>, count: (body: string) => number): Promise<Row> => {
      for (let i = 0; i < 3; i += 1) await timed(request);
      const samples: number[] = [];
      let results = 0;
      for (let i = 0; i < ROUNDS; i += 1) {
        const { ms, body } = await timed(request);
        samples.push(ms);
        results = count(body);
      }
      samples.sort((a, b) => a - b);
      const row: Row = [`${name}, ${label}`, percentile(samples, 50), percentile(samples, 95), results];
      printRow(row);
      return row;
    };
    const rows: Row[] = [await run('GET /api/me (signed-in floor)', () => app.inject({ method: 'GET', url: '/api/me', headers: { cookie }, remoteAddress: remoteAddress() }), () => 1)];
    for (const [name, body] of SEARCHES) {
      rows.push(
        await run(
          name,
          () => app.inject({ method: 'POST', url: '/api/candidate-search/search', payload: body, headers: { cookie }, remoteAddress: remoteAddress() }),
          (text) => (JSON.parse(text) as CandidateSearchPage).results.length,
        ),
      );
    }
    return rows;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function candidateSearchBench(): Promise<Row[]> {
  const rows: Row[] = [];
  const dbDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-search-db-'));
  const pglite = await openDatabase({ kind: 'pglite', dataDir: dbDir });
  try {
    rows.push(...(await measure('PGlite', pglite)));
  } finally {
    await pglite.close();
    rmSync(dbDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_SKIP_POSTGRES === 'true') return rows;

  rows.push(...((await withBenchPostgres((postgres) => measure('PostgreSQL', postgres))) ?? []));
  return rows;
}

const f = (ms: number) => ms.toFixed(1).padStart(7);
/** Rows are printed as they are measured (a full run takes minutes). */
function printRow([name, p50, p95, results]: Row) {
  console.log(`  ${name.padEnd(60)} p50 ${f(p50)} ms  p95 ${f(p95)} ms  (${results} results)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`Candidate search over ${CANDIDATES.toLocaleString('en-IN')} applicants of one company (+${OTHER_CANDIDATES.toLocaleString('en-IN')} of another), ${ROUNDS} requests each:`);
  await candidateSearchBench();
}
