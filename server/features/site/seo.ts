import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicRead } from '../../http/public-reads.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { isOpenJob } from '../public-jobs/open-jobs.ts';

/** The public pages search engines should know, besides each open job and hiring company. */
const STATIC_PAGES = ['/', '/jobs', '/companies', '/candidate', '/features', '/about', '/resources', '/contact', '/privacy', '/terms', '/developers'];
/** The sitemap protocol's limit for one file. */
const MAX_URLS = 50_000;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** robots.txt: everything public may be crawled (the sign-in page too); the workspace, accounts and the API may not. */
export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /admin', 'Disallow: /account', 'Disallow: /join', 'Disallow: /pick-a-time', 'Disallow: /confirm-application', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

/** sitemap.xml: the public pages, every open job (so Google for Jobs finds them) and each hiring company's page. */
export async function sitemapXml(db: Kysely<DB>, publicUrl: string): Promise<string> {
  const base = publicUrl.replace(/\/$/, '');
  const jobs = await db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .where(isOpenJob)
    .select(['jp.id', 'jp.updated_at', 'c.slug'])
    .orderBy('jp.created_at', 'desc')
    .limit(MAX_URLS - STATIC_PAGES.length - 1000)
    .execute();
  const companies = [...new Set(jobs.map((job) => job.slug))].slice(0, 1000);
  const entry = (loc: string, lastmod?: Date) => `  <url><loc>${xml(`${base}${loc}`)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((page) => entry(page)),
    ...companies.map((slug) => entry(`/companies/${slug}`)),
    ...jobs.map((job) => entry(`/jobs/${job.id}`, job.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
}

/** /robots.txt and /sitemap.xml (issue 14: robots.txt used to answer the app's index.html). */
export async function seoRoutes(app: FastifyInstance, { database, config }: FeatureDeps) {
  app.get('/robots.txt', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(config.PUBLIC_URL)));
  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=900')
      .type('application/xml; charset=utf-8')
      .send(await publicRead(database, request, (db) => sitemapXml(db, config.PUBLIC_URL))),
  );
}
