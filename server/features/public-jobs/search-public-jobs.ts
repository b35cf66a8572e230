import type { Kysely } from 'kysely';
import { MAX_KEYWORD_TERMS, type PublicJobsPage, type PublicJobsQuery } from '../../../shared/schemas/public-jobs.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern, ilike, isOpenJob } from './open-jobs.ts';

/**
 * The public job board: open jobs, newest first, a page at a time with the total. Every word of
 * the keywords must appear in the title, the description or the company name (so "react pune"
 * style searches narrow down); the location matches as one phrase.
 */
export async function searchPublicJobs(db: Kysely<DB>, query: PublicJobsQuery): Promise<PublicJobsPage> {
  const terms = query.q ? query.q.split(' ').slice(0, MAX_KEYWORD_TERMS) : [];
  let matching = db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .where((eb) => isOpenJob(eb));
  for (const term of terms) {
    const pattern = containsPattern(term);
    matching = matching.where((eb) => eb.or([ilike('jp.title', pattern), ilike('jp.description', pattern), ilike('c.name', pattern)]));
  }
  if (query.location) matching = matching.where(ilike('jp.location', containsPattern(query.location)));

  const counted = await matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst();
  const total = Number(counted?.total ?? 0);
  const rows =
    total === 0
      ? []
      : await matching
          .select(['jp.id', 'jp.title', 'c.name as company_name', 'jp.location', 'jp.salary', 'jp.expires_at', 'jp.created_at'])
          // id breaks ties so a page boundary never repeats or skips a job posted in the same instant.
          .orderBy('jp.created_at', 'desc')
          .orderBy('jp.id', 'desc')
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size)
          .execute();

  return {
    jobs: rows.map((row) => ({
      id: row.id,
      title: row.title,
      company_name: row.company_name,
      location: row.location,
      salary: row.salary,
      expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
      created_at: new Date(row.created_at).toISOString(),
    })),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}
