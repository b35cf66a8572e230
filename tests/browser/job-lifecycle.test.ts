import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { jobLifecycleMessages } from '../../shared/messages/job-lifecycle.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Kaveri-Monsoon-Ledger-27';
const DAY = 24 * 60 * 60 * 1000;
const text = jobLifecycleMessages;

/**
 * Issue 33 B3: a job could not be edited or closed from Jobs Management. Edit opens the job's
 * form prefilled and saves; Close asks first, the card says Closed and the public page says the
 * job no longer takes applications; Reopen takes them again. At 1280 and 375 px.
 */
describe('Jobs Management: Edit, Close and Reopen on a card', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('edits, closes and reopens a job from its card', { timeout: 180_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Godavari Foods' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Rahul Verma' });
    const job = await h.t.factories.job(company.id, { title: 'Store Manager', location: 'Pune', salary: '₹5-7 LPA', expiresAt: new Date(Date.now() + 30 * DAY) });
    const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/jobs');
    const card = page.getByRole('article', { name: 'Store Manager' });
    await card.waitFor();

    // Edit: prefilled; Save sends the change.
    await card.getByRole('button', { name: fill(text.editJob, { title: 'Store Manager' }) }).click();
    const form = page.getByRole('dialog', { name: text.editTitle });
    const title = form.getByLabel(messages.jobsManagement.titleLabel);
    expect(await title.inputValue()).toBe('Store Manager');
    expect(await form.getByLabel(messages.jobsManagement.locationLabel).inputValue()).toBe('Pune');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'jobs-edit-1280');
    await title.fill('Senior Store Manager');
    await form.getByRole('button', { name: text.save }).click();
    await waitForToast(page, text.saved);
    const edited = page.getByRole('article', { name: 'Senior Store Manager' });
    await edited.waitFor();
    expect(await h.t.database.db.selectFrom('job_postings').select(['title', 'location']).where('id', '=', job.id).executeTakeFirstOrThrow()).toEqual({ title: 'Senior Store Manager', location: 'Pune' });

    // Close, confirmed first: the card says Closed; the public page says no more applications.
    await edited.getByRole('button', { name: fill(text.closeJob, { title: 'Senior Store Manager' }) }).click();
    const confirm = page.getByRole('dialog', { name: text.closeTitle });
    await confirm.getByText(fill(text.closeDescription, { title: 'Senior Store Manager' })).waitFor();
    await screenshot(page, 'jobs-close-confirm-1280');
    await confirm.getByRole('button', { name: text.closeConfirm }).click();
    await waitForToast(page, text.closedToast);
    await edited.getByText(text.closedBadge, { exact: true }).waitFor();
    await edited.getByRole('button', { name: fill(text.reopenJob, { title: 'Senior Store Manager' }) }).waitFor();
    await screenshot(page, 'jobs-closed-card-1280');

    const visitor = await h.open(`/jobs/${job.id}`);
    await visitor.page.getByText(messages.jobDetail.closed).waitFor();
    expect(await visitor.page.getByRole('button', { name: messages.jobDetail.applyNow }).isDisabled()).toBe(true);
    await screenshot(visitor.page, 'jobs-closed-public-1280');

    // On a phone: the closed card fits, and Reopen takes applications again.
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'jobs-closed-card-375');
    await edited.getByRole('button', { name: fill(text.reopenJob, { title: 'Senior Store Manager' }) }).click();
    const reopen = page.getByRole('dialog', { name: text.reopenTitle });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'jobs-reopen-confirm-375');
    await reopen.getByRole('button', { name: text.reopenConfirm }).click();
    await waitForToast(page, text.reopenedToast);
    await edited.getByRole('button', { name: fill(text.closeJob, { title: 'Senior Store Manager' }) }).waitFor();
    expect(await edited.getByText(text.closedBadge, { exact: true }).count()).toBe(0);
    // The public page's cached render is dropped when the change's notification arrives, a moment
    // after the commit: reload until it has (a CI run once read it just before).
    await expect
      .poll(async () => {
        await visitor.page.reload();
        const apply = visitor.page.getByRole('button', { name: messages.jobDetail.applyNow });
        await apply.waitFor();
        return apply.isDisabled();
      })
      .toBe(false);

    // Edit on a phone: the form fits.
    await edited.getByRole('button', { name: fill(text.editJob, { title: 'Senior Store Manager' }) }).click();
    await page.getByRole('dialog', { name: text.editTitle }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'jobs-edit-375');
  });
});
