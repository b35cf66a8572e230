import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Chai-Terminal-Kochi-51';

describe('route guard and sign-out', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('sends a signed-out visitor of /dashboard/jobs to /auth, and back there after signing in', async () => {
    // In a company: without one, Jobs shows the way to set it up (issue 33, B2).
    const company = await h.t.factories.company({ name: 'Guarded Jobs Pvt Ltd' });
    const user = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD });
    const { page } = await h.open('/dashboard/jobs?tab=open');
    await waitForPath(page, '/auth');
    await submitSignIn(page, user.email, PASSWORD);
    await waitForPath(page, '/dashboard/jobs');
    expect(new URL(page.url()).search).toBe('?tab=open');
    await page.getByRole('heading', { name: messages.shell.jobsTitle }).waitFor();
  });

  it('refuses /admin to an employer: access-denied toast, then /dashboard', async () => {
    const user = await h.t.factories.user({ role: 'employer', password: PASSWORD });
    const { page } = await h.open('/auth');
    await submitSignIn(page, user.email, PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.goto('/admin');
    await waitForToast(page, messages.auth.adminRequired);
    await waitForPath(page, '/dashboard');
  });

  it('signs out from the Account menu: toast, /, and the dashboard is closed again', async () => {
    const user = await h.t.factories.user({ role: 'employer', password: PASSWORD });
    const { page } = await h.open('/auth');
    await submitSignIn(page, user.email, PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.getByRole('button', { name: messages.shell.accountMenu }).click();
    await page.getByRole('menuitem', { name: messages.shell.signOut }).click();
    await waitForToast(page, messages.auth.loggedOut);
    await waitForPath(page, '/');
    await page.goto('/dashboard');
    await waitForPath(page, '/auth');
  });

  it('signs the admin out from the admin page', async () => {
    const admin = await h.t.factories.user({ role: 'admin', password: PASSWORD });
    const { page } = await h.open('/auth');
    await submitSignIn(page, admin.email, PASSWORD);
    await waitForPath(page, '/admin');
    await page.getByRole('button', { name: messages.shell.signOut }).click();
    await waitForToast(page, messages.auth.loggedOut);
    await waitForPath(page, '/');
  });

  it('follows a sign-out in another tab to /auth', async () => {
    const company = await h.t.factories.company({ name: 'Two Tabs Pvt Ltd' });
    const user = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD });
    const { page, newTab } = await h.open('/auth');
    await submitSignIn(page, user.email, PASSWORD);
    await waitForPath(page, '/dashboard');
    const other = await newTab();
    await other.goto('/dashboard/team');
    await other.getByRole('heading', { name: messages.shell.teamTitle }).waitFor();

    // A background tab gets few animation frames; bring the first one forward to use its menu.
    await page.bringToFront();
    await page.getByRole('button', { name: messages.shell.accountMenu }).click();
    await page.getByRole('menuitem', { name: messages.shell.signOut }).click();
    await waitForPath(page, '/');
    await waitForPath(other, '/auth');
  });

  it('re-checks the session every 15 minutes: a session ended on the server shows "Session expired" and /auth', async () => {
    const user = await h.t.factories.user({ role: 'employer', password: PASSWORD });
    const { page } = await h.open();
    await page.clock.install();
    await page.goto('/auth');
    await submitSignIn(page, user.email, PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: messages.settings.pageTitle }).waitFor();
    // Let the page's own reads finish first: one still in flight when the session ends would answer 401.
    await page.getByTestId('account-session-row').first().waitFor();
    await page.getByText(messages.account.currentEmail.replace('{email}', user.email)).waitFor();

    await h.t.database.db.deleteFrom('auth_sessions').where('userId', '=', user.id).execute();
    await page.clock.fastForward('15:01');
    await waitForToast(page, messages.auth.sessionExpired);
    await waitForPath(page, '/auth');

    // The origin is remembered.
    await submitSignIn(page, user.email, PASSWORD);
    await waitForPath(page, '/dashboard/settings');
  });
});
