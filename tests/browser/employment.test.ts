import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { indiaDateFromToday } from '../../shared/schemas/employment.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { waitForMessage } from '../support/outbox.ts';
import { screenshot, startBrowserHarness, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Saffron-Ledger-Kochi-63';
const text = messages.employment;
/** As the page writes a calendar date: 1 Apr 2025. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const formatDay = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
};
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * Onboard and Manage, and the portable record, in a real browser: the employer relieves an
 * employee from Team → Employees; the candidate shares their history with a company they
 * applied to; the employer's pipeline panel (SharedRecordPanel) turns to the record live, and the
 * candidate sees that view appear; revoking turns the panel back.
 */
describe('employment: relieving an employee, sharing the verified record', () => {
  let h: BrowserHarness;
  let employer: { id: string; email: string; fullName: string };
  let recruiter: { id: string; email: string; fullName: string };
  let candidate: { id: string; email: string; fullName: string };
  let companyA: { id: string; name: string };
  let companyB: { id: string; name: string };
  let dineshCode = '';
  let dineshEmail = '';
  let jobB: { id: string; title: string };

  beforeAll(async () => {
    h = await startBrowserHarness();
    const { factories, database } = h.t;
    companyA = await factories.company({ name: 'Kaveri Looms' });
    companyB = await factories.company({ name: 'Nilgiri Tea Estates' });
    employer = await factories.user({ role: 'employer', companyId: companyA.id, password: PASSWORD, fullName: 'Leela Menon' });
    recruiter = await factories.user({ role: 'employer', companyId: companyB.id, password: PASSWORD, fullName: 'Rohan Bose' });
    candidate = await factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Kiran Pillai' });
    await factories.candidateProfile(candidate.id);
    const dinesh = await factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Dinesh Kulkarni' });
    dineshEmail = dinesh.email;
    dineshCode = (await factories.candidateProfile(dinesh.id)).candidate_code;
    // Kiran was hired at Kaveri Looms (the pipeline's hire inserts this row) and has applied to Nilgiri since.
    const jobA = await factories.job(companyA.id, { title: 'Weaving Supervisor' });
    const applicationA = await factories.application(jobA.id, candidate.id);
    await database.db.insertInto('employments').values({ company_id: companyA.id, employee_id: candidate.id, application_id: applicationA.id, title: 'Weaving Supervisor', joining_date: '2024-06-03', created_by: employer.id, confirmation: 'confirmed', confirmed_by: 'hire', confirmed_at: new Date() }).execute();
    jobB = await factories.job(companyB.id, { title: 'Estate Operations Lead' });
    await factories.application(jobB.id, candidate.id);
    await database.db
      .insertInto('verification_checks')
      .values({ candidate_id: candidate.id, subject: 'experience_letter', status: 'verified', decided_by: 'verification_team', decided_at: new Date('2026-03-02T06:30:00Z'), verified_fields: ['current_employer'] })
      .execute();
  });
  afterAll(async () => h?.close());

  it('the employer opens Team → Employees and relieves Kiran with a date and a reason', { timeout: 90_000 }, async () => {
    const { page } = await h.openSignedIn(employer.email, PASSWORD);
    await page.getByRole('link', { name: 'Team', exact: true }).click();
    await waitForPath(page, '/dashboard/team');
    await page.getByRole('navigation', { name: text.teamNavLabel }).getByRole('link', { name: text.employeesTab }).click();
    await waitForPath(page, '/dashboard/team/employees');
    const row = page.getByRole('row', { name: 'Kiran Pillai' });
    await row.getByText('Weaving Supervisor').first().waitFor();
    await screenshot(page, 'employment-employees-active');

    await row.getByRole('button', { name: fill(text.relieveNamed, { name: 'Kiran Pillai' }) }).click();
    const dialog = page.getByRole('dialog', { name: fill(text.relieveTitle, { name: 'Kiran Pillai' }) });
    // A day before joining is refused in the dialog, with the rule's reason.
    await dialog.getByLabel(text.lastDayLabel).fill('2024-06-02');
    await dialog.getByLabel(text.reasonLabel).fill('Moved to Kochi to be near family');
    await dialog.getByRole('button', { name: text.relieveConfirm }).click();
    await dialog.getByText(fill(text.lastDayBeforeJoining, { date: '3 Jun 2024' })).waitFor();
    const lastDay = indiaDateFromToday(14);
    await dialog.getByLabel(text.lastDayLabel).fill(lastDay);
    await screenshot(page, 'employment-relieve-dialog');
    await dialog.getByRole('button', { name: text.relieveConfirm }).click();
    await waitForToast(page, fill(text.relieved, { name: 'Kiran Pillai' }));
    await dialog.waitFor({ state: 'detached' });
    // Issue 33 A2: a last working day still ahead is a notice period. Kiran stays a current
    // employee, serving notice, and no relieving or experience letter is offered until that day.
    const servingRow = page.getByRole('row', { name: 'Kiran Pillai' });
    await servingRow.getByText(fill(text.servingNoticeUntil, { date: formatDay(lastDay) })).waitFor();
    await servingRow.getByText('Moved to Kochi to be near family').waitFor();
    expect(await servingRow.getByRole('button', { name: fill(messages.letters.issueNamed, { name: 'Kiran Pillai' }) }).count()).toBe(0);
    await screenshot(page, 'employment-employees-serving-notice');

    await page.getByRole('tab', { name: text.filters.relieved }).click();
    await page.getByText(text.noEmployees.relieved).waitFor();

    const row_ = await h.t.database.db.selectFrom('employments').select(['status', 'last_working_day', 'relieved_by']).where('employee_id', '=', candidate.id).executeTakeFirstOrThrow();
    expect(row_).toEqual({ status: 'relieved', last_working_day: lastDay, relieved_by: employer.id });
    const mail = await waitForMessage(h.t.dataDir, (m) => m.to === candidate.email && m.subject === fill(text.relievedEmailSubject, { company: companyA.name }));
    expect(mail.text).toContain('Moved to Kochi to be near family');

    // Someone employed before WorkCred is added by their candidate ID.
    await page.getByRole('button', { name: text.addEmployee }).click();
    const addDialog = page.getByRole('dialog', { name: text.addTitle });
    await addDialog.getByLabel(text.candidateCodeLabel).fill(dineshCode.toLowerCase());
    await addDialog.getByLabel(text.titleLabel).fill('Dye House Manager');
    await addDialog.getByLabel(text.joiningDateLabel).fill('2019-08-01');
    await addDialog.getByRole('button', { name: text.add }).click();
    // Issue 33 A1: Dinesh never applied here, so his name is not shown until he confirms.
    await waitForToast(page, fill(text.addedPending, { name: dineshCode }));
    await page.getByRole('tab', { name: text.filters.all }).click();
    const dineshRow = page.getByRole('row', { name: dineshCode });
    await dineshRow.getByText(text.addedDirectly).waitFor();
    await dineshRow.getByText(text.awaitingName).waitFor();
    await dineshRow.getByText(text.confirmationLabels.unconfirmed).waitFor();
    expect(await page.getByText('Dinesh Kulkarni').count()).toBe(0);
    await page.getByRole('row', { name: 'Kiran Pillai' }).waitFor();
    await screenshot(page, 'employment-employees-all');

    // Dinesh, on his phone, confirms it from the email's dashboard link; the employer's list names him at once.
    const askMail = await waitForMessage(h.t.dataDir, (m) => m.to === dineshEmail && m.subject === fill(text.addedEmailSubject, { company: companyA.name }));
    expect(askMail.text).toContain('/dashboard');
    const candidateSide = await h.openSignedIn(dineshEmail, PASSWORD);
    const phone = candidateSide.page;
    await phone.setViewportSize({ width: 375, height: 812 });
    const pendingCard = phone.getByTestId('pending-employments');
    await pendingCard.scrollIntoViewIfNeeded();
    await pendingCard.getByText(text.pendingTitle).waitFor();
    await pendingCard.getByText(companyA.name, { exact: false }).first().waitFor();
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await expectNoSidewaysScroll(phone);
    await screenshot(phone, 'employment-pending-confirmation-375');
    await pendingCard.getByRole('button', { name: fill(text.confirmNamed, { company: companyA.name }) }).click();
    await waitForToast(phone, text.confirmedToast);
    const history = phone.getByTestId('employment-history');
    await history.getByText(fill(text.confirmedByYou, { date: '' }).trim(), { exact: false }).first().waitFor();
    await history.getByText('Dye House Manager').waitFor();
    await screenshot(phone, 'employment-confirmed-375');
    await page.getByRole('row', { name: 'Dinesh Kulkarni' }).getByText('Dye House Manager').waitFor();
  });

  it('the candidate shares the record with an employer they applied to; the employer’s pipeline panel shows it and her card shows the view', { timeout: 120_000 }, async () => {
    // Rohan at Nilgiri has Kiran's application open in the pipeline: nothing is shared yet.
    const employerSide = await h.openSignedIn(recruiter.email, PASSWORD, `/dashboard/jobs/${jobB.id}/pipeline`);
    const employerPage = employerSide.page;
    await employerPage.getByRole('button', { name: 'Kiran Pillai', exact: true }).first().click();
    const panel = employerPage.getByRole('dialog').getByTestId('shared-record-panel');
    await panel.getByText(text.notShared).waitFor();

    const { page } = await h.openSignedIn(candidate.email, PASSWORD);
    const card = page.getByTestId('employment-history');
    await card.scrollIntoViewIfNeeded();
    await card.getByText(fill(text.hiredBy, { company: companyA.name, date: '' }).trim(), { exact: false }).first().waitFor();
    await card.getByText(fill(text.relievingReason, { reason: 'Moved to Kochi to be near family' })).waitFor();
    await card.getByText(text.subjects.experience_letter).waitFor();

    // Both companies she applied to are offered; she picks Nilgiri and consents.
    const select = card.getByRole('combobox', { name: text.shareWithLabel });
    expect(await select.locator('option').allTextContents()).toEqual([text.shareWithPlaceholder, companyA.name, companyB.name]);
    await select.selectOption({ label: companyB.name });
    await card.getByText(text.sharePurpose.replace('{company}', companyB.name)).waitFor();
    await card.getByRole('button', { name: text.share, exact: true }).click();
    await card.getByText(text.consentRequired).waitFor();
    await card.getByRole('checkbox', { name: text.consentLabel }).check();
    await card.getByRole('button', { name: text.share, exact: true }).click();
    await waitForToast(page, fill(text.shared, { company: companyB.name }));
    const share = card.getByTestId('record-share').filter({ hasText: companyB.name });

    // The open panel turns to the shared record by itself (live), with who confirmed what and when.
    await panel.getByText(fill(text.hiredBy, { company: companyA.name, date: '' }).trim(), { exact: false }).first().waitFor();
    await panel.getByText(text.subjects.experience_letter).waitFor();
    await panel.getByText('Weaving Supervisor').waitFor();
    await panel.getByText(text.subjects.experience_letter).scrollIntoViewIfNeeded();
    await screenshot(employerPage, 'employment-shared-record-panel');

    // That read is logged and shows on her card without a reload, naming who looked.
    await share.getByText(fill(text.viewedBy, { name: 'Rohan Bose', company: companyB.name })).waitFor();
    await screenshot(page, 'employment-history-shared-viewed');
    const views = await h.t.database.db.selectFrom('record_views').select('viewer_id').execute();
    expect(views).toEqual([{ viewer_id: recruiter.id }]);

    // She stops sharing: the panel goes back to "not shared" at once.
    await share.getByRole('button', { name: fill(text.revokeNamed, { company: companyB.name }) }).click();
    await waitForToast(page, fill(text.revoked, { company: companyB.name }));
    await share.getByText(fill(text.revokedOn, { date: '' }).trim(), { exact: false }).waitFor();
    await panel.getByText(text.notShared).waitFor();
    const after = await employerPage.evaluate(async (id) => (await (await fetch(`/api/employment-records/shared/${id}`)).json()) as { shared: boolean; employments: unknown[] }, candidate.id);
    expect(after).toMatchObject({ shared: false, employments: [] });
  });
});
