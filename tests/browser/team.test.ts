import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { scorecardsMessages } from '../../shared/messages/scorecards.ts';
import { utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { fill } from '../../web/lib/fill.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Nilgiri-Tea-Estate-2026';
const NEW_PASSWORD = 'Malabar-Coast-Spice-91';
const DAY = 24 * 60 * 60 * 1000;
const text = messages.team;
const overview = messages.dashboardOverview;

/**
 * Issue 13, done when: the owner invites a recruiter and an interviewer from Add Team Member; each
 * accepts from the emailed link; the recruiter posts a job; the interviewer sees only their
 * interview, fills the scorecard and has no candidate search; the owner changes a role, removes a
 * member (whose open page signs out live) and transfers ownership.
 */
describe('Team Management: invites, roles and ownership', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  const tokenFor = async (email: string) => {
    const mail = await h.t.database.db.selectFrom('outbox_messages').select('body_text').where('recipient', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    return /\/join#([A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!;
  };
  const memberRow = (page: Page, name: string) => page.getByTestId('team-member-row').filter({ hasText: name });

  async function invite(page: Page, email: string, role: string) {
    await page.getByRole('button', { name: overview.addTeamMember }).click();
    const dialog = page.getByRole('dialog', { name: text.inviteTitle });
    await dialog.getByLabel(text.inviteEmailLabel).fill(email);
    await dialog.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
    await dialog.getByRole('button', { name: text.inviteSubmit }).click();
    await waitForToast(page, fill(text.invited, { email }));
    await page.getByTestId('team-invite-row').filter({ hasText: email }).waitFor();
  }

  async function accept(email: string, fullName: string) {
    const joiner = await h.open(`/join#${await tokenFor(email)}`);
    await joiner.page.getByRole('heading', { name: fill(text.joinTitle, { company: 'Kaveri Hospitality Pvt Ltd' }) }).waitFor();
    await joiner.page.getByLabel(text.joinFullNameLabel).fill(fullName);
    await joiner.page.getByLabel(text.joinPasswordLabel).fill(NEW_PASSWORD);
    await joiner.page.getByRole('button', { name: fill(text.joinSubmit, { company: 'Kaveri Hospitality Pvt Ltd' }) }).click();
    await waitForPath(joiner.page, fullName.startsWith('Suresh') ? '/dashboard/interviews' : '/dashboard');
    return joiner;
  }

  it('invites, joins, scopes the interviewer, and manages roles, removal and ownership', { timeout: 180_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Kaveri Hospitality Pvt Ltd' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Rahul Verma' });
    const job = await h.t.factories.job(company.id, { title: 'Front Office Manager', expiresAt: new Date(Date.now() + 30 * DAY) });
    const otherJob = await h.t.factories.job(company.id, { title: 'Executive Chef', expiresAt: new Date(Date.now() + 30 * DAY) });
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Ananya Desai' });
    const other = await h.t.factories.user({ role: 'candidate', fullName: 'Karan Malhotra' });
    const application = await h.t.factories.application(job.id, candidate.id);
    await h.t.factories.application(otherJob.id, other.id);

    const ownerBrowser = await h.open('/auth');
    const { page } = ownerBrowser;
    // The wrong password below is refused by the server (403), which the browser logs.
    ownerBrowser.expectConsoleError({ status: 403, path: '/api/team/transfer-ownership' });
    await submitSignIn(page, owner.email, PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.goto('/dashboard/team');
    await memberRow(page, 'Rahul Verma').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Add Team Member: free mail is refused beside the field; then two invites.
    await page.getByRole('button', { name: overview.addTeamMember }).click();
    const dialog = page.getByRole('dialog', { name: text.inviteTitle });
    await dialog.getByLabel(text.inviteEmailLabel).fill('priya.sharma@gmail.com');
    await dialog.getByRole('button', { name: text.inviteSubmit }).click();
    await dialog.getByText(text.invalidWorkEmail).waitFor();
    await dialog.getByText(text.roleRequired).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'team-invite-dialog');
    await dialog.getByRole('button', { name: text.cancel }).click();
    await invite(page, 'priya.sharma@kaveri-hospitality.in', 'Recruiter');
    await invite(page, 'suresh.nair@kaveri-hospitality.in', 'Interviewer');
    await screenshot(page, 'team-pending-invites');

    // Each accepts from the emailed link, as a new person, and lands in the company's dashboard.
    const recruiter = await accept('priya.sharma@kaveri-hospitality.in', 'Priya Sharma');
    await screenshot(recruiter.page, 'team-joined-recruiter');
    const interviewer = await accept('suresh.nair@kaveri-hospitality.in', 'Suresh Nair');
    await expect.poll(() => page.getByTestId('team-invite-row').count()).toBe(0);
    await memberRow(page, 'Priya Sharma').getByText('Recruiter').waitFor();
    await memberRow(page, 'Suresh Nair').getByText('Interviewer').waitFor();

    // The recruiter posts a job (their role allows it; the server agrees).
    const posted = await recruiter.page.evaluate(() =>
      fetch('/api/jobs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Guest Relations Executive', description: 'Welcome guests at our Kochi property and look after their stay.', location: 'Kochi, Kerala', salary: '₹4–6 LPA' }),
      }).then((response) => response.status),
    );
    expect(posted).toBe(201);

    // The owner schedules an interview with the interviewer; it is moved into the past (the clock, not a wait).
    const interviewerId = (await h.t.database.db.selectFrom('user_profiles').select('id').where('email', '=', 'suresh.nair@kaveri-hospitality.in').executeTakeFirstOrThrow()).id;
    const scheduled = await page.evaluate(
      (body) => fetch('/api/interviews', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (response) => ({ status: response.status, id: ((await response.json()) as { id: string }).id })),
      { application_id: application.id, starts_at_ist: `${utcToIstLocal(new Date(Date.now() + 2 * DAY)).slice(0, 10)}T11:00`, duration_minutes: 45, mode: 'video', location: 'https://meet.example.com/kaveri', interviewer_ids: [interviewerId] },
    );
    expect(scheduled.status).toBe(201);
    await h.t.database.db.updateTable('interviews').set({ scheduled_at: new Date(Date.now() - 2 * 60 * 60 * 1000) }).where('id', '=', scheduled.id).execute();

    // The interviewer sees only that interview, fills the scorecard, and has no candidate search.
    const ivPage = interviewer.page;
    await ivPage.goto('/dashboard/interviews');
    await ivPage.getByRole('button', { name: messages.interviews.filters.past }).click();
    const items = ivPage.getByTestId('interview-item');
    await items.first().getByText('Ananya Desai').waitFor();
    expect(await items.count()).toBe(1);
    await items.first().getByRole('button', { name: messages.interviews.scorecard }).click();
    const form = ivPage.getByTestId('scorecard-form');
    for (const [index, rating] of [4, 3, 4, 3].entries()) {
      await form.getByRole('group', { name: scorecardsMessages.ratingFor.replace('{name}', scorecardsMessages.defaultCriteria[index]!.name) }).getByText(`${rating} · `, { exact: false }).click();
    }
    await form.getByRole('group', { name: scorecardsMessages.recommendationLabel }).getByText(scorecardsMessages.recommendationNames.strong_yes, { exact: true }).click();
    await form.getByRole('button', { name: messages.interviews.saveScorecard }).click();
    await waitForToast(ivPage, messages.interviews.scorecardSaved);
    expect(await ivPage.getByRole('navigation', { name: messages.shell.mainNavigation }).getByRole('link', { name: 'Candidates' }).count()).toBe(0);
    interviewer.expectConsoleError({ status: 403, path: '/api/candidate-search/search' });
    const refused = await ivPage.evaluate(() => fetch('/api/candidate-search/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((response) => response.status));
    expect(refused).toBe(403);
    const jobs = await ivPage.evaluate(() => fetch('/api/jobs').then(async (response) => ((await response.json()) as { jobs: { title: string }[] }).jobs.map((row) => row.title)));
    expect(jobs).toEqual(['Front Office Manager']);

    // Manage: the recruiter becomes an admin (their open page follows).
    await memberRow(page, 'Priya Sharma').getByRole('button', { name: fill(text.manageMember, { name: 'Priya Sharma' }) }).click();
    const manage = page.getByRole('dialog', { name: fill(text.manageTitle, { name: 'Priya Sharma' }) });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'team-manage-dialog');
    await manage.getByRole('radio', { name: /^Admin/ }).check();
    await manage.getByRole('button', { name: text.saveRole }).click();
    await waitForToast(page, fill(text.roleSaved, { name: 'Priya Sharma', role: 'Admin' }));
    await memberRow(page, 'Priya Sharma').getByText('Admin').waitFor();
    await recruiter.page.goto('/dashboard/team');
    await recruiter.page.getByRole('button', { name: overview.addTeamMember }).waitFor();

    // Remove the interviewer: their open page signs out at once.
    await memberRow(page, 'Suresh Nair').getByRole('button', { name: fill(text.manageMember, { name: 'Suresh Nair' }) }).click();
    const removeDialog = page.getByRole('dialog', { name: fill(text.manageTitle, { name: 'Suresh Nair' }) });
    await removeDialog.getByRole('button', { name: text.removeMember }).click();
    await removeDialog.getByRole('button', { name: text.removeConfirmButton }).click();
    await waitForToast(page, fill(text.removed, { name: 'Suresh Nair' }));
    await waitForPath(ivPage, '/auth');
    await expect.poll(() => memberRow(page, 'Suresh Nair').count()).toBe(0);

    // Transfer ownership to Priya with the password; Rahul becomes an admin.
    await memberRow(page, 'Priya Sharma').getByRole('button', { name: fill(text.manageMember, { name: 'Priya Sharma' }) }).click();
    const transfer = page.getByRole('dialog', { name: fill(text.manageTitle, { name: 'Priya Sharma' }) });
    await transfer.getByLabel(text.transferPasswordLabel).fill('not-my-password');
    await transfer.getByRole('button', { name: text.transferSubmit }).click();
    await transfer.getByText(messages.mfa.wrongPassword).waitFor();
    await transfer.getByLabel(text.transferPasswordLabel).fill(PASSWORD);
    await transfer.getByRole('button', { name: text.transferSubmit }).click();
    await waitForToast(page, fill(text.transferred, { name: 'Priya Sharma' }));
    await memberRow(page, 'Priya Sharma').getByText('Owner').waitFor();
    await memberRow(page, 'Rahul Verma').getByText('Admin').waitFor();
    await screenshot(page, 'team-after-transfer-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await memberRow(page, 'Rahul Verma').waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'team-375');
  });

  it('tells the holder of a revoked link so, and lets them ask for a new one; a phone fits the join form', async () => {
    const company = await h.t.factories.company({ name: 'Tapti Textiles Pvt Ltd' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Kiran Joshi' });
    const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/team');
    await invite(page, 'meena.pillai@tapti-textiles.in', 'Admin');
    const token = await tokenFor('meena.pillai@tapti-textiles.in');

    const phone = await h.open(`/join#${token}`);
    await phone.page.setViewportSize({ width: 375, height: 812 });
    await phone.page.getByLabel(text.joinFullNameLabel).waitFor();
    expect(await seriousAxeViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'team-join-375');

    await page.getByRole('button', { name: fill(text.revokeInvite, { email: 'meena.pillai@tapti-textiles.in' }) }).click();
    // Issue 33 B8: revoking asks first.
    await page.getByRole('dialog', { name: text.revokeTitle }).getByRole('button', { name: text.revokeConfirmButton }).click();
    await waitForToast(page, fill(text.revoked, { email: 'meena.pillai@tapti-textiles.in' }));
    await phone.page.reload();
    await phone.page.getByText(text.joinRevoked).waitFor();
    await phone.page.getByRole('button', { name: text.joinAskNew }).click();
    await phone.page.getByText(fill(text.joinAskedNew, { company: company.name })).waitFor();
    await screenshot(phone.page, 'team-join-revoked-375');
    const asked = await h.t.database.db.selectFrom('outbox_messages').select('recipient').where('subject', '=', fill(text.newInviteRequestedSubject, { email: 'meena.pillai@tapti-textiles.in', company: company.name })).execute();
    expect(asked.map((row) => row.recipient)).toEqual([owner.email]);
  });

  it('lets a colleague on the verified domain ask to join from Complete Your Profile; the owner approves with a role', async () => {
    const company = await h.t.factories.company({ name: 'Sabarmati Textiles' });
    await h.t.database.db.insertInto('company_verifications').values({ company_name: 'Sabarmati Textiles', domain: 'sabarmati-textiles.in', verification_status: 'verified' }).execute();
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Hetal Shah' });
    const asker = await h.t.factories.user({ role: 'employer', password: PASSWORD, fullName: 'Jignesh Patel', email: 'jignesh.patel@sabarmati-textiles.in' });

    const ownerBrowser = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/team');
    await memberRow(ownerBrowser.page, 'Hetal Shah').waitFor();

    const { page } = await h.openSignedIn(asker.email, PASSWORD);
    const dialog = page.getByRole('dialog', { name: overview.completeProfileTitle });
    await dialog.getByText(fill(text.joinSuggestion, { company: 'Sabarmati Textiles', domain: 'sabarmati-textiles.in' })).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: fill(text.joinSuggestionButton, { company: 'Sabarmati Textiles' }) }).click();
    await waitForToast(page, fill(text.joinRequestSent, { company: 'Sabarmati Textiles' }));
    await dialog.getByText(fill(text.joinRequestPending, { company: 'Sabarmati Textiles' })).waitFor();
    await screenshot(page, 'team-join-request-sent');

    // The owner's open page shows the request live, and approves it as an interviewer.
    const row = ownerBrowser.page.getByTestId('join-request-row').filter({ hasText: 'Jignesh Patel' });
    await row.waitFor();
    await row.getByLabel(fill(text.joinRequestApproveAs, { name: 'Jignesh Patel' })).selectOption('interviewer');
    await screenshot(ownerBrowser.page, 'team-join-requests');
    await row.getByRole('button', { name: text.joinRequestApprove }).click();
    await waitForToast(ownerBrowser.page, fill(text.joinRequestApproved, { name: 'Jignesh Patel', role: 'Interviewer' }));
    await memberRow(ownerBrowser.page, 'Jignesh Patel').getByText('Interviewer').waitFor();
    // The requester's page follows the new membership without a reload.
    await waitForPath(page, '/dashboard/interviews');
  });
});
