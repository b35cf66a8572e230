import { sql, type Kysely, type RawBuilder } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { COMPANY_CANDIDATE_SEARCH, type CompanyCandidateMatch, type CompanyCandidateSearch } from '../../../shared/schemas/company-candidate-search.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { applicationInScope, type MemberScope } from '../team/member-scope.ts';
import { parseCandidateQuery, type CandidateQuery } from './candidate-query.ts';

const text = messages.companyCandidateSearch;
/** Above every character: a term begins with the prefix exactly when prefix <= term < prefix + this (terms compare byte by byte, COLLATE "C"). */
const AFTER_PREFIX = '\u{10FFFF}';
const { results: LIMIT, applicationsPerCandidate } = COMPANY_CANDIDATE_SEARCH;
/**
 * Terms read per range: a page and one more (to tell there are more). A candidate has a term per
 * distinct word, so two rows of one person in a range are rare (two name words with the prefix);
 * they leave the page a name shorter, never wrong.
 */
const TERMS_READ = LIMIT + 1;

/** The term of every name with more words than migration 0071 pairs (checked word by word on name_key). */
const LONG_NAME = 'm*';

const termRange = (alias: string, prefix: string) => sql`${sql.ref(`${alias}.term`)} >= ${prefix} AND ${sql.ref(`${alias}.term`)} < ${prefix + AFTER_PREFIX}`;

/** An interviewer's candidates: those with an application of the company they are on an interview for. */
function candidateInScope(scope: MemberScope, candidate: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!scope.assignedTo) return sql`TRUE`;
  return sql`EXISTS (SELECT 1 FROM job_applications ja_scope
    JOIN interviews i_scope ON i_scope.application_id = ja_scope.id
    JOIN interview_interviewers ii_scope ON ii_scope.interview_id = i_scope.id
    WHERE ja_scope.candidate_id = ${candidate} AND ja_scope.company_id = ${scope.companyId}::uuid AND ii_scope.user_id = ${scope.assignedTo})`;
}

/**
 * The company's candidates whose term begins with `prefix`, in term order: one range of the
 * (company_id, term) index, stopped after TERMS_READ rows. `also` narrows each row (a name's other
 * words, each checked on the index entry's name_key, so the read stays one index range: migration
 * 0071's pairs keep the entries it reads to about seven a match).
 */
function termsBeginning(scope: MemberScope, prefix: string, also: RawBuilder<unknown> = sql`TRUE`) {
  return sql`(SELECT t.candidate_id, t.term FROM company_candidate_terms t
    WHERE t.company_id = ${scope.companyId}::uuid AND ${termRange('t', prefix)} AND ${also} AND ${candidateInScope(scope, sql`t.candidate_id`)}
    ORDER BY t.term, t.candidate_id LIMIT ${TERMS_READ})`;
}

/** The matching candidates' ids in the order shown, and whether a read stopped before the end of its range. */
async function matchingCandidates(db: Kysely<DB>, scope: MemberScope, query: CandidateQuery): Promise<{ ids: string[]; cut: boolean }> {
  let parts: RawBuilder<unknown>[];
  if (query.kind === 'candidate_code') {
    const { rows } = await sql<{ candidate_id: string }>`SELECT cc.candidate_id FROM candidate_profiles cp
      JOIN company_candidates cc ON cc.company_id = ${scope.companyId}::uuid AND cc.candidate_id = cp.user_id
      WHERE cp.candidate_code = ${query.code} AND ${candidateInScope(scope, sql`cc.candidate_id`)}`.execute(db);
    return { ids: rows.map((row) => row.candidate_id), cut: false };
  }
  if (query.kind === 'email') parts = [termsBeginning(scope, `e:${query.prefix}`)];
  else if (query.kind === 'phone') parts = query.prefixes.map((prefix) => termsBeginning(scope, `p:${prefix}`));
  else {
    // The longest word leads (most likely the rarest). A word it begins with ("pri" of "priya
    // pri") is met by the lead's own match; the others are checked on the index entry's name_key.
    const [lead, ...rest] = [...query.words].sort((a, b) => b.length - a.length) as [string, ...string[]];
    const others = rest.filter((word) => !lead.startsWith(word));
    if (others.length === 0) parts = [termsBeginning(scope, `n:${lead}`)];
    else {
      // Migration 0071's pairs: a word beginning with the lead and another with the first letter of the next longest.
      const beginWords = (words: string[]) => sql.join(words.map((word) => sql`strpos(t.name_key, ${` ${word}`}) > 0`), sql` AND `);
      parts = [termsBeginning(scope, `m:${[...others[0]!][0]!} ${lead}`, beginWords(others)), termsBeginning(scope, LONG_NAME, beginWords([lead, ...others]))];
    }
    if (query.emailPrefix) parts.push(termsBeginning(scope, `e:${query.emailPrefix}`));
  }
  if (parts.length === 0) return { ids: [], cut: false };
  const { rows } = await sql<{ candidate_id: string; part: number }>`${sql.join(
    parts.map((part, index) => sql`SELECT candidate_id, term, ${index}::int AS part FROM ${part} AS ${sql.raw(`p${index}`)}`),
    sql` UNION ALL `,
  )} ORDER BY part, term, candidate_id`.execute(db);
  const cut = parts.some((_part, index) => rows.filter((row) => row.part === index).length >= TERMS_READ);
  return { ids: [...new Set(rows.map((row) => row.candidate_id))], cut };
}

