import { sql, type Kysely } from 'kysely';
import {
  SEARCH_PAGE_SIZE,
  verificationSubjects,
  type CandidateSearchBody,
  type CandidateSearchFilters,
  type CandidateSearchPage,
  type CandidateSearchResult,
  type VerificationSubjectName,
} from '../../../shared/schemas/candidate-search.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern, ilike } from '../../db/like-pattern.ts';

/** "Only verified": at least one verified UAN or document check. Every candidate's phone is checked at registration, so it does not count. */
const VERIFIED_SUBJECTS_FOR_FILTER = verificationSubjects.filter((subject) => subject !== 'phone');

const numeric = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * The one place that decides whose candidates an employer may search: applications to the
 * company's live (not deleted) jobs, or to the one job asked for (another company's job id simply
 * matches nothing). `ja` and `jp` are the aliases of the application and its job.
 */
function companyScope(ja: string, jp: string, companyId: string, jobId: string | undefined) {
  const job = jobId ? sql`AND ${sql.ref(`${ja}.job_id`)} = ${jobId}::uuid` : sql``;
  // The application's own company (migration 0027) lets the newest-first read stay within the
  // company's (company_id, created_at, id) range instead of walking every company's applications.
  // Not the job's company as well: the planner would take the two for independent filters and
  // expect almost no rows.
  return sql`${sql.ref(`${ja}.company_id`)} = ${companyId}::uuid AND NOT ${sql.ref(`${jp}.is_deleted`)} ${job}`;
}

const hasVerifiedCheck = sql`EXISTS (SELECT 1 FROM verification_checks vc WHERE vc.candidate_id = cp.user_id AND vc.status = 'verified'
  AND vc.subject IN (${sql.join(VERIFIED_SUBJECTS_FOR_FILTER)}))`;

/** The filters on the candidate's profile (cp), ANDed; skills in their lowered copy and its index (migrations 0011, 0046). */
function profileConditions(filters: CandidateSearchFilters) {
  const conditions = [sql`TRUE`];
  const bound = (column: string, operator: '>=' | '<=', value: number | undefined) => {
    if (value !== undefined) conditions.push(sql`${sql.ref(`cp.${column}`)} ${sql.raw(operator)} ${String(value)}::numeric`);
  };
  bound('experience_years', '>=', filters.experience_min);
  bound('experience_years', '<=', filters.experience_max);
  bound('notice_period_days', '<=', filters.notice_max);
  bound('current_pay_lakh', '>=', filters.current_pay_min);
  bound('current_pay_lakh', '<=', filters.current_pay_max);
  bound('expected_pay_lakh', '>=', filters.expected_pay_min);
  bound('expected_pay_lakh', '<=', filters.expected_pay_max);
  if (filters.skills?.length) conditions.push(sql`cp.skills_lower @> ${filters.skills.map((skill) => skill.toLowerCase())}::text[]`);
  if (filters.projects) conditions.push(ilike('cp.projects', containsPattern(filters.projects)));
  if (filters.location) conditions.push(ilike('cp.location', containsPattern(filters.location)));
  if (filters.only_verified) conditions.push(hasVerifiedCheck);
  return sql.join(conditions, sql` AND `);
}

// The name is read for the page's rows only (namesOf): joining every candidate's user profile made
// the planner hash all of them (a scan growing with the platform, 30 ms at 100,000 candidates).
const PROFILE_COLUMNS = sql`cp.user_id, cp.candidate_code, cp.experience_years, cp.notice_period_days, cp.location, cp.skills,
  cp.current_employer, cp.current_pay_lakh, cp.expected_pay_lakh`;

const PROFILE_SORTS = {
  experience_desc: sql`cp.experience_years DESC NULLS LAST, cp.user_id`,
  experience_asc: sql`cp.experience_years ASC NULLS LAST, cp.user_id`,
  notice_asc: sql`cp.notice_period_days ASC NULLS LAST, cp.user_id`,
  expected_pay_asc: sql`cp.expected_pay_lakh ASC NULLS LAST, cp.user_id`,
} as const;

