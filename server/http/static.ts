import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '../../shared/messages.ts';
import { getPublicJob } from '../features/public-jobs/get-public-job.ts';
import { renderJobPage } from '../features/public-jobs/job-page-meta.ts';

// /jobs/<uuid> (with an optional trailing slash and query): the public job page.
const JOB_PAGE = /^\/jobs\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:\?.*)?$/i;

/**
 * Serves the built React app: hashed assets with a year-long immutable cache, index.html never
 * cached, and index.html for every other non-API path (the browser router decides what to show).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz beside each text asset (web/precompress.ts): send those as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  // index.html is read once, when first needed, and kept: it changes only with a new build (a restart).
  let indexHtml: Promise<string> | undefined;
  const readIndex = () => (indexHtml ??= readFile(indexFile, 'utf8'));

  /** The job page with its title, preview tags and JSON-LD in the head, or undefined for no such job. */
  async function jobPageHtml(jobId: string): Promise<string | undefined> {
    const job = await getPublicJob(app.database.db, jobId);
    return job ? renderJobPage(await readIndex(), job, app.config.PUBLIC_URL) : undefined;
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ code: 'NOT_FOUND', message: messages.errors.notFound });
    }
    if (!built) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    const jobId = request.method === 'GET' ? JOB_PAGE.exec(request.url)?.[1] : undefined;
    if (jobId) {
      // Preview tags are a nicety: if the database is unavailable, the plain page still loads and the app explains.
      const html = await jobPageHtml(jobId).catch((error: unknown) => {
        request.log.warn({ err: error }, 'job page meta failed; serving the plain page');
        return undefined;
      });
      if (html) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
