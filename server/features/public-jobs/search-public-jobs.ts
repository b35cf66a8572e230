import { shownPay } from './shown-pay.ts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { MAX_KEYWORD_TERMS, PUBLIC_JOBS_COUNT_LIMIT, type PublicJobsPage, type PublicJobsQuery } from '../../../shared/schemas/public-jobs.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern, ilike } from '../../db/like-pattern.ts';
import { isOpenJob } from './open-jobs.ts';

/**
 * The public job board: open jobs, newest first, a page at a time with the total. Every word of
 * the keywords must appear in the title, the description or the company name (so "react pune"
 * style searches narrow down); the location matches as one phrase.
 */
export async function searchPublicJobs(db: Kysely<DB>, query: PublicJobsQuery): Promise<PublicJobsPage> {
  const terms = query.q ? query.q.split(' ').slice(0, MAX_KEYWORD_TERMS) : [];
  // The jobs alone: the count needs nothing else (every job has its company), and planning the
  // join to companies cost it 2-3 ms.
  let matching = db.selectFrom('job_postings as jp').where((eb) => isOpenJob(eb));
  for (const term of terms) {
    const pattern = containsPattern(term);
    // Every arm on job_postings, so trigram indexes (migrations 0024, 0045) serve them together:
    // the companies whose name matches are looked up first, as an array the job index can take.
    // The title and description are matched in their lowered copy (0045), as ILIKE would match them.
    matching = matching.where((eb) =>
      eb.or([
        sql<SqlBool>`jp.search_text LIKE lower(${pattern}) ESCAPE '\\'`,
        eb('jp.company_id', '=', sql<string>`ANY(ARRAY(SELECT id FROM companies WHERE name ILIKE ${pattern} ESCAPE '\\'))`),
      ]),
    );
  }
  if (query.location) matching = matching.where(ilike('jp.location', containsPattern(query.location)));

  // Counted up to a limit: far enough for the pages around this one, never a scan of every job.
  // Newest first, as the page reads them: a common word is counted from the newest jobs (the pages
  // in memory), a rare one from its trigram index. Unordered, the count read the table from wherever
  // the last scan of it stopped: 8-80 ms for the same search at a million jobs.
  // One walk serves the count and the page (the page is always inside it: the limit reaches ten
  // pages past this one), in one statement: a second query for the page planned and read its rows
  // again, 3-4 ms of a 13 ms search at a million jobs.
  const countLimit = Math.max(PUBLIC_JOBS_COUNT_LIMIT, (query.page + 10) * query.page_size);
  const walk = matching
    .select(['jp.id', 'jp.title', 'jp.company_id', 'jp.location', 'jp.salary', 'jp.pay_min_paise', 'jp.pay_max_paise', 'jp.pay_period', 'jp.expires_at', 'jp.created_at'])
    .orderBy('jp.created_at', 'desc')
    .orderBy('jp.id', 'desc')
    .limit(countLimit + 1);
  const rows = await db
    .with((wb) => wb('walk').materialized(), () => walk)
    .selectFrom((eb) => eb.selectFrom('walk').select((f) => f.fn.countAll<string>().as('found')).as('f'))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom((inner) =>
            inner
              .selectFrom('walk')
              .selectAll()
              // id breaks ties so a page boundary never repeats or skips a job posted in the same instant.
              .orderBy('walk.created_at', 'desc')
              .orderBy('walk.id', 'desc')
              .limit(query.page_size)
              .offset((query.page - 1) * query.page_size)
              .as('w'),
          )
          .innerJoin('companies as c', 'c.id', 'w.company_id')
          .select(['w.id', 'w.title', 'c.name as company_name', 'w.location', 'w.salary', 'w.pay_min_paise', 'w.pay_max_paise', 'w.pay_period', 'w.expires_at', 'w.created_at'])
          .as('p'),
      (join) => join.onTrue(),
    )
    .select(['f.found', 'p.id', 'p.title', 'p.company_name', 'p.location', 'p.salary', 'p.pay_min_paise', 'p.pay_max_paise', 'p.pay_period', 'p.expires_at', 'p.created_at'])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  const found = Number(rows[0]?.found ?? 0);
  const total = Math.min(found, countLimit);
  return {
    // The left join gives the count a row when the page has none: a row without a job is that one.
    jobs: rows.flatMap(({ id, title, company_name, location, expires_at, created_at, ...pay }) =>
      id === null || title === null || company_name === null || created_at === null
        ? []
        : [{ id, title, company_name, location, salary: shownPay(pay), expires_at: expires_at ? new Date(expires_at).toISOString() : null, created_at: new Date(created_at).toISOString() }],
    ),
    page: query.page,
    page_size: query.page_size,
    total,
    total_capped: found > countLimit,
  };
}
