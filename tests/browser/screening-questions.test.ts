import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { jobLifecycleMessages } from '../../shared/messages/job-lifecycle.ts';
import { screeningQuestionsMessages as text } from '../../shared/messages/screening-questions.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Kaveri-Monsoon-Ledger-27';
const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 375, height: 812 };
const PROMPT = 'Do you hold a valid driving licence?';

/**
 * Issue 36 §1: the employer adds a yes/no knockout question on the job's Edit form; a candidate on
 * a phone answers it on Apply (a blank answer named first); the recruiter sees the answer, the
 * reason and the "Knocked out" badge in the pipeline. Axe clean at 1280 and 375 px.
 */
describe('screening questions: edited with the job, answered on Apply, shown in the pipeline', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('adds a knockout question, a candidate answers it on a phone, the recruiter sees it', { timeout: 240_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Konkan Couriers' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Nisha Desai' });
    const job = await h.t.factories.job(company.id, { title: 'Delivery Associate', location: 'Thane', expiresAt: new Date(Date.now() + 30 * DAY) });

    // The employer: Edit → Add question → a yes/no that rejects No.
    const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/jobs');
    const card = page.getByRole('article', { name: 'Delivery Associate' });
    await card.getByRole('button', { name: fill(jobLifecycleMessages.editJob, { title: 'Delivery Associate' }) }).click();
    const form = page.getByRole('dialog', { name: jobLifecycleMessages.editTitle });
    await form.getByRole('button', { name: text.add }).click();
    const question = form.getByRole('group', { name: fill(text.questionLegend, { number: 1 }) });
    await question.getByLabel(text.promptLabel, { exact: true }).fill(PROMPT);
    expect(await question.getByLabel(text.kindLabel).inputValue()).toBe('yes_no');
    await question.getByLabel(text.knockoutYesNoLabel).selectOption('no');
    await question.scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'screening-editor-1280');
    await form.getByRole('button', { name: jobLifecycleMessages.save }).click();
    await waitForToast(page, jobLifecycleMessages.saved);
    const stored = await h.t.database.db.selectFrom('job_postings').select('screening_questions').where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(stored.screening_questions).toEqual([expect.objectContaining({ kind: 'yes_no', prompt: PROMPT, required: true, knockout_answer: false })]);

    // The editor on a phone fits.
    await page.setViewportSize(PHONE);
    await card.getByRole('button', { name: fill(jobLifecycleMessages.editJob, { title: 'Delivery Associate' }) }).click();
    const again = page.getByRole('dialog', { name: jobLifecycleMessages.editTitle });
    const first = again.getByRole('group', { name: fill(text.questionLegend, { number: 1 }) });
    expect(await first.getByLabel(text.promptLabel, { exact: true }).inputValue()).toBe(PROMPT);
    await first.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'screening-editor-375');
    await page.keyboard.press('Escape');

    // The candidate, on a phone: the question is asked; Apply with no answer names it; No applies.
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Ramesh Pawar' });
    await h.t.factories.candidateProfile(candidate.id);
    const visitor = await h.openSignedIn(candidate.email, PASSWORD, `/jobs/${job.id}`);
    await visitor.page.setViewportSize(PHONE);
    await visitor.page.getByRole('heading', { name: fill(text.applyHeading, { company: 'Konkan Couriers' }) }).waitFor();
    await visitor.page.getByRole('button', { name: messages.jobDetail.applyNow }).click();
    await visitor.page.getByText(fill(text.answerRequired, { prompt: PROMPT })).waitFor();
    expect(await h.t.database.db.selectFrom('job_applications').select('id').where('job_id', '=', job.id).execute()).toEqual([]);
    await expectNoSidewaysScroll(visitor.page);
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'screening-apply-error-375');
    await visitor.page.getByRole('group', { name: PROMPT }).getByLabel(text.no).check();
    await visitor.page.getByRole('button', { name: messages.jobDetail.applyNow }).click();
    // Told what every candidate is told: nothing of the knockout.
    await waitForToast(visitor.page, messages.jobDetail.submitted);
    await visitor.page.getByRole('button', { name: messages.jobDetail.applied }).waitFor();
    await screenshot(visitor.page, 'screening-apply-done-375');

    // The recruiter: the card in Rejected carries the badge; the panel shows the answer and the reason.
    const { id: applicationId } = await h.t.database.db.selectFrom('job_applications').select('id').where('job_id', '=', job.id).executeTakeFirstOrThrow();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/dashboard/jobs/${job.id}/pipeline`);
    const rejected = page.getByTestId('pipeline-column-rejected');
    await rejected.getByTestId('knocked-out-badge').waitFor();
    await rejected.getByTestId(`pipeline-card-${applicationId}`).scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'screening-pipeline-badge-1280');
    await rejected.getByRole('button', { name: 'Ramesh Pawar', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Ramesh Pawar' });
    const answers = panel.getByTestId('screening-answers');
    await answers.getByText(PROMPT, { exact: true }).waitFor();
    await answers.getByText(fill(text.knockoutReason, { answer: text.no, prompt: PROMPT })).waitFor();
    await answers.scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'screening-panel-1280');

    // On a phone: the list shows the badge, and the panel (a full page) the answers.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await page.setViewportSize(PHONE);
    await page.reload();
    const list = page.getByTestId('pipeline-list');
    await list.getByTestId('knocked-out-badge').waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'screening-pipeline-list-375');
    await list.getByRole('button', { name: 'Ramesh Pawar', exact: true }).click();
    await page.getByRole('dialog', { name: 'Ramesh Pawar' }).getByTestId('screening-answers').scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'screening-panel-375');
  });
});
