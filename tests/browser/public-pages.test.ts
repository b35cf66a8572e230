import { seriousAxeViolations } from '../support/axe.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages } from '../../shared/messages.ts';
import { PUBLIC_JOBS_COUNT_LIMIT } from '../../shared/schemas/public-jobs.ts';
import { screenshot, startBrowserHarness, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { sidewaysOverflow } from '../support/layout.ts';

const text = messages.publicSite;
const HOUR = 60 * 60 * 1000;
const PUBLIC_PAGES = ['/jobs', '/companies', '/resources', '/about', '/features', '/contact', '/privacy', '/terms', '/developers'];

/** Waits until the page has set its own title (the HTML shell's is just "WorkCred"). */
async function pageMeta(page: Page): Promise<{ title: string; description: string }> {
  await page.waitForFunction(() => document.title !== 'WorkCred' && document.querySelector('h1') !== null);
  return page.evaluate(() => ({ title: document.title, description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '' }));
}

describe('public pages: job board, companies, content pages, contact', () => {
  let h: BrowserHarness;
  let firmwareJobId: string;

  beforeAll(async () => {
    h = await startBrowserHarness();
    const { factories, database } = h.t;
    const paging = await factories.company({ name: 'Pagination Works' });
    for (let i = 0; i < 25; i++) {
      const job = await factories.job(paging.id, { title: `Pagination role ${String(i + 1).padStart(2, '0')}`, location: 'Pune' });
      await database.db.updateTable('job_postings').set({ created_at: new Date(Date.now() - (i + 2) * HOUR) }).where('id', '=', job.id).execute();
    }
    const saffron = await factories.company({ name: 'Saffron Robotics' });
    firmwareJobId = (await factories.job(saffron.id, { title: 'Embedded Firmware Engineer', location: 'Coimbatore', salary: '₹12–16 LPA' })).id;
    await factories.job(saffron.id, { title: 'Expired Firmware Role', location: 'Coimbatore', expiresAt: new Date(Date.now() - HOUR) });
  });
  afterAll(async () => h?.close());

  it('finds a seeded job by keyword, shows its details, and its link leads to /jobs/:id; Back restores the search', async () => {
    const { page } = await h.open('/jobs');
    await page.getByRole('heading', { name: '26 open jobs' }).waitFor();
    await page.getByLabel(text.keywordsLabel).fill('firmware');
    await page.getByRole('button', { name: text.search }).click();
    await page.waitForURL((url) => url.pathname === '/jobs' && url.searchParams.get('q') === 'firmware');
    await page.getByRole('heading', { name: '1 open job for “firmware”' }).waitFor();

    const card = page.getByRole('article').filter({ hasText: 'Embedded Firmware Engineer' });
    await expect.poll(() => card.count()).toBe(1);
    const cardText = await card.innerText();
    for (const expected of ['Saffron Robotics', 'Coimbatore', '₹12–16 LPA', 'Posted']) expect(cardText).toContain(expected);
    // Issue 33 C5: a rupee icon before a salary that already says ₹ read "₹ ₹12–16 LPA".
    expect(await card.locator('svg.lucide-indian-rupee').count()).toBe(0);
    expect(await page.getByText('Expired Firmware Role').count()).toBe(0);

    await card.getByRole('link', { name: 'Embedded Firmware Engineer' }).click();
    await waitForPath(page, `/jobs/${firmwareJobId}`);
    await page.goBack();
    await page.getByRole('heading', { name: '1 open job for “firmware”' }).waitFor();
    expect(await page.getByLabel(text.keywordsLabel).inputValue()).toBe('firmware');
  });

  it('searches by location, shows the empty state, and clears the search', async () => {
    const { page } = await h.open('/jobs?location=coimbatore');
    await page.getByRole('heading', { name: '1 open job' }).waitFor();
    expect(await page.getByLabel(text.locationLabel).inputValue()).toBe('coimbatore');

    await page.getByLabel(text.keywordsLabel).fill('100% "quoted" _weird_ \\ search');
    await page.getByLabel(text.keywordsLabel).press('Enter');
    await page.getByText(text.noJobs).waitFor();
    await page.getByRole('link', { name: text.clearSearch }).click();
    await waitForPath(page, '/jobs');
    await page.getByRole('heading', { name: '26 open jobs' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('pages through the results with the pagination controls, keeping the page in the URL', async () => {
    const { page } = await h.open('/jobs');
    await page.getByRole('heading', { name: '26 open jobs' }).waitFor();
    const pagination = page.getByRole('navigation', { name: text.pagination });
    expect(await page.getByRole('article').count()).toBe(20);
    expect(await pagination.getByRole('link', { name: 'Page 1 of 2' }).getAttribute('aria-current')).toBe('page');
    expect(await pagination.getByText(text.previousPage).getAttribute('aria-disabled')).toBe('true');

    await pagination.getByRole('link', { name: text.nextPage }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText('Showing 21–26 of 26').waitFor();
    expect(await page.getByRole('article').count()).toBe(6);
    await page.getByRole('link', { name: 'Pagination role 25' }).waitFor();
    expect(await pagination.getByRole('link', { name: 'Page 2 of 2' }).getAttribute('aria-current')).toBe('page');
    // Focus moves to the results, so a keyboard user continues from the new page's list.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('job-results-heading');

    await pagination.getByRole('link', { name: text.previousPage }).click();
    await page.getByText('Showing 1–20 of 26').waitFor();
    await page.goBack();
    await page.getByText('Showing 21–26 of 26').waitFor();
  });

  it('shows an error with Retry when the jobs cannot be loaded, and Retry loads them', async () => {
    const { page, expectConsoleError } = await h.open();
    expectConsoleError({ status: 503, path: '/api/public/jobs' });
    let failing = true;
    await page.route('**/api/public/jobs*', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'UNAVAILABLE', message: 'down' }) }) : route.continue(),
    );
    await page.goto('/jobs');
    await page.getByRole('alert').filter({ hasText: text.jobsLoadFailed }).waitFor({ timeout: 15_000 });
    failing = false;
    await page.getByRole('button', { name: text.retry }).click();
    await page.getByRole('heading', { name: '26 open jobs' }).waitFor();
  });

  it('lists companies with their open-job counts, each leading to its jobs', async () => {
    const { page } = await h.open('/companies');
    const list = page.getByRole('list', { name: 'Companies' });
    await list.waitFor();
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['Pagination Works\n25 open jobs', 'Saffron Robotics\n1 open job']);
    // Each leads to the company's careers page (issue 13), with its open jobs.
    await list.getByRole('link', { name: 'Saffron Robotics: 1 open job' }).click();
    await page.waitForURL((url) => url.pathname === '/companies/saffron-robotics');
    await page.getByRole('heading', { level: 1, name: 'Saffron Robotics' }).waitFor();
    await page.getByRole('link', { name: /Embedded Firmware Engineer/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/jobs/'));
  });

  it('sends the contact form, shows the toast, and stores the message', async () => {
    const { page } = await h.open('/contact');
    await page.getByRole('button', { name: text.send }).click();
    await page.getByText('Please enter your name').waitFor();
    await page.getByText('Please choose a topic').waitFor();
    expect(await page.getByLabel(text.nameLabel).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel(text.nameLabel).fill('Farhan Qureshi');
    await page.getByLabel(text.emailLabel).fill('farhan.q@gmail.com');
    await page.getByLabel(text.companyLabel).fill('Qureshi Exports');
    await page.getByLabel(text.topicLabel).selectOption('partnership');
    await page.getByLabel(text.messageLabel, { exact: true }).fill('We run a staffing agency in Surat and would like to resell WorkCred verification.');
    await page.getByRole('button', { name: text.send }).click();
    await waitForToast(page, text.contactSent);

    const rows = await h.t.database.db.selectFrom('contact_messages').selectAll().where('email', '=', 'farhan.q@gmail.com').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Farhan Qureshi', company: 'Qureshi Exports', topic: 'partnership' });
    // The form is ready for another message.
    expect(await page.getByLabel(text.nameLabel).inputValue()).toBe('');
  });

  it('preselects Sales for the Enterprise plan (/contact?plan=enterprise)', async () => {
    const { page } = await h.open('/contact?plan=enterprise');
    await page.getByText(text.enterpriseNote).waitFor();
    expect(await page.getByLabel(text.topicLabel).inputValue()).toBe('sales');
    const plain = await h.open('/contact');
    await plain.page.getByLabel(text.topicLabel).waitFor();
    expect(await plain.page.getByLabel(text.topicLabel).inputValue()).toBe('');
  });

  it('gives every public page its own title and description, and no serious or critical axe violations', { timeout: 120_000 }, async () => {
    const seen = new Map<string, { title: string; description: string }>();
    const { page } = await h.open();
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const meta = await pageMeta(page);
      // Let the data-driven pages finish loading so axe checks what a visitor sees.
      if (path === '/jobs') await page.getByRole('heading', { name: '26 open jobs' }).waitFor();
      if (path === '/companies') await page.getByRole('list', { name: 'Companies' }).waitFor();
      expect(meta.title, path).toMatch(/ · WorkCred$|WorkCred/);
      expect(meta.description.length, path).toBeGreaterThan(50);
      seen.set(path, meta);
      expect({ path, serious: await seriousAxeViolations(page) }).toEqual({ path, serious: [] });
    }
    expect(new Set([...seen.values()].map((m) => m.title)).size).toBe(PUBLIC_PAGES.length);
    expect(new Set([...seen.values()].map((m) => m.description)).size).toBe(PUBLIC_PAGES.length);
  });

  it('fits a 375 px phone without sideways scrolling, and takes screenshots of /jobs', async () => {
    const { page } = await h.open('/jobs');
    await page.getByRole('heading', { name: '26 open jobs' }).waitFor();
    await screenshot(page, 'public-jobs-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'public-jobs-375');
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await pageMeta(page);
      if (path === '/companies') await page.getByRole('list', { name: 'Companies' }).waitFor();
      if (path === '/jobs') await page.getByRole('heading', { name: '26 open jobs' }).waitFor();
      const { overflow, offenders } = await sidewaysOverflow(page);
      expect({ path, overflow, offenders }).toEqual({ path, overflow: 0, offenders: [] });
      if (path !== '/jobs') await screenshot(page, `public${path.replace('/', '-')}-375`);
    }
  });

  it('jumps from a guide card and a contents entry to the section they name', async () => {
    const { page } = await h.open('/resources');
    await page.getByRole('navigation', { name: 'Guides' }).getByRole('link', { name: /Understanding notice periods/ }).click();
    await page.waitForURL((url) => url.hash === '#understanding-notice-periods');
    await expect.poll(() => page.getByRole('heading', { name: 'Understanding notice periods', level: 2 }).evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);

    await page.goto('/privacy');
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: '9. How to withdraw consent' }).click();
    await page.waitForURL((url) => url.hash === '#withdraw-consent');
    const heading = page.getByRole('heading', { name: '9. How to withdraw consent' });
    await expect.poll(() => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
    expect(await page.getByText('grievance@workcred.in').count()).toBeGreaterThan(0);
  });

  it('is keyboard operable: the search form and a job link are reached with Tab', async () => {
    const { page } = await h.open('/jobs');
    await page.getByRole('heading', { name: '26 open jobs' }).waitFor();
    await page.getByLabel(text.keywordsLabel).focus();
    await page.keyboard.type('firmware');
    await page.keyboard.press('Tab');
    await page.keyboard.type('coimbatore');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text.search);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: '1 open job for “firmware”' }).waitFor();
    // Next stops after the results heading: the job link.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('job-results-heading');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Embedded Firmware Engineer');
    await page.keyboard.press('Enter');
    await waitForPath(page, `/jobs/${firmwareJobId}`);
  });

  it('says "1,000+ open jobs" when more match than the board counts, at 1280 and 375 px', async () => {
    const { factories, database } = h.t;
    const many = await factories.company({ name: 'Bhiwandi Fulfilment' });
    await sql`
      INSERT INTO job_postings (company_id, title, description, location, created_at)
      SELECT ${many.id}::uuid, 'Warehouse Picker ' || g, 'Pick and pack orders in a busy fulfilment centre.', 'Bhiwandi', now() - g * interval '1 second'
      FROM generate_series(1, ${PUBLIC_JOBS_COUNT_LIMIT + 5}::int) AS g`.execute(database.db);
    const { page } = await h.open('/jobs?location=bhiwandi');
    await page.getByRole('heading', { name: '1,000+ open jobs' }).waitFor();
    await page.getByText('Showing 1–20 of 1,000+').waitFor();
    await screenshot(page, 'job-board-capped-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('heading', { name: '1,000+ open jobs' }).waitFor();
    await screenshot(page, 'job-board-capped-375');
  });
});
