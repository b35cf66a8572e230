import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { screenshot, startBrowserHarness, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Backwater-Kochi-Ledger-57';
const text = messages.candidateSearch;
const HOUR = 60 * 60 * 1000;

/**
 * Handpick end to end: a candidate adds skills and pay to their career profile on the dashboard;
 * an employer finds them by a skill and experience, saves the search and re-applies it later.
 */
describe('Handpick: career profile and candidate search', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('a candidate adds skills and pay; an employer finds them, saves the search and re-applies it', { timeout: 150_000 }, async () => {
    const { db } = h.t.database;
    const company = await h.t.factories.company({ name: 'Malabar Mobile Labs' });
    const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Rohan Menon' });
    const job = await h.t.factories.job(company.id, { title: 'Android Engineer' });
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Anjali Nair' });
    await h.t.factories.candidateProfile(candidate.id, { experience_years: 6, notice_period_days: 30, current_employer: 'Kochi Apps Pvt Ltd' });
    // Two other applicants: Kotlin but too junior, and senior without Kotlin.
    const junior = await h.t.factories.user({ role: 'candidate', fullName: 'Joseph Thomas' });
    await h.t.factories.candidateProfile(junior.id, { experience_years: 1, skills: ['Kotlin'] });
    const senior = await h.t.factories.user({ role: 'candidate', fullName: 'Lakshmi Pillai' });
    await h.t.factories.candidateProfile(senior.id, { experience_years: 9, skills: ['Java'] });
    for (const [who, hoursAgo] of [[candidate.id, 3], [junior.id, 2], [senior.id, 1]] as const) {
      await db.insertInto('job_applications').values({ job_id: job.id, candidate_id: who, created_at: new Date(Date.now() - hoursAgo * HOUR) }).execute();
    }
    // The verification team confirmed her current pay from a salary slip.
    await db.insertInto('verification_checks').values({ candidate_id: candidate.id, subject: 'salary_slip', status: 'verified', decided_by: 'verification_team', verified_fields: ['current_pay_lakh'] }).execute();

    // ── The candidate: skills (Enter, comma, Backspace), pay and location on the dashboard.
    const { page } = await h.openSignedIn(candidate.email, PASSWORD);
    const card = page.getByTestId('career-profile');
    await card.getByText(text.careerEmpty).waitFor();
    await card.getByRole('button', { name: text.careerEditLabel }).click();
    const skills = card.getByRole('textbox', { name: text.skillsLabel, exact: true });
    await skills.fill('Kotlin');
    await skills.press('Enter');
    await skills.pressSequentially('Jetpack Compose,');
    await skills.pressSequentially('Typo');
    await skills.press('Enter');
    await skills.press('Backspace');
    await expect.poll(() => card.getByTestId('tag').allTextContents()).toEqual(['Kotlin', 'Jetpack Compose']);
    await card.getByLabel(text.currentPayLabel).fill('9.25');
    await card.getByLabel(text.expectedPayLabel).fill('12.345');
    await card.getByLabel(text.locationLabel).fill('Kochi');
    await card.getByLabel(text.projectsLabel).fill('Offline-first field sales app for 2,000 agents.');
    await card.getByRole('button', { name: text.careerSave }).click();
    // Three decimals: the form says so before anything is sent.
    await card.getByText(text.payDecimals).waitFor();
    await card.getByLabel(text.expectedPayLabel).fill('14.5');
    await card.getByRole('button', { name: text.careerSave }).click();
    await waitForToast(page, text.careerSaved);
    await expect.poll(() => card.getByTestId('career-skills').getByRole('listitem').allTextContents()).toEqual(['Kotlin', 'Jetpack Compose']);
    expect(await card.getByTestId('career-expected-pay').textContent()).toBe('₹14.5 L');
    expect(await card.getByTestId('career-current-pay').textContent()).toBe(`₹9.25 L${text.verified}`);
    expect(await card.getByTestId('career-location').textContent()).toBe('Kochi');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'candidate-search-career-profile');
    const saved = await db.selectFrom('candidate_profiles').select(['skills', 'expected_pay_lakh', 'current_pay_lakh']).where('user_id', '=', candidate.id).executeTakeFirstOrThrow();
    expect(saved).toEqual({ skills: ['Kotlin', 'Jetpack Compose'], expected_pay_lakh: '14.50', current_pay_lakh: '9.25' });

    // ── The employer: Candidates, filter by a skill (any case) and experience.
    const employerView = await h.openSignedIn(employer.email, PASSWORD);
    const ep = employerView.page;
    await ep.getByRole('link', { name: 'Candidates', exact: true }).click();
    await waitForPath(ep, '/dashboard/candidates');
    const results = ep.getByTestId('candidate-result');
    await expect.poll(() => results.count()).toBe(3);
    const filters = ep.getByRole('search', { name: text.filtersTitle });
    const skillFilter = filters.getByRole('textbox', { name: text.skillsFilterLabel });
    await skillFilter.fill('kotlin');
    await skillFilter.press('Enter');
    await expect.poll(() => results.count()).toBe(2);
    await filters.getByLabel(`${text.experienceLabel}: ${text.minLabel}`).fill('3');
    await expect.poll(() => results.locator('h3').allTextContents()).toEqual(['Anjali Nair']);
    const found = results.first();
    await found.getByText('₹14.5 L').waitFor();
    await found.getByText(text.verifiedBadge.replace('{subject}', text.subjectLabels.salary_slip)).waitFor();
    expect(await found.getByRole('link', { name: text.openPipeline }).getAttribute('href')).toBe(`/dashboard/jobs/${job.id}/pipeline`);
    // The address bar holds the search: shareable, and Back-button friendly.
    const url = new URL(ep.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ skills: 'kotlin', experience_min: '3' });
    await screenshot(ep, 'candidate-search-results');

    // Save the search, clear the filters, and re-apply it from the menu.
    await ep.getByRole('button', { name: text.saveSearch }).click();
    const dialog = ep.getByRole('dialog', { name: text.saveSearchTitle });
    await dialog.getByLabel(text.searchNameLabel).fill('Kotlin, 3+ years');
    await dialog.getByRole('button', { name: text.saveSearch }).click();
    await waitForToast(ep, text.searchSaved);
    await dialog.waitFor({ state: 'detached' });
    await filters.getByRole('button', { name: text.clearFilters }).click();
    await expect.poll(() => results.count()).toBe(3);
    expect(new URL(ep.url()).search).toBe('');

    await ep.getByRole('button', { name: text.savedSearches }).click();
    await ep.getByRole('menuitem', { name: 'Kotlin, 3+ years', exact: true }).click();
    await expect.poll(() => results.locator('h3').allTextContents()).toEqual(['Anjali Nair']);
    expect(await filters.getByTestId('tag').allTextContents()).toEqual(['kotlin']);
    expect(await filters.getByLabel(`${text.experienceLabel}: ${text.minLabel}`).inputValue()).toBe('3');
    await screenshot(ep, 'candidate-search-saved-applied');

    // Back returns to the cleared search.
    await ep.goBack();
    await expect.poll(() => results.count()).toBe(3);

    // An empty result explains itself.
    await filters.getByLabel(text.locationFilterLabel).fill('Srinagar');
    await ep.getByText(text.emptyTitle).waitFor();
    await screenshot(ep, 'candidate-search-empty');
  });
});
