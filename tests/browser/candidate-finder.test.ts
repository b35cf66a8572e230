import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Kaveri-Candidate-Finder-36';
const text = messages.companyCandidateSearch;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Find a candidate (issue 36 §2): typed on a job's pipeline, chosen with the keyboard, it opens the
 * application's panel, on this job's board or on the other job's; on the Candidates page too. At
 * 1280 and 375 px, axe clean, no console errors (the harness fails the test on one).
 */
describe('find a candidate from the pipeline and the Candidates page', () => {
  let h: BrowserHarness;
  let employer: { email: string };
  let dataJob: string;
  let salesJob: string;
  let code: string;

  beforeAll(async () => {
    h = await startBrowserHarness();
    const company = await h.t.factories.company({ name: 'Kaveri Finder Pvt Ltd' });
    employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Lata Menon' });
    const expiresAt = new Date(Date.now() + 30 * DAY);
    dataJob = (await h.t.factories.job(company.id, { title: 'Data Engineer', expiresAt })).id;
    salesJob = (await h.t.factories.job(company.id, { title: 'Inside Sales Executive', expiresAt })).id;
    const priya = await h.t.factories.user({ role: 'candidate', fullName: 'Priya Sharma' });
    code = (await h.t.factories.candidateProfile(priya.id, { phone: '+919876543210' })).candidate_code;
    await h.t.factories.application(salesJob, priya.id);
    const priyanka = await h.t.factories.user({ role: 'candidate', fullName: 'Priyanka Shah' });
    await h.t.factories.candidateProfile(priyanka.id);
    await h.t.factories.application(dataJob, priyanka.id);
    const other = await h.t.factories.user({ role: 'candidate', fullName: 'Rahul Verma' });
    await h.t.factories.application(dataJob, other.id);
  });
  afterAll(async () => h?.close());

  it('finds "pri sha" on a board at 1280 px and opens the chosen application, on its own job', { timeout: 120_000 }, async () => {
    const { page } = await h.openSignedIn(employer.email, PASSWORD, `/dashboard/jobs/${dataJob}/pipeline`);
    const box = page.getByRole('combobox', { name: text.label });
    await box.waitFor();
    await box.fill('pri sha');
    const list = page.getByRole('listbox', { name: text.label });
    await list.getByRole('option').nth(1).waitFor();
    expect(await list.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining('Priya Sharma'), expect.stringContaining('Priyanka Shah')]);
    await page.getByRole('status').filter({ hasText: '2 candidates found' }).waitFor({ state: 'attached' });
    await screenshot(page, 'candidate-finder-pipeline-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keyboard: down twice to Priyanka (this job), Enter opens her panel here.
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    expect(await list.getByRole('option', { selected: true }).innerText()).toContain('Priyanka Shah');
    await box.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Priyanka Shah' });
    await panel.waitFor();
    expect(page.url()).toContain(`/dashboard/jobs/${dataJob}/pipeline`);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // Priya applied to the sales job: choosing her goes to that board with her panel open.
    await box.fill(code.toLowerCase());
    await list.getByRole('option').first().waitFor();
    expect(await list.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining('Inside Sales Executive')]);
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.getByRole('dialog', { name: 'Priya Sharma' }).waitFor();
    await page.waitForURL((url) => url.pathname === `/dashboard/jobs/${salesJob}/pipeline`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Priya Sharma' }).waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: 'Inside Sales Executive' }).waitFor();
    expect(new URL(page.url()).search).toBe('');

    // Nothing found says so; Escape closes the list, then clears the box.
    await box.fill('zzz');
    await page.getByTestId('candidate-finder-popup').getByText(text.noResults.replace('{q}', 'zzz')).waitFor();
    await box.press('Escape');
    await page.getByTestId('candidate-finder-popup').waitFor({ state: 'hidden' });
    await box.press('Escape');
    expect(await box.inputValue()).toBe('');
  });

  it('finds a phone number at 375 px on the board and on the Candidates page', { timeout: 120_000 }, async () => {
    const { page } = await h.openSignedIn(employer.email, PASSWORD, `/dashboard/jobs/${dataJob}/pipeline`);
    await page.setViewportSize({ width: 375, height: 800 });
    const box = page.getByRole('combobox', { name: text.label });
    await box.fill('+91 98765 43210');
    const option = page.getByRole('listbox', { name: text.label }).getByRole('option').first();
    await option.waitFor();
    expect(await option.innerText()).toContain('Priya Sharma');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'candidate-finder-pipeline-375');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto('/dashboard/candidates');
    const top = page.getByRole('search', { name: text.label }).getByRole('combobox', { name: text.label });
    await top.fill('98765');
    const found = page.getByRole('listbox', { name: text.label }).getByRole('option').first();
    await found.waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'candidate-finder-candidates-375');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await found.click();
    await page.getByRole('dialog', { name: 'Priya Sharma' }).waitFor();
    await page.waitForURL((url) => url.pathname === `/dashboard/jobs/${salesJob}/pipeline`);
  });
});
