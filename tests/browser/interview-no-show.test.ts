import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { istLocalToUtc, utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Monsoon-Ledger-Pune-84';
const text = messages.interviews;
const HOUR = 60 * 60 * 1000;

/** Issue 36 §4: a past interview offers "Mark as no-show" (and its undo) instead of Cancel. */
describe('interviews: no Cancel once started, a no-show mark instead', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('offers Cancel on an upcoming interview and Mark as no-show / Undo on a past one, at 1280 and 375 px', { timeout: 120_000 }, async () => {
    const { factories, database } = h.t;
    const company = await factories.company({ name: 'Tungabhadra Textiles' });
    const employer = await factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Kavya Reddy' });
    await database.db.updateTable('user_profiles').set({ position: 'HR Head', industry: 'Textiles' }).where('id', '=', employer.id).execute();
    const candidate = await factories.user({ role: 'candidate', fullName: 'Arjun Mehta' });
    const job = await factories.job(company.id, { title: 'Dyeing Supervisor', expiresAt: new Date(Date.now() + 30 * 24 * HOUR) });
    const application = await factories.application(job.id, candidate.id);
    const insert = async (scheduledAt: Date) => {
      const row = await database.db
        .insertInto('interviews')
        .values({ application_id: application.id, company_id: company.id, scheduled_at: scheduledAt, duration_minutes: 30, mode: 'phone', location: '+91 98765 43210' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await database.db.insertInto('interview_interviewers').values({ interview_id: row.id, user_id: employer.id }).execute();
      return row.id;
    };
    // Already in the past when the page opens: nothing is waited for.
    const pastId = await insert(new Date(Date.now() - 2 * HOUR));
    await insert(istLocalToUtc(`${utcToIstLocal(new Date(Date.now() + 3 * 24 * HOUR)).slice(0, 10)}T15:00`)!);

    const { page } = await h.openSignedIn(employer.email, PASSWORD, '/dashboard/interviews');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Upcoming: Cancel is offered, a no-show is not.
    const upcoming = page.getByTestId('interview-item').filter({ hasText: '3:00 PM IST' });
    await upcoming.getByRole('button', { name: text.cancelInterview }).waitFor();
    expect(await upcoming.getByRole('button', { name: text.markNoShow }).count()).toBe(0);

    // Past: no Cancel; Mark as no-show, which shows the No-show label and offers the undo.
    await page.getByRole('button', { name: text.filters.past }).click();
    const past = page.getByTestId('interview-item');
    await past.getByRole('button', { name: text.markNoShow }).waitFor();
    expect(await past.getByRole('button', { name: text.cancelInterview }).count()).toBe(0);
    await past.getByRole('button', { name: text.markNoShow }).click();
    await waitForToast(page, text.markedNoShow);
    await past.getByText(text.statusLabels.no_show, { exact: true }).waitFor();
    await past.getByRole('button', { name: text.undoNoShow }).waitFor();
    expect(await past.getByRole('button', { name: text.scorecard }).count()).toBe(0);
    expect((await database.db.selectFrom('interviews').select('status').where('id', '=', pastId).executeTakeFirstOrThrow()).status).toBe('no_show');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'interviews-no-show-1280');

    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'interviews-no-show-375');

    // Undo: scheduled again, Mark as no-show is back and the label is gone.
    await past.getByRole('button', { name: text.undoNoShow }).click();
    await waitForToast(page, text.noShowUndone);
    await past.getByRole('button', { name: text.markNoShow }).waitFor();
    expect(await past.getByText(text.statusLabels.no_show, { exact: true }).count()).toBe(0);
    expect((await database.db.selectFrom('interviews').select('status').where('id', '=', pastId).executeTakeFirstOrThrow()).status).toBe('scheduled');

    // The private calendar feed (issue 36 §4, in this file for its set-up): made once, shown once, served as text/calendar.
    await page.setViewportSize({ width: 1280, height: 800 });
    const feed = page.getByTestId('calendar-feed');
    await feed.getByText(text.feedOff).waitFor();
    await feed.getByRole('button', { name: text.feedCreate }).click();
    await waitForToast(page, text.feedCreated);
    const address = await feed.getByLabel(text.feedUrlLabel).inputValue();
    expect(address).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const served = await page.request.get(`${h.baseURL}${new URL(address).pathname}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await served.text()).toContain(`UID:${pastId}.feed@workcred`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await feed.scrollIntoViewIfNeeded();
    await screenshot(page, 'interviews-calendar-feed-375');
    await feed.getByRole('button', { name: text.feedRevoke }).click();
    await waitForToast(page, text.feedRevoked);
    await feed.getByText(text.feedOff).waitFor();
    expect((await page.request.get(`${h.baseURL}${new URL(address).pathname}`)).status()).toBe(404);
  });
});
