import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../web/lib/fill.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

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
    for (const name of ['Anil Deshpande', 'Bhavna Shah']) await h.t.factories.user({ fullName: name });
    // An address far wider than a phone's column: it must be cut on one line, not broken mid-word.
    const longEmail = 'chitra.rao.talent-acquisition.west-zone@kaveri-hospitality-group.co.in';
    await h.t.factories.user({ fullName: 'Chitra Rao', email: longEmail });

    // The employer is signed in, in another browser.
    const employerBrowser = await h.openSignedIn(employer.email, PASSWORD);
    await employerBrowser.page.getByRole('heading', { name: messages.dashboardOverview.title }).waitFor();
    // A screen refetching as the session ends (the overview hears every event of the user) may log its 401.
    employerBrowser.expectConsoleError({ status: 401, path: '/api/dashboard/overview' });
    // Marks this document: still there after the sign-out means no reload happened.
    await employerBrowser.page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    const { page } = await h.openSignedIn(admin.email, PASSWORD, '/admin');
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
    await expectNoSidewaysScroll(page);
    await panel.getByRole('button', { name: text.close }).click();
    await page.getByLabel(text.searchLabel).fill('');
    await page.getByLabel(text.roleFilterLabel).selectOption('');
    await expect.poll(() => rows.count()).toBe(6);
    await screenshot(page, 'admin-users-375');
    await expectNoSidewaysScroll(page);
    // Issue 12, defect 8: the tabs stay on one row of one tab's height, scrolling sideways with the
    // hidden side faded; the arrow keys still move along them and bring the last one into view.
    const tabs = page.getByRole('tablist', { name: messages.adminPage.tabsLabel });
    const tabTops = await tabs.getByRole('tab').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tabTops).size).toBe(1);
    expect((await tabs.boundingBox())!.height).toBeLessThanOrEqual(40);
    expect(await tabs.getAttribute('data-fade-after')).toBe('true');
    expect(await tabs.getAttribute('data-fade-before')).toBeNull();
    const lastTab = tabs.getByRole('tab').last();
    const fullyInList = () =>
      lastTab.evaluate((tab) => {
        const list = tab.parentElement!.getBoundingClientRect();
        const box = tab.getBoundingClientRect();
        return box.left >= list.left - 1 && box.right <= list.right + 1;
      });
    expect(await fullyInList()).toBe(false);
    const tabNames = [messages.adminPage.usersTab, messages.adminPage.notificationsTab, messages.adminPage.supportTab, messages.verification.adminTab, messages.billing.adminTab];
    const focusedTab = () => page.evaluate(() => (document.activeElement?.getAttribute('role') === 'tab' ? document.activeElement.textContent : null));
    await tabs.getByRole('tab', { name: messages.adminPage.usersTab }).focus();
    for (const name of tabNames.slice(1)) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(focusedTab).toBe(name);
    }
    await expect.poll(fullyInList).toBe(true);
    await expect.poll(() => tabs.getAttribute('data-fade-before')).toBe('true');
    await screenshot(page, 'admin-tabs-end-375');
    for (const name of tabNames.slice(0, -1).reverse()) {
      await page.keyboard.press('ArrowLeft');
      await expect.poll(focusedTab).toBe(name);
    }
    await expect.poll(() => tabs.getByRole('tab', { name: messages.adminPage.usersTab }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => rows.count()).toBe(6);

    // Emails are cut with an ellipsis on one line, never broken mid-word; the whole address is in
    // the page (what a screen reader reads) and in the tooltip.
    const emails = rows.locator('span[title*="@"]');
    const shapes = await emails.evaluateAll((elements) =>
      elements
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => ({
          lines: Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)),
          ellipsis: getComputedStyle(element).textOverflow,
          cut: element.scrollWidth > element.clientWidth,
          right: element.getBoundingClientRect().right,
          title: element.getAttribute('title'),
          text: element.textContent,
        })),
    );
    expect(shapes).toHaveLength(6);
    for (const shape of shapes) {
      expect(shape.lines).toBe(1);
      expect(shape.ellipsis).toBe('ellipsis');
      expect(shape.title).toBe(shape.text);
      expect(shape.right).toBeLessThanOrEqual(375);
    }
    expect(shapes.find((shape) => shape.text === longEmail)?.cut).toBe(true);
    await rows.filter({ hasText: 'Chitra Rao' }).getByText(longEmail, { exact: true }).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users-emails-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => tabs.getAttribute('data-fade-after')).toBeNull();
    await expect.poll(() => rows.filter({ hasText: 'Chitra Rao' }).getByRole('cell', { name: longEmail }).isVisible()).toBe(true);
    await screenshot(page, 'admin-users-1280');
    await page.setViewportSize({ width: 375, height: 812 });

    // Restore: the employer may sign in again.
    await page.getByRole('button', { name: fill(text.manageUser, { name: 'Ravi Kulkarni' }) }).click();
    await page.getByRole('menuitem', { name: text.restore }).click();
    await page.getByRole('alertdialog', { name: text.restoreTitle }).getByRole('button', { name: text.restoreConfirm }).click();
    await waitForToast(page, fill(text.restored, { name: 'Ravi Kulkarni' }));
    await submitSignIn(employerBrowser.page, employer.email, PASSWORD);
    await waitForPath(employerBrowser.page, '/dashboard');
  });
});
