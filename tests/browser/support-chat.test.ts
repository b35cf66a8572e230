import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { messages } from '../../shared/messages.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Monsoon-Ledger-Pune-84';
const text = messages.supportChat;


/**
 * How far right the Support tab's content reaches, its overflowing parts included. The tab is
 * measured rather than the whole page: the admin page's own header is another feature's.
 */
const supportTabRightEdge = (page: Page) =>
  page.getByRole('tabpanel', { name: messages.adminPage.supportTab }).evaluate((panel) => Math.max(...[panel, ...panel.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));

const messageList = (page: Page) => page.getByRole('list', { name: text.messagesLabel });
const bubble = (page: Page, body: string) => messageList(page).getByRole('listitem').filter({ hasText: body });

describe('Support Chat (/dashboard/support) and the admin Support tab', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('an employer asks, the admin sees the chat appear live and answers, the employer sees the answer live', async () => {
    const company = await h.t.factories.company({ name: 'Tamarind Foods' });
    const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Meera Iyer' });
    const admin = await h.t.factories.user({ role: 'admin', password: PASSWORD, fullName: 'Arvind Rao' });

    // The admin is on the Support tab first, with no chats yet.
    const adminSide = await h.openSignedIn(admin.email, PASSWORD, '/admin');
    const adminPage = adminSide.page;
    await adminPage.getByRole('tab', { name: messages.adminPage.supportTab }).click();
    await adminPage.getByRole('heading', { name: text.chatsTitle }).waitFor();
    await adminPage.getByText(text.noChats).waitFor();
    await adminPage.getByText(text.selectChat).waitFor();

    // The employer opens Support from the dashboard and writes.
    const { page } = await h.openSignedIn(employer.email, PASSWORD);
    await page.getByRole('link', { name: 'Support' }).first().click();
    await waitForPath(page, '/dashboard/support');
    await page.getByRole('heading', { name: text.title }).waitFor();
    await page.getByText(text.empty).waitFor();
    const input = page.getByPlaceholder(text.placeholder);
    // Blank is ignored: Enter on spaces sends nothing.
    await input.fill('   ');
    await input.press('Enter');
    await input.fill('  Hello, our job post for Chennai is not visible.  ');
    await input.press('Enter');
    await bubble(page, 'Hello, our job post for Chennai is not visible.').locator('time').waitFor();
    expect(await input.inputValue()).toBe('');
    expect(await bubble(page, 'Hello, our job post for Chennai is not visible.').getAttribute('data-own')).toBe('true');

    // The chat appears on the admin's list without a reload, with the employer and the preview.
    const chatButton = adminPage.getByRole('button', { name: /Meera Iyer/ });
    await chatButton.waitFor();
    await chatButton.getByText('Hello, our job post for Chennai is not visible.').waitFor();
    await chatButton.getByText(/Employer · Tamarind Foods/).waitFor();
    await chatButton.click();
    const adminInput = adminPage.getByPlaceholder(text.placeholder);
    await bubble(adminPage, 'Hello, our job post for Chennai is not visible.').waitFor();
    expect(await bubble(adminPage, 'Hello, our job post for Chennai is not visible.').getAttribute('data-own')).toBe('false');
    await adminInput.fill('Thanks Meera, it is visible again now.');
    await adminPage.getByRole('button', { name: text.send }).click();
    await bubble(adminPage, 'Thanks Meera, it is visible again now.').locator('time').waitFor();

    // The employer sees the answer live, on the other side, once.
    const answer = bubble(page, 'Thanks Meera, it is visible again now.');
    await answer.waitFor();
    expect(await answer.getAttribute('data-own')).toBe('false');
    expect(await messageList(page).getByRole('listitem').allTextContents()).toHaveLength(2);

    // A second question reaches the admin's open conversation live too, and the list follows.
    await input.fill('Great, thank you!');
    await input.press('Enter');
    await bubble(adminPage, 'Great, thank you!').waitFor();
    await chatButton.getByText('Great, thank you!').waitFor();
    expect(await messageList(adminPage).getByRole('listitem').count()).toBe(3);

    const stored = await h.t.database.db.selectFrom('chat_messages').select(['message', 'sender_id']).orderBy('created_at').execute();
    expect(stored).toEqual([
      { message: 'Hello, our job post for Chennai is not visible.', sender_id: employer.id },
      { message: 'Thanks Meera, it is visible again now.', sender_id: admin.id },
      { message: 'Great, thank you!', sender_id: employer.id },
    ]);
    const audit = await h.t.database.db.selectFrom('admin_audit_logs').select(['admin_id', 'entity_type']).where('action', '=', 'chat_reply').execute();
    expect(audit).toEqual([{ admin_id: admin.id, entity_type: 'support_chat' }]);

    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await seriousAxeViolations(adminPage)).toEqual([]);
    await screenshot(page, 'support-chat-employer');
    await screenshot(adminPage, 'support-chat-admin');

    // The back button returns to the page before.
    await page.getByRole('button', { name: text.back }).click();
    await waitForPath(page, '/dashboard');
    // Forward again: the screen opens with the whole conversation.
    await page.goForward();
    await bubble(page, 'Great, thank you!').waitFor();
    expect(await messageList(page).getByRole('listitem').count()).toBe(3);

    // 375 px: nothing wider than the screen; the admin sees the conversation with a way back to the list.
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'support-chat-employer-mobile');
    await adminPage.setViewportSize({ width: 375, height: 812 });
    expect(await supportTabRightEdge(adminPage)).toBeLessThanOrEqual(375);
    await screenshot(adminPage, 'support-chat-admin-mobile-conversation');
    await adminPage.getByRole('button', { name: text.backToChats }).click();
    await chatButton.waitFor();
    expect(await supportTabRightEdge(adminPage)).toBeLessThanOrEqual(375);
    await screenshot(adminPage, 'support-chat-admin-mobile-list');
  });

  it('keeps a message that failed to send and stores it once on retry; candidates use the same chat', async () => {
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Rohan Gupta' });
    const { page, expectConsoleError } = await h.open('/auth');
    await submitSignIn(page, candidate.email, PASSWORD);
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard') || url.pathname.startsWith('/candidate'));
    await page.goto('/dashboard/support');
    await page.getByRole('heading', { name: text.title }).waitFor();
    await page.getByText(text.empty).waitFor();

    expectConsoleError({ text: /ERR_FAILED|net::/ });
    await page.route('**/api/support/chats/*/messages', (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    const input = page.getByPlaceholder(text.placeholder);
    await input.fill('Is my UAN verified?');
    await input.press('Enter');
    await waitForToast(page, text.sendFailed);
    const failed = bubble(page, 'Is my UAN verified?');
    await failed.getByText(text.notSent).waitFor();
    await screenshot(page, 'support-chat-send-failed');

    await page.unroute('**/api/support/chats/*/messages');
    await failed.getByRole('button', { name: text.retrySend }).click();
    await bubble(page, 'Is my UAN verified?').locator('time').waitFor();
    expect(await messageList(page).getByRole('listitem').count()).toBe(1);
    const stored = await h.t.database.db.selectFrom('chat_messages').select('sender_id').where('message', '=', 'Is my UAN verified?').execute();
    expect(stored).toEqual([{ sender_id: candidate.id }]);
    await screenshot(page, 'support-chat-candidate');
  });
});
