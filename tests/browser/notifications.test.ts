import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Monsoon-Ledger-Pune-84';
const text = messages.notificationsCenter;

describe('notifications reach people: admin sends, employers and candidates see banners, toasts and the bell', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  async function signedIn(role: 'admin' | 'employer' | 'candidate', fullName: string) {
    const company = role === 'employer' ? await h.t.factories.company({ name: 'Godavari Textiles' }) : null;
    const user = await h.t.factories.user({ role, password: PASSWORD, fullName, companyId: company?.id ?? null });
    const browserPage = await h.open('/auth');
    await submitSignIn(browserPage.page, user.email, PASSWORD);
    await waitForPath(browserPage.page, role === 'admin' ? '/admin' : '/dashboard');
    return { ...browserPage, user };
  }
  const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
  const count = (page: Page) => page.getByTestId('notification-count');
  const banner = (page: Page, title: string) => page.getByTestId('notification-banner').filter({ hasText: title });

  async function send(admin: Page, values: { title: string; message: string; group: 'all' | 'employers' | 'candidates'; type: 'toast' | 'banner' }) {
    const form = admin.locator('form').filter({ has: admin.getByLabel(text.titleLabel) });
    const sendButton = form.getByRole('button', { name: text.send, exact: true });
    await form.getByLabel(text.titleLabel).fill(values.title);
    await form.getByLabel(text.messageLabel).fill(values.message);
    await form.getByLabel(text.recipientGroupLabel).selectOption(values.group);
    await form.getByText(text.typeLabels[values.type], { exact: true }).click();
    await sendButton.click();
    await waitForToast(admin, text.sent);
    const sentAt = Date.now();
    // The form is cleared for the next one, and Send is disabled again.
    await expect.poll(() => form.getByLabel(text.titleLabel).inputValue()).toBe('');
    expect(await sendButton.isDisabled()).toBe(true);
    return sentAt;
  }

  it('delivers a banner to employers only, live; a toast to all; the bell counts and opening reads', async () => {
    const admin = await signedIn('admin', 'Meera Iyer');
    const employer = await signedIn('employer', 'Ravi Shankar');
    const candidate = await signedIn('candidate', 'Anita Desai');
    // Both pages are open and have their live connection before anything is sent.
    await employer.page.getByRole('heading', { name: messages.shell.dashboardTitle, exact: true }).waitFor();
    await candidate.page.getByRole('heading', { name: messages.shell.dashboardTitle, exact: true }).waitFor();
    await expect.poll(() => bell(employer.page).getAttribute('aria-label')).toBe(text.bellLabel);

    // The admin's tab: Send is disabled until both texts are there.
    await admin.page.getByRole('tab', { name: messages.adminPage.notificationsTab }).click();
    const form = admin.page.locator('form').filter({ has: admin.page.getByLabel(text.titleLabel) });
    const sendButton = form.getByRole('button', { name: text.send, exact: true });
    expect(await sendButton.isDisabled()).toBe(true);
    await form.getByLabel(text.titleLabel).fill('Only a title');
    expect(await sendButton.isDisabled()).toBe(true);
    await form.getByLabel(text.titleLabel).fill('   ');
    await form.getByLabel(text.messageLabel).fill('A message');
    expect(await sendButton.isDisabled()).toBe(true);
    await admin.page.getByText(text.historyEmpty).waitFor();
    await screenshot(admin.page, 'notifications-admin-empty');

    // A banner to employers: the open employer page shows it without a reload; the candidate's does not.
    const sentAt = await send(admin.page, { title: 'GST invoices are ready', message: 'Download them from Billing.\nThey cover April to June.', group: 'employers', type: 'banner' });
    await admin.page.getByTestId('notification-recipients').getByText(text.sentToOne).waitFor();
    await banner(employer.page, 'GST invoices are ready').waitFor({ timeout: 5000 });
    const bannerMs = Date.now() - sentAt;
    console.log(`banner visible on the employer page ${bannerMs} ms after the admin saw "sent"`);
    await expect.poll(() => count(employer.page).textContent()).toBe('1');
    await admin.page.getByTestId('notification-history').getByText('GST invoices are ready').waitFor();
    await screenshot(admin.page, 'notifications-admin-sent');

    // A toast to everyone: it pops up on the candidate's page (and the employer's).
    await send(admin.page, { title: 'Welcome to WorkCred 2.0', message: 'Faster verification is live.', group: 'all', type: 'toast' });
    await waitForToast(candidate.page, 'Welcome to WorkCred 2.0');
    await waitForToast(employer.page, 'Welcome to WorkCred 2.0');
    expect(await candidate.page.getByText('Faster verification is live.').isVisible()).toBe(true);
    // The candidate page is live (it got the toast) and never showed the employers' banner.
    expect(await candidate.page.getByTestId('notification-banner').count()).toBe(0);
    await expect.poll(() => count(candidate.page).textContent()).toBe('1');
    await expect.poll(() => count(employer.page).textContent()).toBe('2');
    await screenshot(employer.page, 'notifications-employer-banner-toast');

    // Dismissing the banner reads it: gone, and the count drops.
    await employer.page.getByRole('button', { name: `${text.dismissBanner}: GST invoices are ready` }).click();
    await banner(employer.page, 'GST invoices are ready').waitFor({ state: 'detached' });
    await expect.poll(() => count(employer.page).textContent()).toBe('1');
    // Read on the server too, even when dismissed from the live event before its row had arrived.
    const gstRow = h.t.database.db.selectFrom('notifications').select('read_at').where('recipient_id', '=', employer.user.id).where('title', '=', 'GST invoices are ready');
    await expect.poll(async () => (await gstRow.executeTakeFirstOrThrow()).read_at, { timeout: 6000 }).not.toBeNull();

    // Opening the candidate's bell lists the toast as new and reads it: the count goes.
    await bell(candidate.page).click();
    const list = candidate.page.getByTestId('notification-list');
    await list.getByText('Welcome to WorkCred 2.0').waitFor();
    // The "New" mark comes with the render after the list's first (the effect that reads them).
    await list.getByText(text.newBadge, { exact: true }).waitFor();
    expect(await list.getByText(text.newBadge, { exact: true }).count()).toBe(1);
    await count(candidate.page).waitFor({ state: 'detached' });
    expect(await bell(candidate.page).getAttribute('aria-label')).toBe(text.bellLabel);
    await screenshot(candidate.page, 'notifications-candidate-bell-open');
    await candidate.page.keyboard.press('Escape');
    const rows = await h.t.database.db.selectFrom('notifications').select(['title', 'read_at', 'delivered_at']).where('recipient_id', '=', candidate.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.read_at).not.toBeNull();

    // A toast pops up once. Shown from the live event, its row is fetched (and recorded as
    // delivered) within two seconds; a reload after that shows it in the bell, not as a toast again.
    const employerToast = h.t.database.db
      .selectFrom('notifications')
      .select('delivered_at')
      .where('recipient_id', '=', employer.user.id)
      .where('title', '=', 'Welcome to WorkCred 2.0');
    await expect.poll(async () => (await employerToast.executeTakeFirstOrThrow()).delivered_at, { timeout: 5000 }).not.toBeNull();
    await employer.page.reload();
    await employer.page.getByRole('heading', { name: messages.shell.dashboardTitle, exact: true }).waitFor();
    await expect.poll(() => count(employer.page).textContent()).toBe('1');
    expect(await employer.page.locator('[data-sonner-toast]').filter({ hasText: 'Welcome to WorkCred 2.0' }).count()).toBe(0);

    // Someone offline sees it at the next visit: a banner sent while the candidate has no page open.
    await candidate.page.close();
    await send(admin.page, { title: 'Upload your salary slips', message: 'Employers verify faster with them.', group: 'candidates', type: 'banner' });
    const again = await candidate.newTab();
    await again.goto('/dashboard');
    await banner(again, 'Upload your salary slips').waitFor();
    await expect.poll(() => count(again).textContent()).toBe('1');
    // The employer never gets the candidates' banner.
    expect(await banner(employer.page, 'Upload your salary slips').count()).toBe(0);

    // 375 px: the banner wraps, the header and the bell fit.
    await again.setViewportSize({ width: 375, height: 760 });
    await again.getByRole('heading', { name: messages.candidateDashboard.title }).waitFor();
    await screenshot(again, 'notifications-candidate-banner-375');
    await bell(again).click();
    await again.getByTestId('notification-list').getByText('Upload your salary slips').waitFor();
    await screenshot(again, 'notifications-candidate-bell-375');
    await admin.page.setViewportSize({ width: 375, height: 760 });
    await screenshot(admin.page, 'notifications-admin-375');
  });
});
