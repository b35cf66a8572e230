import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { interviewSlotsMessages as slotText } from '../../shared/messages/interview-slots.ts';
import { formatIst, istLocalToUtc, utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { waitForMessage } from '../support/outbox.ts';

const PASSWORD = 'Monsoon-Ledger-Pune-84';
const text = messages.interviews;
const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 375, height: 812 };

/**
 * Issue 36 §4, self-scheduling: the recruiter offers times from the schedule dialog, the candidate
 * opens the link from their email on a phone, without signing in, and books one.
 */
describe('interviews: the candidate picks one of the offered times', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('offers two times from the dialog; the candidate books one from the emailed link at 375 px', { timeout: 150_000 }, async () => {
    const { factories, database } = h.t;
    const company = await factories.company({ name: 'Narmada Agritech' });
    const employer = await factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Rekha Sharma' });
    await database.db.updateTable('user_profiles').set({ position: 'Talent Lead', industry: 'Agriculture' }).where('id', '=', employer.id).execute();
    const candidate = await factories.user({ role: 'candidate', fullName: 'Imran Qureshi' });
    const job = await factories.job(company.id, { title: 'Farm Operations Manager', expiresAt: new Date(Date.now() + 30 * DAY) });
    const application = await factories.application(job.id, candidate.id);
    const day1 = utcToIstLocal(new Date(Date.now() + 3 * DAY)).slice(0, 10);
    const day2 = utcToIstLocal(new Date(Date.now() + 4 * DAY)).slice(0, 10);

    // 1. From Interviews: Schedule interview, the applicant, then "Let the candidate pick".
    const { page } = await h.openSignedIn(employer.email, PASSWORD, '/dashboard/interviews');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: text.scheduleInterview }).click();
    const picker = page.getByRole('dialog', { name: text.scheduleTitle });
    await picker.getByLabel(text.pickJob).selectOption({ label: 'Farm Operations Manager' });
    await picker.getByLabel(text.pickApplicant).selectOption({ label: 'Imran Qureshi' });
    await picker.getByRole('button', { name: text.next }).click();
    const dialog = page.getByTestId('interview-form-dialog');
    await dialog.getByText(slotText.offerTimes, { exact: true }).click();

    // Sending with an empty time names the problem; nothing is saved.
    await dialog.getByLabel(fill(slotText.slotDate, { number: '1' }), { exact: true }).fill(day1);
    await dialog.getByLabel(fill(slotText.slotTime, { number: '1' }), { exact: true }).fill('10:00');
    await dialog.getByLabel(text.locationLabels.video).fill('https://meet.example.com/imran');
    await dialog.getByRole('button', { name: slotText.send }).click();
    await dialog.getByText(slotText.slotInvalid).waitFor();
    expect(await database.db.selectFrom('interview_slot_offers').select('id').execute()).toEqual([]);
    await dialog.getByLabel(fill(slotText.slotDate, { number: '2' }), { exact: true }).fill(day2);
    await dialog.getByLabel(fill(slotText.slotTime, { number: '2' }), { exact: true }).fill('15:30');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'self-scheduling-offer-1280');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'self-scheduling-offer-375');
    await dialog.getByRole('button', { name: slotText.send }).click();
    await waitForToast(page, fill(slotText.sent, { name: 'Imran Qureshi' }));
    await dialog.waitFor({ state: 'detached' });

    // 2. The pipeline's panel shows the times waiting for the candidate.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/dashboard/jobs/${job.id}/pipeline`);
    await page.getByRole('button', { name: 'Imran Qureshi', exact: true }).first().click();
    const pending = page.getByRole('dialog', { name: 'Imran Qureshi' }).getByTestId('pending-slot-offer');
    await pending.getByText(slotText.pendingTitle).waitFor();
    await pending.getByRole('listitem').getByText(formatIst(istLocalToUtc(`${day2}T15:30`)!)).waitFor();
    await pending.scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'self-scheduling-pending-1280');

    // 3. The candidate opens the link from their email on a phone, signed out.
    const mail = await waitForMessage(h.t.dataDir, (m) => m.to === candidate.email && (m.subject ?? '').startsWith('Pick a time'));
    const link = /https?:\/\/\S+\/pick-a-time#[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    const visitor = await h.open(`${new URL(link!).pathname}${new URL(link!).hash}`);
    await visitor.page.setViewportSize(PHONE);
    await visitor.page.getByRole('heading', { name: slotText.pageTitle }).waitFor();
    await visitor.page.getByText(fill(slotText.intro, { company: 'Narmada Agritech', title: 'Farm Operations Manager' })).waitFor();
    await visitor.page.getByRole('button', { name: slotText.confirm }).click();
    await visitor.page.getByText(slotText.pickRequired).waitFor();
    await expectNoSidewaysScroll(visitor.page);
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'self-scheduling-pick-375');
    await visitor.page.getByLabel(formatIst(istLocalToUtc(`${day2}T15:30`)!)).check({ force: true });
    await visitor.page.getByRole('button', { name: slotText.confirm }).click();
    await visitor.page.getByRole('heading', { name: slotText.bookedTitle }).waitFor();
    await visitor.page.getByText(formatIst(istLocalToUtc(`${day2}T15:30`)!), { exact: false }).waitFor();
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'self-scheduling-booked-375');

    const interview = await database.db.selectFrom('interviews').selectAll().where('application_id', '=', application.id).executeTakeFirstOrThrow();
    expect(new Date(interview.scheduled_at!).toISOString()).toBe(istLocalToUtc(`${day2}T15:30`)!.toISOString());
    await waitForMessage(h.t.dataDir, (m) => m.to === candidate.email && (m.subject ?? '').startsWith('Interview invitation'));

    // 4. The recruiter's open panel moves on by itself: the offer is gone, the interview is listed.
    await pending.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'Imran Qureshi' }).getByTestId('interview-item').getByText('3:30 PM IST').waitFor();
  });
});
