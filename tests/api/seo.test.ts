import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Issue 14: a real robots.txt and a sitemap of open jobs and hiring companies (it used to answer index.html). */
describe.skipIf(laneUnavailable)('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('keeps crawlers out of the workspace and points them at the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('Disallow: /dashboard');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('lists the public pages, each open job and its company, and nothing closed', async () => {
    const company = await t.factories.company({ name: 'Periyar Spices & Co' });
    const open = await t.factories.job(company.id, { title: 'Spice Quality Analyst', expiresAt: new Date(Date.now() + 10 * DAY) });
    const expired = await t.factories.job(company.id, { title: 'Old Role', expiresAt: new Date(Date.now() - DAY) });
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(response.body).toContain(`<loc>http://localhost:3000/jobs/${open.id}</loc>`);
    expect(response.body).not.toContain(expired.id);
    expect(response.body).toContain('<loc>http://localhost:3000/companies/periyar-spices-co</loc>');
    expect(response.body).toContain('<loc>http://localhost:3000/jobs</loc>');
    expect(response.body).not.toContain('/dashboard');
  });
});
