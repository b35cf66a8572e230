import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Nilgiri-Tea-Estate-2026';
const text = messages.team;

/**
 * Issue 33 B8: a removed member landed on sign-in with no word of why, and Revoke acted at once.
 * The removed member's open page now says who removed them as it signs out, and their next sign-in
 * shows it again (a banner only they can read); Revoke asks first.
 */
describe('team changes in the browser', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('tells a removed member why, live and at their next sign-in, at 1280 and 375 px', { timeout: 180_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Kaveri Hospitality Pvt Ltd' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Rahul Verma' });
    const member = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD, fullName: 'Suresh Nair' });
    const notice = fill(text.removedNotice, { company: company.name, actor: 'Rahul Verma' });

    const removed = await h.openSignedIn(member.email, PASSWORD, '/dashboard/jobs');
    await removed.page.setViewportSize({ width: 375, height: 812 });
    await removed.page.getByRole('heading', { name: messages.jobsManagement.title }).waitFor();

    const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/team');
    const row = page.getByTestId('team-member-row').filter({ hasText: 'Suresh Nair' });
    await row.getByRole('button', { name: fill(text.manageMember, { name: 'Suresh Nair' }) }).click();
    const dialog = page.getByRole('dialog', { name: fill(text.manageTitle, { name: 'Suresh Nair' }) });
    await dialog.getByRole('button', { name: text.removeMember }).click();
    await dialog.getByRole('button', { name: text.removeConfirmButton }).click();
    await waitForToast(page, fill(text.removed, { name: 'Suresh Nair' }));

    // Their open page: signed out live, told by whom (not "your session expired").
    await waitForPath(removed.page, '/auth');
    await waitForToast(removed.page, notice);
    expect(await removed.page.locator('[data-sonner-toast]').filter({ hasText: messages.auth.sessionExpired }).count()).toBe(0);
    await expectNoSidewaysScroll(removed.page);
    await screenshot(removed.page, 'team-removed-live-375');

    // Their next sign-in (a fresh browser): the same words, as a banner, until they dismiss it.
    const next = await h.open('/auth');
    await submitSignIn(next.page, member.email, PASSWORD);
    await waitForPath(next.page, '/dashboard');
    await next.page.getByText(notice).waitFor();
    await next.page.getByText(fill(text.removedNoticeDetail, { company: company.name, actor: 'Rahul Verma' })).waitFor();
    expect(await seriousAxeViolations(next.page)).toEqual([]);
    await screenshot(next.page, 'team-removed-next-sign-in-1280');
    await next.page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(next.page);
    await screenshot(next.page, 'team-removed-next-sign-in-375');
  });

  it('asks before revoking an invite; Cancel keeps it', { timeout: 120_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Tapti Textiles Pvt Ltd' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Kiran Joshi' });
    const { page, context } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/team');
    const sent = await context.request.post('/api/team/invites', { data: { email: 'meena.pillai@tapti-textiles.in', company_role: 'recruiter' }, headers: { origin: h.baseURL } });
    expect(sent.status()).toBe(201);
    await page.reload();
    const inviteRow = page.getByTestId('team-invite-row').filter({ hasText: 'meena.pillai@tapti-textiles.in' });
    const revoke = inviteRow.getByRole('button', { name: fill(text.revokeInvite, { email: 'meena.pillai@tapti-textiles.in' }) });

    await revoke.click();
    const confirm = page.getByRole('dialog', { name: text.revokeTitle });
    await confirm.getByText(fill(text.revokeConfirm, { email: 'meena.pillai@tapti-textiles.in' })).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'team-revoke-confirm-1280');
    await confirm.getByRole('button', { name: text.cancel }).click();
    await confirm.waitFor({ state: 'detached' });
    const invite = () => h.t.database.db.selectFrom('company_invites').select('status').where('email', '=', 'meena.pillai@tapti-textiles.in').executeTakeFirstOrThrow();
    expect((await invite()).status).toBe('pending');

    await page.setViewportSize({ width: 375, height: 812 });
    await revoke.click();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'team-revoke-confirm-375');
    await confirm.getByRole('button', { name: text.revokeConfirmButton }).click();
    await waitForToast(page, fill(text.revoked, { email: 'meena.pillai@tapti-textiles.in' }));
    await expect.poll(async () => (await invite()).status).toBe('revoked');
    await expect.poll(() => inviteRow.count()).toBe(0);
  });
});
