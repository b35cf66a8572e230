import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '../../shared/messages.ts';
import { SIGNED_OUT_ELEMENT_ID, SITE_CONFIG_ELEMENT_ID } from '../../shared/options.ts';
import { LETTER_CODE_PATTERN } from '../../shared/schemas/letters.ts';
import { getPublicJob } from '../features/public-jobs/get-public-job.ts';
import { jsonForScript, renderJobPage, renderLandingHead, withSiteImage } from '../features/public-jobs/job-page-meta.ts';
import { getJobPageFacts } from '../features/public-jobs/job-page-facts.ts';
import { siteConfigOf } from '../features/site/site-config.ts';
import { sessionCookieOf } from '../auth/session.ts';
import { pagePreloads, withPreloads } from './page-preloads.ts';
import { publicRead } from './public-reads.ts';
import { pageRenderer, withInlineStyles, withRootMarkup } from './page-render.ts';

const SIGNED_OUT_MARK = `<script type="application/json" id="${SIGNED_OUT_ELEMENT_ID}">true</script>`;
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Serves the built React app: hashed assets with a year-long immutable cache, index.html never
 * cached, and index.html for every other non-API path (the browser router decides what to show).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, options: { unmatchedPublicApi?: (request: FastifyRequest, reply: FastifyReply) => unknown } = {}) {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    // The hashed assets (five hundred files with their .br and .gz) by one wildcard route: a route
    // for each file, as below, took 60 ms of every start. A missing one falls to the not-found handler.
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      // The build wrote .br and .gz beside each text asset (web/precompress.ts): send those as they are.
      preCompressed: true,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
    // The few files at the top (favicon.svg, index.html), a route each.
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['assets/**'],
      // Build files for the server (.ssr/, the page renderer; .vite/, the manifest) are not the browser's.
      dotfiles: 'ignore',
      setHeaders: (res) => res.header('cache-control', 'no-cache'),
    });
  }
  // index.html is read once, when first needed, and kept: it changes only with a new build (a restart).
  let indexHtml: Promise<string> | undefined;
  const readIndex = () =>
    (indexHtml ??= readFile(indexFile, 'utf8').then((html) => withInlineStyles(withSiteImage(html, app.config.PUBLIC_URL), distDir, (file) => readFile(file, 'utf8'))));
  const preloads = built ? pagePreloads(distDir) : { auth: '', job: '' };
  // The sign-in methods the server offers, in the page as GET /api/site-config answers them: the
  // form is rendered with its Google button (or without), and nothing moves when the page starts.
  const siteConfig = siteConfigOf(app.config);
  const siteConfigMark = `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${jsonForScript(siteConfig)}</script>`;
  // The landing and job pages arrive rendered (web/prerender.tsx), when the build has the renderer.
  const renderer = built ? pageRenderer(distDir, app.log, siteConfig) : undefined;
  const sendHtml = (reply: FastifyReply, html: string) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

  /** The job page with its title, preview tags and JSON-LD in the head, or undefined for no such job. */
  async function jobPageHtml(request: FastifyRequest, jobId: string): Promise<string | undefined> {
    // From the read replica for an anonymous visitor (decision record 0031).
    const read = await publicRead(app.database, request, async (db) => {
      const job = await getPublicJob(db, jobId);
      return job ? { job, facts: await getJobPageFacts(db, jobId) } : undefined;
    });
    if (!read) return undefined;
    return withRootMarkup(renderJobPage(await readIndex(), read.job, app.config.PUBLIC_URL, read.facts), await renderer?.job(read.job));
  }

  /**
   * /jobs/:id, the page a shared link opens: the job's preview tags, JSON-LD and data in the HTML.
   * A route of its own (not the not-found handler), so the page is compressed like any answer.
   */
  app.get<{ Params: { jobId: string } }>('/jobs/:jobId', async (request, reply) => {
    if (!built) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    const { jobId } = request.params;
    // Preview tags are a nicety: if the database is unavailable, the plain page still loads and the app explains.
    const html = JOB_ID.test(jobId)
      ? await jobPageHtml(request, jobId).catch((error: unknown) => {
          request.log.warn({ err: error }, 'job page meta failed; serving the plain page');
          return undefined;
        })
      : undefined;
    return sendHtml(reply, withPreloads(html ?? (await readIndex()), preloads.job));
  });

  /** /, the landing page, rendered once (it shows nothing that changes) and kept. */
  let landingHtml: Promise<string> | undefined;
  app.get('/', async (_request, reply) => {
    if (!built) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    landingHtml ??= (async () => withRootMarkup(renderLandingHead(await readIndex(), app.config.PUBLIC_URL), await renderer?.landing()))();
    return sendHtml(reply, await landingHtml);
  });

  /**
   * /auth, with its screen's chunks named in the page so they load alongside the main script. A
   * request with no session cookie gets the form rendered (there is no session to check first), and
   * a mark saying so; one with a cookie gets the page that checks the session before it shows
   * anything, as the session may be live.
   */
  app.get('/auth', async (request, reply) => {
    if (!built) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    const html = withPreloads(await readIndex(), preloads.auth).replace('</head>', () => `${siteConfigMark}</head>`);
    if (sessionCookieOf(request.headers.cookie ?? '') !== undefined) return sendHtml(reply, html);
    // Read as the page reads it (URLSearchParams: the first ?trial=), so the markup matches its first render.
    const markup = await renderer?.signIn(new URL(request.url, 'http://localhost').searchParams.get('trial') === 'true');
    return sendHtml(reply, markup ? withRootMarkup(html, markup, { paintWhole: true }).replace('</head>', () => `${SIGNED_OUT_MARK}</head>`) : html);
  });

  /** /verify/<code> (issue 17): the page says "No letter found for this code" itself; the answer's status says it too, 404. */
  app.get<{ Params: { code: string } }>('/verify/:code', async (request, reply) => {
    if (!built) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    const code = request.params.code.trim().toUpperCase();
    const known = LETTER_CODE_PATTERN.test(code) && (await app.database.db.selectFrom('letters').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
    return sendHtml(reply.code(known ? 200 : 404), await readIndex());
  });

  app.setNotFoundHandler(async (request, reply) => {
    // The public API answers problem+json, and 405 with Allow for a known path (public-api/problem.ts).
    if (options.unmatchedPublicApi && request.url.startsWith('/api/v1/')) return options.unmatchedPublicApi(request, reply);
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: messages.errors.notFound });
    }
    if (!built) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