/**
 * Finds the company's candidates (people who applied to one of its live jobs) by name, email,
 * phone or candidate ID, with their applications there: at most COMPANY_CANDIDATE_SEARCH.results.
 * An interviewer finds only the candidates of their interviews, with those applications. Another
 * company's candidates are never read: every read is bounded by the caller's company.
 */
export async function searchCompanyCandidates(db: Kysely<DB>, scope: MemberScope, q: string): Promise<CompanyCandidateSearch> {
  const query = parseCandidateQuery(q);
  if (!query) throw badRequest(text.queryRequired);
  const matched = await matchingCandidates(db, scope, query);
  // Details for the page's candidates only (a name's range and an email's may give a page each).
  const ids = matched.ids.slice(0, LIMIT);
  const cut = matched.cut || matched.ids.length > LIMIT;
  if (ids.length === 0) return { kind: query.kind, results: [], has_more: false };

  // The page's people and applications by their ids; then the applications' jobs by id (a join
  // let the planner hash every job on the platform for twenty candidates' applications).
  const [people, applications] = await Promise.all([
    db.selectFrom('user_profiles as up').leftJoin('candidate_profiles as cp', 'cp.user_id', 'up.id').select(['up.id', 'up.full_name', 'up.email', 'cp.candidate_code']).where('up.id', 'in', ids).execute(),
    db
      .selectFrom('job_applications as ja')
      .select(['ja.id', 'ja.candidate_id', 'ja.job_id', 'ja.status', 'ja.created_at'])
      .where('ja.candidate_id', 'in', ids)
      .where('ja.company_id', '=', scope.companyId)
      .where((eb) => applicationInScope(scope, eb.ref('ja.id')))
      .orderBy('ja.created_at', 'desc')
      .orderBy('ja.id', 'desc')
      .execute(),
  ]);
  const jobIds = [...new Set(applications.map((row) => row.job_id))];
  const jobs = jobIds.length
    ? new Map((await db.selectFrom('job_postings').select(['id', 'title']).where('id', 'in', jobIds).where('is_deleted', '=', false).execute()).map((job) => [job.id, job.title]))
    : new Map<string, string>();
  const byCandidate = new Map<string, CompanyCandidateMatch['applications']>();
  for (const row of applications) {
    const title = jobs.get(row.job_id);
    const list = byCandidate.get(row.candidate_id) ?? [];
    if (title !== undefined && list.length < applicationsPerCandidate) list.push({ id: row.id, job_id: row.job_id, job_title: title, stage: row.status, applied_at: new Date(row.created_at).toISOString() });
    if (list.length) byCandidate.set(row.candidate_id, list);
  }
  const person = new Map(people.map((row) => [row.id, row]));
  // In the terms' order; anyone without an application the caller may see is left out.
  const results = ids.flatMap((id) => {
    const found = person.get(id);
    const listed = byCandidate.get(id);
    return found && listed ? [{ candidate_id: id, candidate_code: found.candidate_code ?? null, name: found.full_name, email: found.email, applications: listed }] : [];
  });
  return { kind: query.kind, results, has_more: cut };
}
