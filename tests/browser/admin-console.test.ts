import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../web/lib/fill.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Kolam-Harbour-Madurai-73';
const text = messages.adminConsole;

describe('admin console: Users tab, Manage Users and the audit log', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('searches, changes a role, suspends a signed-in employer (signed out live) and shows it all in the audit log', async () => {
    const company = await h.t.factories.company({ name: 'Tulsi Textiles' });
    const admin = await h.t.factories.user({ role: 'admin', password: PASSWORD, fullName: 'Lakshmi Admin' });
    const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Ravi Kulkarni' });
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Sanjana Iyer', email: 'sanjana.iyer@example-corp.in' });
    for (const name of ['Anil Deshpande', 'Bhavna Shah', 'Chitra Rao']) await h.t.factories.user({ fullName: name });

    // The employer is signed in, in another browser.
    const employerBrowser = await h.open('/auth');
    await submitSignIn(employerBrowser.page, employer.email, PASSWORD);
    await waitForPath(employerBrowser.page, '/dashboard');
    await employerBrowser.page.getByRole('heading', { name: messages.dashboardOverview.title }).waitFor();
    // A screen refetching as the session ends (the overview hears every event of the user) may log its 401.
    employerBrowser.expectConsoleError({ status: 401, path: '/api/dashboard/overview' });
    // Marks this document: still there after the sign-out means no reload happened.
    await employerBrowser.page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    const { page } = await h.open('/auth');
    await submitSignIn(page, admin.email, PASSWORD);
    await waitForPath(page, '/admin');
    const rows = page.getByTestId('admin-user-row');
    await expect.poll(() => rows.count()).toBe(6);
    await page.getByText('Page 1 of 1').waitFor();

    // Search is debounced and matches the name.
    await page.getByLabel(text.searchLabel).fill('sanjana');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('cell', { name: 'sanjana.iyer@example-corp.in' }).waitFor();
    await screenshot(page, 'admin-users-search');

    // Manage → Change role → Employer.
    await page.getByRole('button', { name: fill(text.manageUser, { name: 'Sanjana Iyer' }) }).click();
    await page.getByRole('menuitem', { name: text.changeRole }).click();
    const roleDialog = page.getByRole('dialog', { name: text.changeRoleTitle });
    await roleDialog.getByLabel(text.newRoleLabel).selectOption('employer');
    await roleDialog.getByText(text.employerWithoutCompany).waitFor();
    await screenshot(page, 'admin-change-role');
    await roleDialog.getByRole('button', { name: text.saveRole }).click();
    await waitForToast(page, 'Sanjana Iyer is now Employer.');
    await roleDialog.waitFor({ state: 'hidden' });
    await rows.first().getByRole('cell', { name: 'Employer', exact: true }).waitFor();
    expect((await h.t.database.db.selectFrom('user_profiles').select('role').where('id', '=', candidate.id).executeTakeFirstOrThrow()).role).toBe('employer');

    // Filter by role, then suspend the signed-in employer.
    await page.getByLabel(text.searchLabel).fill('ravi');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel(text.roleFilterLabel).selectOption('candidate');
    await page.getByText(text.noUsers).waitFor();
    await page.getByLabel(text.roleFilterLabel).selectOption('employer');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: fill(text.manageUser, { name: 'Ravi Kulkarni' }) }).click();
    await page.getByRole('menuitem', { name: text.suspend }).waitFor();
    await screenshot(page, 'admin-manage-menu');
    await page.getByRole('menuitem', { name: text.suspend }).click();
    const confirm = page.getByRole('alertdialog', { name: text.suspendTitle });
    await confirm.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    await screenshot(page, 'admin-suspend-confirm');
    await confirm.getByRole('button', { name: text.suspendConfirm }).click();
    await waitForToast(page, fill(text.suspended, { name: 'Ravi Kulkarni' }));
    await rows.first().getByRole('cell', { name: text.statusSuspended, exact: true }).waitFor();

    // The employer's open page goes to /auth on its own, without a reload.
    await waitForPath(employerBrowser.page, '/auth');
    await waitForToast(employerBrowser.page, messages.auth.sessionExpired);
    expect(await employerBrowser.page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    // And cannot sign in again while suspended.
    employerBrowser.expectConsoleError({ status: 403, path: '/api/auth/sign-in/email' });
    await submitSignIn(employerBrowser.page, employer.email, PASSWORD);
    await waitForToast(employerBrowser.page, messages.auth.accountSuspended);

    // Manage Users brings the search box into focus.
    await page.getByRole('button', { name: messages.adminPage.manageUsers }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('admin-user-search');

    // Audit Logs: both actions, by this admin, newest first; filters narrow them.
    await page.getByRole('button', { name: messages.adminPage.auditLogs }).click();
    const panel = page.getByTestId('audit-log-panel');
    await panel.getByRole('heading', { name: text.auditTitle }).waitFor();
    const auditRows = panel.getByTestId('audit-row');
    await expect.poll(() => auditRows.count()).toBe(2);
    await expect.poll(() => auditRows.nth(0).textContent()).toContain('user suspended');
    expect(await auditRows.nth(0).textContent()).toContain('Lakshmi Admin');
    expect(await auditRows.nth(0).textContent()).toContain('Tulsi Textiles');
    expect(await auditRows.nth(1).textContent()).toContain('user role changed');
    expect(await auditRows.nth(1).textContent(), 'the role change details').toContain('from: candidate · to: employer');
    await screenshot(page, 'admin-audit-log');
    await panel.getByLabel(text.actionLabel).selectOption('user_role_changed');
    await expect.poll(() => auditRows.count()).toBe(1);
    await panel.getByLabel(text.actionLabel).selectOption('');
    await panel.getByLabel(text.companyLabel).selectOption({ label: 'Tulsi Textiles' });
    await expect.poll(() => auditRows.count()).toBe(1);
    await panel.getByRole('button', { name: text.clearFilters }).click();
    await panel.getByLabel(text.actorLabel).fill('nobody-by-this-name');
    await panel.getByText(text.noEntries).waitFor();
    await panel.getByRole('button', { name: text.clearFilters }).click();
    await expect.poll(() => auditRows.count()).toBe(2);

    // Settings and Analytics are still to come.
    await page.getByRole('button', { name: messages.adminPage.settings }).click();
    await waitForToast(page, fill(messages.comingSoon.feature, { feature: messages.adminPage.settings }));

    // 375 px: nothing wider than the screen; the audit log becomes a list.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => panel.getByTestId('audit-item').first().isVisible()).toBe(true);
    await screenshot(page, 'admin-audit-log-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await panel.getByRole('button', { name: text.close }).click();
    await page.getByLabel(text.searchLabel).fill('');
    await page.getByLabel(text.roleFilterLabel).selectOption('');
    await expect.poll(() => rows.count()).toBe(6);
    await screenshot(page, 'admin-users-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Issue 12, defect 8: the tabs stay on one row (scrolling sideways), and an email is cut with an
    // ellipsis on one line, never broken mid-word; the whole address stays in the page and the tooltip.
    const tabs = page.getByRole('tablist', { name: messages.adminPage.tabsLabel });
    const tabTops = await tabs.getByRole('tab').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tabTops).size).toBe(1);
    const email = rows.first().locator('span[title*="@"]').first();
    const shape = await email.evaluate((element) => ({ lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)), title: element.getAttribute('title'), text: element.textContent }));
    expect(shape.lines).toBe(1);
    expect(shape.title).toBe(shape.text);

    // Restore: the employer may sign in again.
    await page.getByRole('button', { name: fill(text.manageUser, { name: 'Ravi Kulkarni' }) }).click();
    await page.getByRole('menuitem', { name: text.restore }).click();
    await page.getByRole('alertdialog', { name: text.restoreTitle }).getByRole('button', { name: text.restoreConfirm }).click();
    await waitForToast(page, fill(text.restored, { name: 'Ravi Kulkarni' }));
    await submitSignIn(employerBrowser.page, employer.email, PASSWORD);
    await waitForPath(employerBrowser.page, '/dashboard');
  });
});
