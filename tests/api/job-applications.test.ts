import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { PublicJobDetail } from '../../shared/schemas/job-detail.ts';
import { withSiteImage } from '../../server/features/public-jobs/job-page-meta.ts';
import { PUBLIC_JOB_DETAIL_KEYS } from '../support/public-job-keys.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const DAY = 24 * 60 * 60 * 1000;
const INDEX_HTML = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="WorkCred: hiring and employment verification for India." />
    <title>WorkCred</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe.skipIf(laneUnavailable)('job detail and applying: /api/public/jobs/:jobId, /api/jobs/:jobId/applications, /jobs/:jobId', () => {
  let t: TestApp;
  let distDir: string;
  let ipCounter = 0;
  const nextIp = () => `10.80.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  let company: { id: string; name: string };
  let openJob: { id: string; title: string };
  let expiredJob: { id: string; title: string };
  let deletedJob: { id: string; title: string };
  let candidate: { id: string; jar: CookieJar };
  let employer: { id: string; jar: CookieJar };

  const detail = (jobId: string) => t.app.inject({ method: 'GET', url: `/api/public/jobs/${jobId}`, remoteAddress: nextIp() });
  const apply = (jobId: string, jar?: CookieJar, payload: object | string = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      payload,
      headers: { 'content-type': 'application/json', ...(jar ? { cookie: jar.header } : {}) },
      remoteAddress: nextIp(),
    });
  const mine = (jobId: string, jar: CookieJar) => t.app.inject({ method: 'GET', url: `/api/jobs/${jobId}/applications/mine`, headers: { cookie: jar.header }, remoteAddress: nextIp() });
  const applicationsOf = (jobId: string) => t.database.db.selectFrom('job_applications').selectAll().where('job_id', '=', jobId).execute();

  async function newCandidate(): Promise<{ id: string; jar: CookieJar }> {
    const user = await t.factories.user({ role: 'candidate' });
    await t.factories.candidateProfile(user.id);
    return { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    t = await createTestApp({}, { distDir });
    company = await t.factories.company({ name: 'Lotus Analytics' });
    openJob = await t.factories.job(company.id, {
      title: 'Backend Engineer (Go)',
      description: 'Build payment APIs.\nOwn the ledger service.',
      requirements: '3+ years of Go\nPostgreSQL',
      benefits: 'Health insurance',
      location: 'Pune, Maharashtra',
      salary: '₹18–24 LPA',
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    expiredJob = await t.factories.job(company.id, { title: 'Expired Analyst', expiresAt: new Date(Date.now() - DAY) });
    deletedJob = await t.factories.job(company.id, { title: 'Deleted Role' });
    await t.database.db.updateTable('job_postings').set({ is_deleted: true }).where('id', '=', deletedJob.id).execute();
    candidate = await newCandidate();
    const employerUser = await t.factories.user({ role: 'employer', companyId: company.id });
    employer = { id: employerUser.id, jar: await signIn(t.app, employerUser.email, employerUser.password, nextIp()) };
  });
  afterAll(async () => {
    await t?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  describe('GET /api/public/jobs/:jobId', () => {
    it('shows a published job to anyone, with the public fields only', async () => {
      const response = await detail(openJob.id);
      expect(response.statusCode, response.body).toBe(200);
      const job: PublicJobDetail = response.json();
      expect(Object.keys(job).sort()).toEqual(PUBLIC_JOB_DETAIL_KEYS);
      expect(job).toMatchObject({
        id: openJob.id,
        title: 'Backend Engineer (Go)',
        company_name: 'Lotus Analytics',
        description: 'Build payment APIs.\nOwn the ledger service.',
        requirements: '3+ years of Go\nPostgreSQL',
        benefits: 'Health insurance',
        location: 'Pune, Maharashtra',
        salary: '₹18–24 LPA',
        accepting_applications: true,
      });
    });

    it('still shows an expired job, marked as not accepting applications', async () => {
      const response = await detail(expiredJob.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ title: 'Expired Analyst', accepting_applications: false });
    });

    it('answers 404 "Job not found" for a deleted or unknown job, and 400 for a malformed id', async () => {
      for (const id of [deletedJob.id, randomUUID()]) {
        const response = await detail(id);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: messages.jobDetail.notFound, requestId: expect.any(String) });
      }
      for (const id of ['not-a-uuid', '1', `${openJob.id}x`, "'%20OR%201=1"]) {
        const response = await detail(id);
        expect({ id, status: response.statusCode }).toEqual({ id, status: 400 });
      }
    });
  });

  describe('POST /api/jobs/:jobId/applications', () => {
    it('refuses an anonymous caller with 401 and writes nothing', async () => {
      const response = await apply(openJob.id);
      expect(response.statusCode).toBe(401);
      expect(await applicationsOf(openJob.id)).toEqual([]);
    });

    it('refuses an employer with 403 and a clear message', async () => {
      const response = await apply(openJob.id, employer.jar);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.jobDetail.candidatesOnly);
      expect(await applicationsOf(openJob.id)).toEqual([]);
    });

    it('creates one application for a candidate, with an audit entry and a live event for the employer', async () => {
      const socket: WebSocket = await t.app.injectWS('/api/live', { headers: { cookie: employer.jar.header } });
      const received: { type?: string; id?: string }[] = [];
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
      await waitFor(() => received.length > 0, { what: 'the ready message' });

      expect((await mine(openJob.id, candidate.jar)).json()).toEqual({ applied: false });
      const response = await apply(openJob.id, candidate.jar);
      expect(response.statusCode, response.body).toBe(201);
      const { id, status } = response.json();
      expect(status).toBe('received');

      const rows = await applicationsOf(openJob.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id, candidate_id: candidate.id, status: 'received' });
      const audit = await t.database.db.selectFrom('admin_audit_logs').selectAll().where('entity_id', '=', id).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ admin_id: candidate.id, company_id: company.id, action: 'application_received', entity_type: 'job_application' });
      await waitFor(() => received.find((m) => m.type === 'application' && m.id === id), { what: 'the application event' });
      socket.terminate();

      expect((await mine(openJob.id, candidate.jar)).json()).toEqual({ applied: true, status: 'received' });
    });

    it('answers a second apply with already_applied and no second row, also when both arrive at once', async () => {
      const again = await apply(openJob.id, candidate.jar);
      expect(again.statusCode).toBe(200);
      expect(again.json().status).toBe('already_applied');
      expect(await applicationsOf(openJob.id)).toHaveLength(1);

      // A double click: two submits in parallel from a new candidate make one application.
      const other = await newCandidate();
      const both = await Promise.all([apply(openJob.id, other.jar), apply(openJob.id, other.jar)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(new Set(both.map((r) => r.json().id)).size).toBe(1);
      const rows = await applicationsOf(openJob.id);
      expect(rows.filter((row) => row.candidate_id === other.id)).toHaveLength(1);
      const audits = await t.database.db.selectFrom('admin_audit_logs').select('id').where('admin_id', '=', other.id).execute();
      expect(audits).toHaveLength(1);
    });

    it('refuses an expired job with 409, and a deleted or unknown job with 404', async () => {
      const expired = await apply(expiredJob.id, candidate.jar);
      expect(expired.statusCode).toBe(409);
      expect(expired.json().message).toBe(messages.jobDetail.closed);
      for (const id of [deletedJob.id, randomUUID()]) {
        const response = await apply(id, candidate.jar);
        expect(response.statusCode).toBe(404);
      }
      expect(await applicationsOf(expiredJob.id)).toEqual([]);
      expect(await applicationsOf(deletedJob.id)).toEqual([]);
    });

    it('refuses a candidate whose registration lacks a name or a verified phone with 403, and writes nothing (issue 12, defect 9)', async () => {
      const cases: [string, (id: string) => Promise<unknown>][] = [
        ['only a confirmed email', async () => undefined],
        ['no verified phone', async (id) => t.factories.candidateProfile(id, { phone: null })],
        [
          'no name',
          async (id) => {
            await t.factories.candidateProfile(id);
            await t.database.db.updateTable('user_profiles').set({ full_name: '  ' }).where('id', '=', id).execute();
          },
        ],
      ];
      for (const [what, prepare] of cases) {
        const user = await t.factories.user({ role: 'candidate' });
        await prepare(user.id);
        const jar = await signIn(t.app, user.email, user.password, nextIp());
        const response = await apply(openJob.id, jar);
        expect({ what, status: response.statusCode }).toEqual({ what, status: 403 });
        expect(response.json()).toMatchObject({ code: 'REGISTRATION_INCOMPLETE', message: messages.jobDetail.finishRegistration });
        expect((await applicationsOf(openJob.id)).filter((row) => row.candidate_id === user.id)).toEqual([]);
      }
    });

    it('refuses fields in the body and a malformed id with 400, and writes nothing', async () => {
      const other = await newCandidate();
      for (const payload of [{ status: 'hired' }, { candidate_id: employer.id }, '{"__proto__":{"role":"admin"}}', '[]', 'null']) {
        const response = await apply(openJob.id, other.jar, payload);
        expect(response.statusCode).toBe(400);
      }
      expect((await apply('nope', other.jar)).statusCode).toBe(400);
      expect((await mine('nope', other.jar)).statusCode).toBe(400);
      const rows = await applicationsOf(openJob.id);
      expect(rows.filter((row) => row.candidate_id === other.id)).toEqual([]);
    });
  });

  describe('GET /jobs/:jobId serves the page with link-preview tags', () => {
    const page = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
    const jsonLdOf = (html: string) => {
      const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
      expect(match).not.toBeNull();
      return JSON.parse(match?.[1] ?? 'null') as Record<string, unknown>;
    };

    it('puts the title, description, OpenGraph, Twitter and JSON-LD into the head', async () => {
      const response = await page(`/jobs/${openJob.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      const html = response.body;
      expect(html).toContain('<title>Backend Engineer (Go) at Lotus Analytics · WorkCred</title>');
      expect(html).toContain('<meta property="og:title" content="Backend Engineer (Go) at Lotus Analytics · WorkCred" />');
      expect(html).toContain('<meta name="description" content="Lotus Analytics · Pune, Maharashtra · ₹18–24 LPA" />');
      expect(html).toContain('<meta property="og:type" content="website" />');
      expect(html).toContain(`<meta property="og:url" content="${t.config.PUBLIC_URL}/jobs/${openJob.id}" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(jsonLdOf(html)).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: 'Backend Engineer (Go)',
        hiringOrganization: { '@type': 'Organization', name: 'Lotus Analytics' },
      });
    });

    it('escapes a hostile title in the tags and in the JSON-LD', async () => {
      const title = 'Dev "</title><script>alert(1)</script>';
      const hostile = await t.factories.job(company.id, { title, description: '</script><script>alert(2)</script> & more' });
      const html = (await page(`/jobs/${hostile.id}`)).body;
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('</title><script>');
      expect(html).toContain('content="Dev &#34;&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; at Lotus Analytics · WorkCred"');
      // The JSON-LD block ends only at its own </script>, and reads back as the original text.
      const ld = jsonLdOf(html);
      expect(ld.title).toBe(title);
      expect(ld.description).toBe('</script><script>alert(2)</script> & more');
      expect(html).toContain('\\u003c/script\\u003e');
      // The job's data block too: one element, closed by its own tag, reading back as the API's answer.
      const data = /<script type="application\/json" id="initial-job">([\s\S]*?)<\/script>/.exec(html);
      expect(JSON.parse(data?.[1] ?? 'null')).toMatchObject({ id: hostile.id, title, description: '</script><script>alert(2)</script> & more' });
    });

    it('carries the job as the API answers it, so the page shows it without a second request, and compresses the page', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/jobs/${openJob.id}`, remoteAddress: nextIp(), headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      const html = gunzipSync(response.rawPayload).toString('utf8');
      const data = /<script type="application\/json" id="initial-job">([\s\S]*?)<\/script>/.exec(html);
      const api = await t.app.inject({ method: 'GET', url: `/api/public/jobs/${openJob.id}`, remoteAddress: nextIp() });
      expect(JSON.parse(data?.[1] ?? 'null')).toEqual(api.json());
    });

    it('serves the plain page for an unknown or deleted job and for other paths', async () => {
      // The pages the server sends itself carry WorkCred's own preview card (issue 33, C3); the app's other paths are the file as built.
      const plain = withSiteImage(INDEX_HTML, t.config.PUBLIC_URL);
      for (const url of [`/jobs/${randomUUID()}`, `/jobs/${deletedJob.id}`, '/jobs/not-a-uuid', '/jobs']) {
        const response = await page(url);
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(url === '/jobs' ? INDEX_HTML : plain);
      }
      // /auth carries the sign-in methods the server offers (here, no Google), as GET /api/site-config answers them.
      expect((await page('/auth')).body).toBe(plain.replace('</head>', '<script type="application/json" id="site-config">{"google_sign_in":false}</script></head>'));
    });
  });
});
