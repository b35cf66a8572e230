import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts';

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
    // The emailed links' pages hold a token in the fragment and are for one person: not for search engines.
    expect(response.body).toContain('Disallow: /pick-a-time');
    expect(response.body).toContain('Disallow: /confirm-application');
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

/**
 * Issue 33, C3: the job page's JobPosting lacked a location when the job had none, a numeric
 * baseSalary, employmentType, identifier, directApply and (without a closing date) validThrough;
 * no page had an og:image. Each job now has its own 1200 × 630 card.
 */
describe.skipIf(laneUnavailable)('job pages for search engines and chat previews', () => {
  let t: TestApp;
  let distDir: string;
  let ip = 0;
  let company: { id: string; name: string };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers, remoteAddress: `10.93.${Math.floor(++ip / 250)}.${ip % 250}` });
  const headOf = async (jobId: string) => {
    const page = await get(`/jobs/${jobId}`);
    expect(page.statusCode).toBe(200);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body);
    const image = /<meta property="og:image" content="([^"]+)" \/>/.exec(page.body);
    return { html: page.body, ld: JSON.parse(ld?.[1] ?? 'null') as Record<string, unknown>, image: image?.[1]?.replace(/&#38;/g, '&') };
  };
  const unset = (jobId: string, values: { location?: null; salary?: null | string; expires_at?: null; title?: string }) =>
    t.database.db.updateTable('job_postings').set(values).where('id', '=', jobId).execute();

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-dist-seo-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>WorkCred</title><meta name="description" content="Built." /></head><body><div id="root"></div></body></html>');
    t = await createTestApp({}, { distDir });
    company = await t.factories.company({ name: 'Kaveri Pumps & Motors' });
  });
  afterAll(async () => {
    await t?.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  it('gives a job with a city and a pay in lakhs every field Google asks for, with the pay as numbers', async () => {
    const job = await t.factories.job(company.id, { title: 'Service Engineer', location: 'Coimbatore, Tamil Nadu', salary: '₹10-15 LPA', expiresAt: new Date(Date.now() + 20 * DAY) });
    const { ld } = await headOf(job.id);
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      employmentType: 'FULL_TIME',
      directApply: true,
      identifier: { '@type': 'PropertyValue', name: 'Kaveri Pumps & Motors', value: job.id },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Coimbatore, Tamil Nadu', addressCountry: 'IN' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'INR', value: { '@type': 'QuantitativeValue', minValue: 1_000_000, maxValue: 1_500_000, unitText: 'YEAR' } },
    });
    expect(Date.parse(ld.validThrough as string)).toBeGreaterThan(Date.now());
  });

  it('places a job without a location at the company\'s address, or in India; a remote one is TELECOMMUTE; an unreadable pay is left out', async () => {
    const job = await t.factories.job(company.id, { title: 'Part-time Accountant', salary: 'As per industry standards' });
    await unset(job.id, { location: null, expires_at: null });
    let { ld } = await headOf(job.id);
    expect(ld.jobLocation).toEqual({ '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'IN' } });
    expect(ld.baseSalary).toBeUndefined();
    expect(ld.employmentType).toBe('PART_TIME');
    // No closing date: 60 days after posting.
    expect(Date.parse(ld.validThrough as string) - Date.parse(ld.datePosted as string)).toBe(60 * DAY);

    await t.database.db
      .insertInto('company_billing_profiles')
      .values({ company_id: company.id, legal_name: 'Kaveri Pumps and Motors Pvt Ltd', address_line1: '14 Avinashi Road', city: 'Coimbatore', state: 'Tamil Nadu', pincode: '641018' })
      .execute();
    ({ ld } = await headOf(job.id));
    expect(ld.jobLocation).toEqual({ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Coimbatore', addressRegion: 'Tamil Nadu', postalCode: '641018', addressCountry: 'IN' } });

    const remote = await t.factories.job(company.id, { title: 'Support Engineer (Remote)', salary: '25,000 - 30,000 per month' });
    await unset(remote.id, { location: null });
    ({ ld } = await headOf(remote.id));
    expect(ld).toMatchObject({ jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'India' } });
    expect(ld.jobLocation).toBeUndefined();
    expect(ld.baseSalary).toMatchObject({ value: { minValue: 25_000, maxValue: 30_000, unitText: 'MONTH' } });
  });

  it('uses the structured details where the job has them (issue 36 §1): its employment type, its pay as numbers, remote by its work mode', async () => {
    const job = await t.factories.job(company.id, { title: 'Pump Design Engineer', location: 'Pune', salary: 'Competitive' });
    const set = (values: Record<string, unknown>) => t.database.db.updateTable('job_postings').set(values).where('id', '=', job.id).execute();
    await set({ employment_type: 'contract', work_mode: 'hybrid', pay_min_paise: 1_200_000_00, pay_max_paise: 1_800_000_00, pay_period: 'year' });
    let { ld } = await headOf(job.id);
    expect(ld).toMatchObject({
      employmentType: 'CONTRACTOR',
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Pune', addressCountry: 'IN' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'INR', value: { '@type': 'QuantitativeValue', minValue: 1_200_000, maxValue: 1_800_000, unitText: 'YEAR' } },
    });
    // A remote work mode is TELECOMMUTE though the title and place say nothing of it; a monthly pay with one figure.
    await set({ employment_type: 'internship', work_mode: 'remote', location: null, pay_min_paise: 25_000_00, pay_max_paise: null, pay_period: 'month' });
    ({ ld } = await headOf(job.id));
    expect(ld).toMatchObject({ employmentType: 'INTERN', jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'India' } });
    expect(ld.jobLocation).toBeUndefined();
    expect(ld.baseSalary).toMatchObject({ value: { value: 25_000, unitText: 'MONTH' } });
  });

  it("names the job's own 1200 × 630 card as og:image, a PNG rendered once per version and cached by its ETag", async () => {
    const job = await t.factories.job(company.id, { title: `Senior <Hydraulics> & "Pumps" Design Engineer ${'with a very long title '.repeat(4)}`, location: 'Pune', salary: '₹18–24 LPA' });
    const { html, image } = await headOf(job.id);
    expect(image).toMatch(new RegExp(`^${t.config.PUBLIC_URL}/api/public/jobs/${job.id}/share-image\\.png\\?v=[\\w-]+$`));
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    expect(html).toContain('<meta property="og:image:alt" content="');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html.match(/property="og:image"/g)).toHaveLength(1);

    const url = image!.slice(t.config.PUBLIC_URL.length);
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);

    // A changed job is a new version: a new address and a new image.
    await unset(job.id, { title: 'Pump Design Engineer' });
    const changed = await headOf(job.id);
    expect(changed.image).not.toBe(image);
    const second = await get(changed.image!.slice(t.config.PUBLIC_URL.length));
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });

  it('puts the company logo on the card', async () => {
    const withLogo = await t.factories.company({ name: 'Malabar Coir Works' });
    const owner = await t.factories.user({ role: 'employer', companyId: withLogo.id, fullName: 'Lekha Menon' });
    const jar = await signIn(t.app, owner.email, owner.password, '10.94.0.1');
    // A solid red logo: the card's top-right tile is red where the logo sits, and not without it.
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#dc2626' } }).png().toBuffer();
    const uploaded = await t.app.inject({ method: 'PUT', url: '/api/settings/company/logo', payload: png, headers: { cookie: jar.header, 'content-type': 'image/png' }, remoteAddress: '10.94.0.2' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const job = await t.factories.job(withLogo.id, { title: 'Coir Technician' });
    const { image, ld } = await headOf(job.id);
    expect(ld.hiringOrganization).toMatchObject({ name: 'Malabar Coir Works', logo: expect.stringMatching(/\/api\/public\/companies\/[\w-]+\/logo\?v=\d+$/) });
    const card = await get(image!.slice(t.config.PUBLIC_URL.length));
    const { data } = await sharp(card.rawPayload).extract({ left: 1045, top: 135, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xdc, 0x26, 0x26]);
  });

  it('answers 404 for an unknown or deleted job, and 400 for a bad id or an unknown parameter', async () => {
    const job = await t.factories.job(company.id, { title: 'Welder' });
    expect((await get('/api/public/jobs/00000000-0000-4000-8000-000000000000/share-image.png')).statusCode).toBe(404);
    expect((await get('/api/public/jobs/not-a-job/share-image.png')).statusCode).toBe(400);
    expect((await get(`/api/public/jobs/${job.id}/share-image.png?x=1`)).statusCode).toBe(400);
    await t.database.db.updateTable('job_postings').set({ is_deleted: true }).where('id', '=', job.id).execute();
    expect((await get(`/api/public/jobs/${job.id}/share-image.png`)).statusCode).toBe(404);
  });

  it('gives the landing and the other pages WorkCred\'s own card', async () => {
    const landing = await get('/');
    expect(landing.body).toContain(`<meta property="og:image" content="${t.config.PUBLIC_URL}/og-image.png" />`);
    expect(landing.body.match(/property="og:image"/g)).toHaveLength(1);
    const auth = await get('/auth');
    expect(auth.body).toContain(`<meta property="og:image" content="${t.config.PUBLIC_URL}/og-image.png" />`);
    expect(auth.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });
});
