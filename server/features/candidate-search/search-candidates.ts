import { sql, type Kysely, type RawBuilder } from 'kysely';
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
 * The filters, ANDed, on the candidate's fields where the search reads them: the company's
 * applicant rows (`cc`, migration 0047: copies of the profile's fields and the verified flag) or
 * the profile itself (`cp`). Skills in their lowered copy (migration 0046); projects, free text and
 * rarely used, always from the profile.
 */
function candidateConditions(filters: CandidateSearchFilters, alias: 'cc' | 'cp') {
  const at = (column: string) => sql.ref(`${alias}.${column}`);
  const conditions = [sql`TRUE`];
  const bound = (column: string, operator: '>=' | '<=', value: number | undefined) => {
    if (value !== undefined) conditions.push(sql`${at(column)} ${sql.raw(operator)} ${String(value)}::numeric`);
  };
  bound('experience_years', '>=', filters.experience_min);
  bound('experience_years', '<=', filters.experience_max);
  bound('notice_period_days', '<=', filters.notice_max);
  bound('current_pay_lakh', '>=', filters.current_pay_min);
  bound('current_pay_lakh', '<=', filters.current_pay_max);
  bound('expected_pay_lakh', '>=', filters.expected_pay_min);
  bound('expected_pay_lakh', '<=', filters.expected_pay_max);
  if (filters.skills?.length) conditions.push(sql`${at('skills_lower')} @> ${filters.skills.map((skill) => skill.toLowerCase())}::text[]`);
  if (filters.location) conditions.push(ilike(`${alias}.location`, containsPattern(filters.location)));
  if (filters.projects) {
    const projects = ilike(alias === 'cp' ? 'cp.projects' : 'p.projects', containsPattern(filters.projects));
    conditions.push(alias === 'cp' ? projects : sql`EXISTS (SELECT 1 FROM candidate_profiles p WHERE p.user_id = cc.candidate_id AND ${projects})`);
  }
  if (filters.only_verified) conditions.push(alias === 'cc' ? sql`cc.verified` : verifiedCheck(sql`cp.user_id`));
  return sql.join(conditions, sql` AND `);
}

/** "Only verified" and relevance: a verified UAN or document check (the same rule as migration 0047's workcred_candidate_verified). */
const verifiedCheck = (candidate: RawBuilder<unknown>) => sql`EXISTS (SELECT 1 FROM verification_checks vc WHERE vc.candidate_id = ${candidate}
  AND vc.status = 'verified' AND vc.subject IN (${sql.join(VERIFIED_SUBJECTS_FOR_FILTER)}))`;

/** An ordering: each key's expression and direction. The page's query selects the keys (k0, k1, …) so the outer query orders by them again. */
type Order = [expression: RawBuilder<unknown>, direction: 'ASC' | 'DESC' | 'ASC NULLS LAST' | 'DESC NULLS LAST'][];

const PROFILE_SORTS: Record<'experience_desc' | 'experience_asc' | 'notice_asc' | 'expected_pay_asc', Order> = {
  experience_desc: [[sql`cp.experience_years`, 'DESC NULLS LAST'], [sql`cp.user_id`, 'ASC']],
  experience_asc: [[sql`cp.experience_years`, 'ASC NULLS LAST'], [sql`cp.user_id`, 'ASC']],
  notice_asc: [[sql`cp.notice_period_days`, 'ASC NULLS LAST'], [sql`cp.user_id`, 'ASC']],
  expected_pay_asc: [[sql`cp.expected_pay_lakh`, 'ASC NULLS LAST'], [sql`cp.user_id`, 'ASC']],
};

const orderBy = (order: Order, key: (expression: RawBuilder<unknown>, index: number) => RawBuilder<unknown>) =>
  sql.join(order.map(([expression, direction], index) => sql`${key(expression, index)} ${sql.raw(direction)}`));

/**
 * The page's candidates in order: each one's id, the application shown with them (their latest
 * to the company, or their application to the job asked for) and the keys of its order. Which candidates an
 * employer may search is decided here: those who applied to the company's live (not deleted) jobs,
 * or to the one job asked for (another company's job id simply matches nothing).
 *
 * - "relevance" and "recent", the whole company: the company's applicant rows (migration 0047) in
 *   the order shown (relevance: verified first, each newest first), filtered in the row; a read
 *   that stops after the page, on a company's few rows, however large the platform.
 * - the same, one job: that job's applications (one per candidate), with the profile.
 * - sorted by a profile field: profiles in that field's index order, kept when they applied here.
 */
function pageOfCandidates(companyId: string, body: CandidateSearchBody, sort: NonNullable<CandidateSearchBody['sort']>, limit: number, offset: number) {
  const jobId = body.job_id;
  // Rather than a row number, whose window would sort every match before the limit applies.
  const page = (select: RawBuilder<unknown>, order: Order, rest: RawBuilder<unknown>) => ({
    query: sql`SELECT ${select}, ${sql.join(order.map(([expression], index) => sql`${expression} AS ${sql.raw(`k${index}`)}`))} ${rest}
      ORDER BY ${orderBy(order, (expression) => expression)} LIMIT ${limit} OFFSET ${offset}`,
    order: orderBy(order, (_expression, index) => sql.raw(`page.k${index}`)),
  });
  if (sort === 'recent' || sort === 'relevance') {
    const verifiedFirst = sort === 'relevance';
    if (!jobId) {
      const newest: Order = [[sql`cc.applied_at`, 'DESC'], [sql`cc.application_id`, 'DESC']];
      return page(sql`cc.candidate_id, cc.application_id`, verifiedFirst ? [[sql`cc.verified`, 'DESC'], ...newest] : newest, sql`
        FROM company_candidates cc
        WHERE cc.company_id = ${companyId}::uuid AND ${candidateConditions(body, 'cc')}`);
    }
    const newest: Order = [[sql`ja.created_at`, 'DESC'], [sql`ja.id`, 'DESC']];
    return page(sql`ja.candidate_id, ja.id AS application_id`, verifiedFirst ? [[verifiedCheck(sql`ja.candidate_id`), 'DESC'], ...newest] : newest, sql`
      FROM job_applications ja
      JOIN job_postings jp ON jp.id = ja.job_id
      JOIN candidate_profiles cp ON cp.user_id = ja.candidate_id
      WHERE ja.job_id = ${jobId}::uuid AND ja.company_id = ${companyId}::uuid AND NOT jp.is_deleted AND ${candidateConditions(body, 'cp')}`);
  }
  if (jobId) {
    return page(sql`cp.user_id AS candidate_id, ja.id AS application_id`, PROFILE_SORTS[sort], sql`
      FROM candidate_profiles cp
      JOIN job_applications ja ON ja.candidate_id = cp.user_id AND ja.job_id = ${jobId}::uuid AND ja.company_id = ${companyId}::uuid
      JOIN job_postings jp ON jp.id = ja.job_id AND NOT jp.is_deleted
      WHERE ${candidateConditions(body, 'cp')}`);
  }
  // A semi-join, so the planner may walk the profiles in the sort's index and stop after the page;
  // the application is read for the page's rows.
  const applicant = sql`FROM company_candidates cc WHERE cc.company_id = ${companyId}::uuid AND cc.candidate_id = cp.user_id`;
  return page(sql`cp.user_id AS candidate_id, (SELECT cc.application_id ${applicant}) AS application_id`, PROFILE_SORTS[sort], sql`
    FROM candidate_profiles cp
    WHERE EXISTS (SELECT 1 ${applicant}) AND ${candidateConditions(body, 'cp')}`);
}

interface ResultRow {
  user_id: string;
  candidate_code: string;
  full_name: string;
  experience_years: string | null;
  notice_period_days: number | null;
  location: string | null;
  skills: string[];
  current_employer: string | null;
  current_pay_lakh: string | null;
  expected_pay_lakh: string | null;
  application_id: string;
  job_id: string;
  job_title: string;
  stage: string;
  applied_at: Date | string;
  verified_subjects: VerificationSubjectName[] | null;
  verified_fields: string[] | null;
}

/**
 * Searches the candidates who applied to the company's jobs. Offset pages of SEARCH_PAGE_SIZE
 * (the schema caps the page); one extra row tells whether there is a next page. One statement:
 * the page's candidates (pageOfCandidates), then, for those rows only, the profile, the name, the
 * application with its job, and the verified checks.
 */
export async function searchCandidates(db: Kysely<DB>, companyId: string, body: CandidateSearchBody): Promise<CandidateSearchPage> {
  const page = body.page ?? 1;
  const sort = body.sort ?? 'relevance';
  const candidates = pageOfCandidates(companyId, body, sort, SEARCH_PAGE_SIZE + 1, (page - 1) * SEARCH_PAGE_SIZE);
  const { rows } = await sql<ResultRow>`
    WITH page AS MATERIALIZED (${candidates.query})
    SELECT cp.user_id, cp.candidate_code, up.full_name, cp.experience_years, cp.notice_period_days, cp.location, cp.skills,
      cp.current_employer, cp.current_pay_lakh, cp.expected_pay_lakh,
      ja.id AS application_id, ja.job_id, jp.title AS job_title, ja.status AS stage, ja.created_at AS applied_at,
      (SELECT array_agg(vc.subject ORDER BY vc.subject) FROM verification_checks vc WHERE vc.candidate_id = page.candidate_id AND vc.status = 'verified') AS verified_subjects,
      (SELECT array_agg(DISTINCT field) FROM verification_checks vc, unnest(vc.verified_fields) AS field WHERE vc.candidate_id = page.candidate_id AND vc.status = 'verified') AS verified_fields
    FROM page
    JOIN candidate_profiles cp ON cp.user_id = page.candidate_id
    JOIN user_profiles up ON up.id = page.candidate_id
    JOIN job_applications ja ON ja.id = page.application_id
    JOIN job_postings jp ON jp.id = ja.job_id
    ORDER BY ${candidates.order}`.execute(db);

  const results: CandidateSearchResult[] = rows.slice(0, SEARCH_PAGE_SIZE).map((row) => {
    const fields = new Set(row.verified_fields ?? []);
    return {
      candidate_id: row.user_id,
      candidate_code: row.candidate_code,
      name: row.full_name,
      experience_years: numeric(row.experience_years),
      notice_period_days: row.notice_period_days,
      location: row.location,
      skills: row.skills,
      current_employer: row.current_employer,
      current_employer_verified: fields.has('current_employer'),
      current_pay_lakh: numeric(row.current_pay_lakh),
      current_pay_verified: fields.has('current_pay_lakh'),
      expected_pay_lakh: numeric(row.expected_pay_lakh),
      verified_subjects: row.verified_subjects ?? [],
      latest_application: { id: row.application_id, job_id: row.job_id, job_title: row.job_title, stage: row.stage, applied_at: new Date(row.applied_at).toISOString() },
    };
  });
  return { results, page, page_size: SEARCH_PAGE_SIZE, has_more: rows.length > SEARCH_PAGE_SIZE };
}