interface ProfileRow {
  user_id: string;
  candidate_code: string;
  experience_years: string | null;
  notice_period_days: number | null;
  location: string | null;
  skills: string[];
  current_employer: string | null;
  current_pay_lakh: string | null;
  expected_pay_lakh: string | null;
}

/**
 * Searches the candidates who applied to the company's jobs. Offset pages of SEARCH_PAGE_SIZE
 * (the schema caps the page); one extra row tells whether there is a next page.
 *
 * Two shapes, each able to stop after a page on a company with 100,000 applicants (bench/candidate-search.ts):
 * - sorted by a profile column: read profiles in that column's index order, keep those with an application here;
 * - "recent" and "relevance": read the company's applications newest first, keep each candidate's latest one;
 *   relevance puts candidates with a verified UAN or document check first, then the others, each newest first.
 */
export async function searchCandidates(db: Kysely<DB>, companyId: string, body: CandidateSearchBody): Promise<CandidateSearchPage> {
  const page = body.page ?? 1;
  const sort = body.sort ?? 'relevance';
  const filters: CandidateSearchFilters = body;
  const where = profileConditions(filters);

  const needed = SEARCH_PAGE_SIZE + 1;
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  let rows: ProfileRow[];
  if (sort === 'recent' || sort === 'relevance') {
    const latestHere = (extra: typeof where) => sql<ProfileRow>`
      SELECT ${PROFILE_COLUMNS}
      FROM job_applications ja
      JOIN job_postings jp ON jp.id = ja.job_id
      JOIN candidate_profiles cp ON cp.user_id = ja.candidate_id
      WHERE ${companyScope('ja', 'jp', companyId, filters.job_id)} AND ${where} AND ${extra}
        AND NOT EXISTS (
          SELECT 1 FROM job_applications later JOIN job_postings later_job ON later_job.id = later.job_id
          WHERE later.candidate_id = ja.candidate_id AND ${companyScope('later', 'later_job', companyId, filters.job_id)}
            AND (later.created_at, later.id) > (ja.created_at, ja.id))`;
    const newestFirst = (extra: typeof where, limit: number, skip: number) =>
      sql<ProfileRow>`${latestHere(extra)} ORDER BY ja.company_id, ja.created_at DESC, ja.id DESC LIMIT ${limit} OFFSET ${skip}`.execute(db).then((result) => result.rows);
    if (sort === 'recent') rows = await newestFirst(sql`TRUE`, needed, offset);
    else {
      // Relevance: the verified candidates (newest first), then the others. Two reads that each stop
      // after a page, rather than one that ranks every applicant (2 s over 100,000 on PGlite).
      rows = await newestFirst(hasVerifiedCheck, needed, offset);
      if (rows.length < needed) {
        let skip = 0;
        if (rows.length === 0 && offset > 0) {
          // The page starts past the verified ones: how many there are says where in the others it
          // starts. (On the first page it starts at the first of the others: nothing to count.)
          const verified = await sql<{ count: string }>`SELECT count(*) AS count FROM (${latestHere(hasVerifiedCheck)}) AS verified`.execute(db);
          skip = offset - Number(verified.rows[0]?.count ?? 0);
        }
        rows = rows.concat(await newestFirst(sql`NOT ${hasVerifiedCheck}`, needed - rows.length, Math.max(0, skip)));
      }
    }
  } else {
    rows = (
      await sql<ProfileRow>`
      SELECT ${PROFILE_COLUMNS}
      FROM candidate_profiles cp
      WHERE EXISTS (SELECT 1 FROM job_applications ja JOIN job_postings jp ON jp.id = ja.job_id
                    WHERE ja.candidate_id = cp.user_id AND ${companyScope('ja', 'jp', companyId, filters.job_id)})
        AND ${where}
      ORDER BY ${PROFILE_SORTS[sort]} LIMIT ${needed} OFFSET ${offset}`.execute(db)
    ).rows;
  }
  const pageRows = rows.slice(0, SEARCH_PAGE_SIZE);
  const ids = pageRows.map((row) => row.user_id);
  if (ids.length === 0) return { results: [], page, page_size: SEARCH_PAGE_SIZE, has_more: false };

  const [applications, checks, names] = await Promise.all([latestApplications(db, companyId, ids, filters.job_id), verifiedChecks(db, ids), namesOf(db, ids)]);

  const results: CandidateSearchResult[] = pageRows.flatMap((row) => {
    const application = applications.get(row.user_id);
    const name = names.get(row.user_id);
    // Cannot happen (the search required both), unless the application or the person went between the reads.
    if (!application || name === undefined) return [];
    const own = checks.get(row.user_id) ?? { subjects: [], fields: new Set<string>() };
    return [
      {
        candidate_id: row.user_id,
        candidate_code: row.candidate_code,
        name,
        experience_years: numeric(row.experience_years),
        notice_period_days: row.notice_period_days,
        location: row.location,
        skills: row.skills,
        current_employer: row.current_employer,
        current_employer_verified: own.fields.has('current_employer'),
        current_pay_lakh: numeric(row.current_pay_lakh),
        current_pay_verified: own.fields.has('current_pay_lakh'),
        expected_pay_lakh: numeric(row.expected_pay_lakh),
        verified_subjects: own.subjects,
        latest_application: application,
      },
    ];
  });
  return { results, page, page_size: SEARCH_PAGE_SIZE, has_more: rows.length > SEARCH_PAGE_SIZE };
}

