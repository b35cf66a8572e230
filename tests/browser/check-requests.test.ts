import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Narmada-Checks-Request-46';
const text = messages.checkRequests;

/** Issue 15: a recruiter asks an applicant for a background check from the application panel; Billing counts it. */
describe('pipeline: requesting a background check', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('asks for a check, lists it as waiting for the candidate, counts it on Billing, and says when the plan has none', { timeout: 90_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Narmada Textiles' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Dhruv Shah' });
    const job = await h.t.factories.job(company.id, { title: 'Dyeing Supervisor', location: 'Surat, Gujarat' });
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Hetal Joshi', password: PASSWORD });
    await h.t.factories.candidateProfile(candidate.id);
    await h.t.factories.application(job.id, candidate.id);

    const { page, expectConsoleError } = await h.openSignedIn(owner.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`);
    await page.getByTestId('pipeline-column-received').getByRole('button', { name: 'Hetal Joshi', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Hetal Joshi' });
    await panel.getByText(text.none).waitFor();
    await panel.getByLabel(text.subjectLabel, { exact: true }).selectOption({ label: messages.verification.subjects.uan! });
    await panel.getByRole('button', { name: text.request }).click();
    await waitForToast(page, text.requested);
    await panel.getByText(text.stateRequested).waitFor();
    await panel.getByText(`Requested ${new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })} by Dhruv Shah`).waitFor();
    // What was asked for is not offered again.
    expect(await panel.getByLabel(text.subjectLabel, { exact: true }).locator('option', { hasText: messages.verification.subjects.uan! }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'check-requests-panel-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await panel.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'check-requests-panel-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');

    // The candidate sees who asked, on the check itself.
    const mine = await h.openSignedIn(candidate.email, PASSWORD);
    await mine.page.getByText(text.candidateRequestedBy.replace('{companies}', 'Narmada Textiles')).waitFor();
    expect(await seriousAxeViolations(mine.page)).toEqual([]);

    await page.goto('/dashboard/billing');
    await page.getByText(text.usedThisMonth).waitFor();
    await page.getByText(messages.billing.unlimited.replace('{used}', '1')).first().waitFor();

    // Starter without the add-on: the request is refused with the plan's reason, next to the form.
    await h.t.database.db.updateTable('company_subscriptions').set({ plan: 'starter', status: 'active', period_ends_at: new Date(Date.now() + 20 * 86_400_000) }).where('company_id', '=', company.id).execute();
    await page.goto(`/dashboard/jobs/${job.id}/pipeline`);
    await page.getByTestId('pipeline-column-received').getByRole('button', { name: 'Hetal Joshi', exact: true }).click();
    await panel.getByLabel(text.subjectLabel, { exact: true }).selectOption({ label: messages.verification.subjects.salary_slip! });
    expectConsoleError({ status: 402, path: /^\/api\/pipeline\/applications\/[^/]+\/check-requests$/ });
    await panel.getByRole('button', { name: text.request }).click();
    await panel.getByRole('alert').getByText(text.notIncluded.replace('{plan}', 'Starter')).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'check-requests-not-included');
  });
});
