import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, submitSignIn, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Sabarmati-Pipeline-Pages-31';
const text = messages.pipeline;
const fillText = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** Issue 14: a busy job's pipeline lists each stage's newest fifty, and more of a stage on request. */
describe('pipeline: a stage with more applications than it lists', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it("shows a busy stage's newest fifty, and more of it on request, on the board and under the list", { timeout: 120_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Sabarmati Foods' });
    const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Nisha Patel' });
    const job = await h.t.factories.job(company.id, { title: 'Packing Line Associate' });
    for (let i = 0; i < 55; i += 1) {
      const person = await h.t.factories.user({ role: 'candidate', fullName: `Applicant ${String(i + 1).padStart(2, '0')}` });
      await h.t.factories.application(job.id, person.id);
    }
    const { page } = await h.openSignedIn(employer.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`);
    const received = page.getByTestId('pipeline-column-received');
    const more = received.getByRole('button', { name: fillText(text.showMore, { count: '5' }) });
    await more.waitFor();
    expect(await received.getByRole('listitem').count()).toBe(50);
    await page.getByTestId('pipeline-total').getByText(fillText(text.totalApplications, { count: '55' })).waitFor();
    await screenshot(page, 'pipeline-board-show-more-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await more.click();
    await received.getByRole('listitem', { name: 'Applicant 01' }).waitFor();
    expect(await received.getByRole('listitem').count()).toBe(55);
    expect(await more.count()).toBe(0);

    // A phone opens the list: the stage's "Show more" sits under it.
    const phone = await h.open('/auth');
    await phone.page.setViewportSize({ width: 375, height: 800 });
    await submitSignIn(phone.page, employer.email, PASSWORD);
    await phone.page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await phone.page.goto(`/dashboard/jobs/${job.id}/pipeline`);
    const listMore = phone.page.getByRole('button', { name: fillText(text.showMoreInStage, { count: '5', stage: text.stageLabels.received }) });
    await listMore.waitFor();
    expect(await phone.page.getByTestId('pipeline-list').getByRole('row').count()).toBe(51);
    await screenshot(phone.page, 'pipeline-list-show-more-375');
    expect(await seriousAxeViolations(phone.page)).toEqual([]);
    await listMore.click();
    await phone.page.getByTestId('pipeline-list').getByRole('button', { name: 'Applicant 01', exact: true }).waitFor();
    expect(await phone.page.getByTestId('pipeline-list').getByRole('row').count()).toBe(56);
  });
});