/** Each candidate's latest application to the company (or to the job asked for). */
async function latestApplications(db: Kysely<DB>, companyId: string, candidateIds: string[], jobId: string | undefined) {
  let query = db
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .where('ja.candidate_id', 'in', candidateIds)
    .where('jp.company_id', '=', companyId)
    .where('jp.is_deleted', '=', false);
  if (jobId) query = query.where('ja.job_id', '=', jobId);
  const rows = await query
    .distinctOn('ja.candidate_id')
    .select(['ja.candidate_id', 'ja.id', 'ja.job_id', 'jp.title', 'ja.status', 'ja.created_at'])
    .orderBy('ja.candidate_id')
    .orderBy('ja.created_at', 'desc')
    .orderBy('ja.id', 'desc')
    .execute();
  return new Map(
    rows.map((row) => [row.candidate_id, { id: row.id, job_id: row.job_id, job_title: row.title, stage: row.status, applied_at: new Date(row.created_at).toISOString() }]),
  );
}

/** Each candidate's name, for the page's rows. */
async function namesOf(db: Kysely<DB>, candidateIds: string[]) {
  const rows = await db.selectFrom('user_profiles').select(['id', 'full_name']).where('id', 'in', candidateIds).execute();
  return new Map(rows.map((row) => [row.id, row.full_name]));
}

/** Each candidate's verified check subjects and the profile fields those checks confirmed. */
async function verifiedChecks(db: Kysely<DB>, candidateIds: string[]) {
  const rows = await db
    .selectFrom('verification_checks')
    .select(['candidate_id', 'subject', 'verified_fields'])
    .where('candidate_id', 'in', candidateIds)
    .where('status', '=', 'verified')
    .orderBy('subject')
    .execute();
  const byCandidate = new Map<string, { subjects: VerificationSubjectName[]; fields: Set<string> }>();
  for (const row of rows) {
    const entry = byCandidate.get(row.candidate_id) ?? { subjects: [], fields: new Set<string>() };
    entry.subjects.push(row.subject);
    for (const field of row.verified_fields) entry.fields.add(field);
    byCandidate.set(row.candidate_id, entry);
  }
  return byCandidate;
}
