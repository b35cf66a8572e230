import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { fill } from '../../web/lib/fill.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { CookieJar } from '../support/test-app.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Coorg-Coffee-Estate-63';
const NEW_PASSWORD = 'Hoysala-Temple-Stone-18';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';
const text = messages.account;

/** Issue 13: Settings → Your account, for any member (here an interviewer): name, password, sessions, email by link. */
describe('Settings: Your account', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  /** Another device signing in (a session this browser does not hold). */
  const otherDevice = async (email: string, password: string, userAgent: string) => {
    const response = await h.t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers: { 'user-agent': userAgent }, remoteAddress: '10.77.0.9' });
    expect(response.statusCode, response.body).toBe(200);
    return new CookieJar().store(response);
  };
  const stillSignedIn = async (jar: CookieJar) => (await h.t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie: jar.header } })).statusCode === 200;

  it('changes the name and the password, signs out other sessions, and changes the email by link', { timeout: 120_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Malnad Spices Pvt Ltd' });
    const me = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', password: PASSWORD, fullName: 'Arvind Rao', email: 'arvind.rao@malnad-spices.in' });
    const laptop = await otherDevice(me.email, PASSWORD, WINDOWS_CHROME);

    const browser = await h.open('/auth');
    const { page } = browser;
    // The wrong current password below is refused by the server (403), which the browser logs.
    browser.expectConsoleError({ status: 403, path: '/api/account/password' });
    await submitSignIn(page, me.email, PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'));
    await page.goto('/dashboard/settings/account');
    const tabs = page.getByRole('tablist', { name: messages.settings.tabsLabel });
    // An interviewer has only this tab.
    await tabs.getByRole('tab', { name: messages.settings.accountTab }).waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([messages.settings.accountTab]);
    const panel = page.getByRole('tabpanel', { name: messages.settings.accountTab });
    await panel.getByTestId('account-session-row').nth(1).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'settings-account-1280');

    // Name: an empty name is refused beside the field, then saved.
    const nameForm = panel.getByRole('form', { name: text.nameHeading });
    await nameForm.getByLabel(text.nameLabel).fill('   ');
    await nameForm.getByRole('button', { name: text.nameSave }).click();
    await nameForm.getByText(text.nameRequired).waitFor();
    expect(await nameForm.getByLabel(text.nameLabel).getAttribute('aria-invalid')).toBe('true');
    await nameForm.getByLabel(text.nameLabel).fill('  Arvind K. Rao ');
    await nameForm.getByRole('button', { name: text.nameSave }).click();
    await waitForToast(page, text.nameSaved);
    expect(await nameForm.getByLabel(text.nameLabel).inputValue()).toBe('Arvind K. Rao');
    expect((await h.t.database.db.selectFrom('user_profiles').select('full_name').where('id', '=', me.id).executeTakeFirstOrThrow()).full_name).toBe('Arvind K. Rao');

    // Password: a wrong current password is refused beside it; then the change signs the laptop out.
    const passwordForm = panel.getByRole('form', { name: text.passwordHeading });
    await passwordForm.getByLabel(text.currentPasswordLabel).fill('Not-The-Password-1');
    await passwordForm.getByLabel(text.newPasswordLabel).fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: text.passwordSubmit }).click();
    await passwordForm.getByText(text.wrongPassword).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'settings-account-wrong-password');
    await passwordForm.getByLabel(text.currentPasswordLabel).fill(PASSWORD);
    await passwordForm.getByRole('button', { name: text.passwordSubmit }).click();
    await waitForToast(page, text.passwordChanged);
    expect(await passwordForm.getByLabel(text.newPasswordLabel).inputValue()).toBe('');
    expect(await stillSignedIn(laptop)).toBe(false);
    await expect.poll(() => panel.getByTestId('account-session-row').count()).toBe(1);
    await panel.getByText(text.noOtherSessions).waitFor();

    // Sessions: two other devices; one signed out by its row, the other by "Sign out everywhere else".
    const desktop = await otherDevice(me.email, NEW_PASSWORD, WINDOWS_CHROME);
    const mac = await otherDevice(me.email, NEW_PASSWORD, MAC_FIREFOX);
    await page.reload();
    const rows = panel.getByTestId('account-session-row');
    await expect.poll(() => rows.count()).toBe(3);
    await rows.first().getByText(text.thisDevice).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'settings-account-sessions-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await rows.filter({ hasText: 'Firefox on macOS' }).getByRole('button', { name: /^Sign out Firefox on macOS/ }).click();
    await waitForToast(page, text.sessionSignedOut);
    await expect.poll(() => rows.count()).toBe(2);
    expect([await stillSignedIn(mac), await stillSignedIn(desktop)]).toEqual([false, true]);
    await panel.getByRole('button', { name: text.signOutOthers }).click();
    await waitForToast(page, text.otherSignedOut);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await stillSignedIn(desktop)).toBe(false);

    // Email: free mail is refused beside the field; a work address gets a link, opened in this browser.
    const emailForm = panel.getByRole('form', { name: text.emailHeading });
    await emailForm.getByLabel(text.newEmailLabel).fill('arvind.rao@gmail.com');
    await emailForm.getByLabel(text.currentPasswordLabel).fill(NEW_PASSWORD);
    await emailForm.getByRole('button', { name: text.emailSubmit }).click();
    await emailForm.getByText(text.invalidWorkEmail).waitFor();
    await emailForm.getByLabel(text.newEmailLabel).fill('arvind@malnadspices.co.in');
    await emailForm.getByRole('button', { name: text.emailSubmit }).click();
    await waitForToast(page, fill(text.emailSent, { email: 'arvind@malnadspices.co.in' }));
    await panel.getByRole('status').filter({ hasText: 'arvind@malnadspices.co.in' }).waitFor();
    await screenshot(page, 'settings-account-email-pending');
    const mail = await h.t.database.db.selectFrom('outbox_messages').select('body_text').where('recipient', '=', 'arvind@malnadspices.co.in').executeTakeFirstOrThrow();
    const link = /(\/account\/confirm-email#[A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!;

    await page.goto(link);
    await page.getByText(fill(text.confirmDone, { email: 'arvind@malnadspices.co.in' })).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account-confirm-email');
    await page.getByRole('link', { name: text.confirmContinueSignedIn }).click();
    await panel.getByText(fill(text.currentEmail, { email: 'arvind@malnadspices.co.in' })).waitFor();

    // The link works once.
    const again = await h.open();
    again.expectConsoleError({ status: 410, path: '/api/account/email/confirm' });
    await again.page.goto(link);
    await again.page.getByRole('heading', { name: text.confirmInvalid }).waitFor();
    expect(await seriousAxeViolations(again.page)).toEqual([]);
    await screenshot(again.page, 'account-confirm-email-used');

    // A phone: everything fits 375 px without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 812 });
    await panel.getByRole('form', { name: text.passwordHeading }).waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'settings-account-375');
  });
});
