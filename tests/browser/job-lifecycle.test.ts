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

  it('saves a job with its details as a draft, publishes it, and clones it (issue 36 §1)', { timeout: 180_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Narmada Finance' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Anita Kulkarni' });
    const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/jobs');
    await page.getByRole('button', { name: messages.jobsManagement.createNewJob }).first().click();
    const form = page.getByRole('dialog', { name: messages.jobsManagement.createNewJob });
    await form.getByLabel(messages.jobsManagement.titleLabel).fill('Credit Analyst');
    await form.getByLabel(messages.jobsManagement.descriptionLabel, { exact: true }).fill('Appraise MSME loans for the Nashik branches.');
    await form.getByLabel(text.departmentLabel).fill('Credit');
    await form.getByLabel(text.employmentTypeLabel).selectOption('full_time');
    await form.getByLabel(text.workModeLabel).selectOption('on_site');
    await form.getByLabel(text.openingsLabel).fill('2');
    await form.getByLabel(text.payMinLabel).fill('6,00,000');
    await form.getByLabel(text.payMaxLabel).fill('900000');
    // On-site with no place, and a pay without its period: each named at its field, nothing sent.
    await form.getByRole('button', { name: text.saveDraft }).click();
    await form.getByText(text.locationRequiredForMode).waitFor();
    await form.getByText(text.payPeriodRequired).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'jobs-details-errors-1280');
    await form.getByLabel(messages.jobsManagement.locationLabel).fill('Nashik');
    await form.getByLabel(text.payPeriodLabel).selectOption('year');
    await form.getByRole('button', { name: text.saveDraft }).click();
    await waitForToast(page, text.draftSaved);

    const card = page.getByRole('article', { name: 'Credit Analyst' });
    await card.getByText(text.draftBadge, { exact: true }).waitFor();
    await card.getByText('₹6–9 LPA').waitFor();
    await card.getByText('Full-time · On-site · Credit · 2 openings').waitFor();
    // A draft has nothing to share yet, and cannot be closed.
    expect(await card.getByRole('button', { name: messages.jobsManagement.copyLink }).count()).toBe(0);
    expect(await card.getByRole('button', { name: fill(text.closeJob, { title: 'Credit Analyst' }) }).count()).toBe(0);
    const stored = await h.t.database.db.selectFrom('job_postings').selectAll().where('company_id', '=', company.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'draft', location: 'Nashik', openings: 2, pay_min_paise: '60000000', pay_max_paise: '90000000', pay_period: 'year' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'jobs-draft-card-1280');

    await card.getByRole('button', { name: fill(text.publishJob, { title: 'Credit Analyst' }) }).click();
    await waitForToast(page, text.publishedToast);
    await card.getByRole('button', { name: messages.jobsManagement.copyLink }).waitFor();
    expect(await card.getByText(text.draftBadge, { exact: true }).count()).toBe(0);
    const visitor = await h.open(`/jobs/${stored.id}`);
    await visitor.page.getByText('Full-time · On-site · Credit · 2 openings').waitFor();
    await visitor.page.getByText('₹6–9 LPA').waitFor();
    await screenshot(visitor.page, 'jobs-details-public-1280');

    // Clone: a new draft at the top, with the same details; its edit form shows the pay in rupees.
    await card.getByRole('button', { name: fill(text.cloneJob, { title: 'Credit Analyst' }) }).click();
    await waitForToast(page, text.clonedToast);
    const copy = page.getByRole('article', { name: 'Credit Analyst (copy)' });
    await copy.getByText(text.draftBadge, { exact: true }).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'jobs-draft-card-375');
    await copy.getByRole('button', { name: fill(text.editJob, { title: 'Credit Analyst (copy)' }) }).click();
    const edit = page.getByRole('dialog', { name: text.editTitle });
    expect(await edit.getByLabel(text.payMinLabel).inputValue()).toBe('600000');
    expect(await edit.getByLabel(text.workModeLabel).inputValue()).toBe('on_site');
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'jobs-edit-details-375');
  });

  it('puts people on a job’s hiring team, an interviewer only as an interviewer (issue 36 §1)', { timeout: 120_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Sabarmati Ceramics' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Nandini Patel' });
    await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', fullName: 'Aditya Menon' });
    await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', fullName: 'Ishita Banerjee' });
    const job = await h.t.factories.job(company.id, { title: 'Kiln Supervisor', location: 'Morbi', expiresAt: new Date(Date.now() + 30 * DAY) });
    const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/jobs');
    const card = page.getByRole('article', { name: 'Kiln Supervisor' });
    await card.getByRole('button', { name: fill(text.teamJob, { title: 'Kiln Supervisor' }) }).click();
    const dialog = page.getByRole('dialog', { name: text.teamTitle });
    const recruiter = dialog.getByLabel(fill(text.teamRoleFor, { name: 'Aditya Menon' }));
    const interviewer = dialog.getByLabel(fill(text.teamRoleFor, { name: 'Ishita Banerjee' }));
    await recruiter.waitFor();
    // The interviewer's choices are none or interviewer.
    expect(await interviewer.locator('option').allTextContents()).toEqual([text.teamNone, 'Interviewer']);
    await recruiter.selectOption('hiring_manager');
    await interviewer.selectOption('interviewer');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'jobs-hiring-team-1280');
    await dialog.getByRole('button', { name: text.teamSave }).click();
    await waitForToast(page, text.teamSaved);
    await dialog.waitFor({ state: 'detached' });
    expect(await h.t.database.db.selectFrom('job_hiring_team').select('team_role').where('job_id', '=', job.id).orderBy('team_role').execute()).toEqual([{ team_role: 'hiring_manager' }, { team_role: 'interviewer' }]);

    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByRole('button', { name: fill(text.teamJob, { title: 'Kiln Supervisor' }) }).click();
    expect(await page.getByRole('dialog', { name: text.teamTitle }).getByLabel(fill(text.teamRoleFor, { name: 'Aditya Menon' })).inputValue()).toBe('hiring_manager');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'jobs-hiring-team-375');
  });
});
