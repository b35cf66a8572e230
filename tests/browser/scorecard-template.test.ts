import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { scorecardsMessages as cards } from '../../shared/messages/scorecards.ts';
import { saveScorecard } from '../../server/features/interviews/scorecards.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Kaveri-Delta-Thanjavur-62';
const DAY = 24 * 60 * 60 * 1000;
const text = messages.interviews;

/**
 * Issue 36 §4 in the browser: a recruiter sets a job's scorecard template from its card; an
 * interviewer rates every criterion 1–4 with a recommendation, seeing the other interviewer's
 * scorecard only once theirs is in; the pipeline's panel sums them up. Axe clean at 1280 and 375 px.
 */
describe('scorecard templates', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('a recruiter edits the template; an interviewer submits and then sees the other’s', { timeout: 180_000 }, async () => {
    const { factories, database } = h.t;
    const company = await factories.company({ name: 'Cauvery Motors' });
    const recruiter = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD, fullName: 'Lakshmi Iyer' });
    const ivA = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', password: PASSWORD, fullName: 'Arun Pillai' });
    const ivB = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', fullName: 'Bhavna Shah' });
    const candidate = await factories.user({ role: 'candidate', fullName: 'Karthik Raman' });
    const job = await factories.job(company.id, { title: 'Service Advisor', expiresAt: new Date(Date.now() + 30 * DAY) });
    const application = await factories.application(job.id, candidate.id);

    // 1. The recruiter opens Scorecard on the job's card: the default criteria, then their own.
    const { page } = await h.openSignedIn(recruiter.email, PASSWORD, '/dashboard/jobs');
    await page.getByRole('button', { name: fill(cards.templateButtonFor, { title: 'Service Advisor' }) }).click();
    const dialog = page.getByRole('dialog', { name: cards.templateTitle });
    await dialog.getByText(cards.templateDefaultNote).waitFor();
    expect(await dialog.getByLabel(fill(cards.criterionName, { number: '1' }), { exact: true }).inputValue()).toBe('Role skills');
    await dialog.getByLabel(fill(cards.criterionName, { number: '1' }), { exact: true }).fill('Vehicle diagnosis');
    await dialog.getByLabel(fill(cards.criterionGuidance, { number: '1' }), { exact: true }).fill('Finds the fault from the customer’s description.');
    await dialog.getByRole('button', { name: fill(cards.removeCriterion, { number: '4' }) }).click();
    await dialog.getByRole('button', { name: cards.addCriterion }).click();
    await dialog.getByRole('button', { name: cards.templateSave }).click();
    await dialog.getByText(cards.criterionNameRequired).waitFor();
    await dialog.getByLabel(fill(cards.criterionName, { number: '4' }), { exact: true }).fill('Customer care');
    await dialog.getByRole('button', { name: fill(cards.moveUp, { number: '4' }) }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'scorecard-template-1280');
    await dialog.getByRole('button', { name: cards.templateSave }).click();
    await waitForToast(page, cards.templateSaved);
    const saved = await database.db.selectFrom('job_scorecard_templates').select('criteria').where('job_id', '=', job.id).executeTakeFirstOrThrow();
    const names = ['Vehicle diagnosis', 'Communication', 'Customer care', 'Problem solving'];
    expect(saved.criteria.map((criterion) => criterion.name)).toEqual(names);

    // 2. A past interview with both; Bhavna has already scored it.
    const interview = await database.db
      .insertInto('interviews')
      .values({ application_id: application.id, company_id: company.id, scheduled_at: new Date(Date.now() - 3 * 60 * 60 * 1000), duration_minutes: 45, mode: 'in_person', location: 'Cauvery Motors, Mount Road, Chennai' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('interview_interviewers').values([{ interview_id: interview.id, user_id: ivA.id }, { interview_id: interview.id, user_id: ivB.id }]).execute();
    await saveScorecard(database.db, { userId: ivB.id, companyId: company.id, ip: null }, interview.id, {
      criteria: names.map((name) => ({ name, rating: 2 })),
      recommendation: 'no',
      notes: 'Unsure about the diagnosis steps.',
    });

    // 3. Arun sees that Bhavna submitted, not what she gave; he rates everything and recommends.
    const iv = (await h.openSignedIn(ivA.email, PASSWORD, '/dashboard/interviews')).page;
    await iv.getByRole('button', { name: text.filters.past }).click();
    await iv.getByTestId('interview-item').getByRole('button', { name: fill(text.scorecardCount, { count: '1' }) }).click();
    const scorecards = iv.getByRole('dialog', { name: text.scorecards });
    await scorecards.getByTestId('scorecards-hidden').waitFor();
    await scorecards.getByText(`Bhavna Shah · ${cards.submitted}`).waitFor();
    expect(await scorecards.getByText('Unsure about the diagnosis steps.').count()).toBe(0);
    const form = scorecards.getByTestId('scorecard-form');
    await form.getByText('Finds the fault from the customer’s description.').waitFor();
    for (const [index, rating] of [4, 3, 4, 3].entries()) {
      await form.getByRole('group', { name: fill(cards.ratingFor, { name: names[index]! }) }).getByText(`${rating} · `, { exact: false }).click();
    }
    await form.getByRole('button', { name: text.saveScorecard }).click();
    await form.getByText(cards.recommendationRequired).waitFor();
    await form.getByRole('group', { name: cards.recommendationLabel }).getByText(cards.recommendationNames.strong_yes, { exact: true }).click();
    expect(await seriousAxeViolations(iv)).toEqual([]);
    await screenshot(iv, 'scorecard-form-1280');
    await form.getByRole('button', { name: text.saveScorecard }).click();
    await waitForToast(iv, text.scorecardSaved);

    // 4. Now Bhavna's scorecard shows, with her recommendation and average.
    const theirs = scorecards.getByRole('article', { name: 'Bhavna Shah' });
    await theirs.getByText('Unsure about the diagnosis steps.').waitFor();
    await theirs.getByText(cards.recommendationNames.no, { exact: true }).waitFor();
    await theirs.getByText(fill(cards.averageRating, { average: '2.0' })).waitFor();
    expect(await scorecards.getByTestId('scorecards-hidden').count()).toBe(0);
    const mine = await database.db.selectFrom('interview_scorecards').select(['criteria', 'recommendation']).where('interview_id', '=', interview.id).where('interviewer_id', '=', ivA.id).executeTakeFirstOrThrow();
    expect(mine).toEqual({ criteria: names.map((name, index) => ({ name, rating: [4, 3, 4, 3][index] })), recommendation: 'strong_yes' });
    expect(await seriousAxeViolations(iv)).toEqual([]);
    await screenshot(iv, 'scorecard-after-submit-1280');

    // 5. At 375 px: the same dialog, and the template dialog, fit and are clean.
    await iv.setViewportSize({ width: 375, height: 812 });
    await theirs.scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(iv)).toEqual([]);
    await screenshot(iv, 'scorecard-after-submit-375');
    await iv.keyboard.press('Escape');
    await expectNoSidewaysScroll(iv);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: fill(cards.templateButtonFor, { title: 'Service Advisor' }) }).click();
    await dialog.getByText(cards.templateDefaultNote).waitFor({ state: 'detached' });
    expect(await dialog.getByLabel(fill(cards.criterionName, { number: '3' }), { exact: true }).inputValue()).toBe('Customer care');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'scorecard-template-375');
    await page.keyboard.press('Escape');
    await expectNoSidewaysScroll(page);

    // 6. The pipeline's panel sums up each interviewer's recommendation and average.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/dashboard/jobs/${job.id}/pipeline`);
    await page.getByRole('button', { name: 'Karthik Raman', exact: true }).click();
    const summary = page.getByRole('dialog', { name: 'Karthik Raman' }).getByTestId('scorecard-summary');
    await summary.getByText(cards.recommendationNames.strong_yes, { exact: true }).waitFor();
    await summary.getByText(fill(cards.averageRating, { average: '3.5' })).waitFor();
    await summary.getByText(cards.recommendationNames.no, { exact: true }).waitFor();
    await summary.scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'scorecard-summary-panel');
  });
});
