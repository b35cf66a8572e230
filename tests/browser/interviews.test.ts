import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { scorecardsMessages as cards } from '../../shared/messages/scorecards.ts';
import { formatIst, istLocalToUtc, utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { waitForMessage } from '../support/outbox.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Monsoon-Ledger-Pune-84';
const text = messages.interviews;
const DAY = 24 * 60 * 60 * 1000;

describe('interviews: an employer schedules, the candidate sees it in IST and gets the invite', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('schedules from /dashboard/interviews (with a conflict warning), and the candidate’s dashboard and inbox show it', { timeout: 120_000 }, async () => {
    const { factories, database } = h.t;
    const company = await factories.company({ name: 'Godavari Fintech' });
    const employer = await factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Meera Iyer' });
    const teammate = await factories.user({ role: 'employer', companyId: company.id, fullName: 'Tara Menon' });
    await database.db.updateTable('user_profiles').set({ position: 'Talent Lead', industry: 'Finance' }).where('id', 'in', [employer.id, teammate.id]).execute();
    const candidate = await factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Vikram Joshi' });
    await factories.candidateProfile(candidate.id);
    const other = await factories.user({ role: 'candidate', fullName: 'Asha Rao' });
    const job = await factories.job(company.id, { title: 'Risk Analyst', expiresAt: new Date(Date.now() + 30 * DAY) });
    const application = await factories.application(job.id, candidate.id);
    const otherApplication = await factories.application(job.id, other.id);

    // Tara already interviews someone else at 11:00 IST in three days.
    const date = utcToIstLocal(new Date(Date.now() + 3 * DAY)).slice(0, 10);
    const busy = await database.db
      .insertInto('interviews')
      .values({ application_id: otherApplication.id, company_id: company.id, scheduled_at: istLocalToUtc(`${date}T11:00`)!, duration_minutes: 60, mode: 'video', location: 'https://meet.example.com/other' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('interview_interviewers').values({ interview_id: busy.id, user_id: teammate.id }).execute();

    // 1. The employer opens Interviews from the sidebar and picks the application.
    const { page, expectConsoleError } = await h.open('/auth');
    // The conflict answer (409) is logged by the browser as a failed resource: expected here.
    expectConsoleError({ status: 409, path: '/api/interviews' });
    await submitSignIn(page, employer.email, PASSWORD);
    await waitForPath(page, '/dashboard');
    await page.getByRole('link', { name: 'Interviews', exact: true }).click();
    await waitForPath(page, '/dashboard/interviews');
    await page.getByRole('heading', { name: text.pageTitle }).waitFor();
    await page.getByTestId('interviews-list').getByText('Asha Rao · Risk Analyst').waitFor();
    await page.getByRole('button', { name: text.scheduleInterview }).click();
    const picker = page.getByRole('dialog', { name: text.scheduleTitle });
    await picker.getByLabel(text.pickJob).selectOption({ label: 'Risk Analyst' });
    await picker.getByLabel(text.pickApplicant).selectOption({ label: 'Vikram Joshi' });
    await picker.getByRole('button', { name: text.next }).click();

    // 2. The schedule form: date and time in IST, duration, mode with its field, interviewers.
    const dialog = page.getByTestId('interview-form-dialog');
    await dialog.getByText('With Vikram Joshi.', { exact: false }).waitFor();
    await dialog.getByLabel(text.dateLabel).fill(date);
    await dialog.getByLabel(text.timeLabel).fill('11:30');
    await dialog.getByLabel(text.durationLabel).selectOption({ label: '45 min' });
    await dialog.getByText(text.modeLabels.video, { exact: true }).click();
    await dialog.getByLabel(text.locationLabels.video).fill('http://meet.example.com/vikram');
    await dialog.getByLabel('Tara Menon').check();
    await dialog.getByLabel('Meera Iyer').check();
    await dialog.getByRole('button', { name: text.scheduleInterview }).click();
    await dialog.getByText(text.invalidVideoLink).waitFor();
    await dialog.getByLabel(text.locationLabels.video).fill('https://meet.example.com/vikram');

    // Tara is busy at 11:00–12:00: the warning names her and the time, and nothing is saved yet.
    await dialog.getByRole('button', { name: text.scheduleInterview }).click();
    const warning = dialog.getByTestId('interview-conflict');
    await warning.getByText(`Tara Menon has an interview at ${formatIst(istLocalToUtc(`${date}T11:00`)!)}`, { exact: false }).waitFor();
    await screenshot(page, 'interviews-conflict-warning');
    expect(await database.db.selectFrom('interviews').select('id').where('application_id', '=', application.id).execute()).toEqual([]);
    await warning.getByRole('button', { name: text.scheduleAnyway }).click();
    await waitForToast(page, text.scheduled);
    await dialog.waitFor({ state: 'detached' });

    // 3. The list shows it under its IST day at 11:30 AM IST.
    const item = page.getByTestId('interview-item').filter({ hasText: 'Vikram Joshi · Risk Analyst' });
    await item.getByText('11:30 AM IST').waitFor();
    await screenshot(page, 'interviews-page');
    const saved = await database.db.selectFrom('interviews').selectAll().where('application_id', '=', application.id).executeTakeFirstOrThrow();
    expect(new Date(saved.scheduled_at!).toISOString()).toBe(istLocalToUtc(`${date}T11:30`)!.toISOString());

    // 4. The invite with its .ics reaches the development outbox.
    const invite = await waitForMessage(h.t.dataDir, (m) => m.to === candidate.email && (m.subject ?? '').startsWith('Interview invitation'));
    expect(invite.subject).toBe('Interview invitation: Risk Analyst at Godavari Fintech');
    expect(invite.text).toContain(formatIst(istLocalToUtc(`${date}T11:30`)!));
    expect(invite.attachments?.[0]).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=UTF-8' });
    expect(invite.attachments?.[0]?.content).toContain(`UID:${saved.id}@workcred`);

    // 5. The candidate's dashboard shows it in IST with the link.
    const candidatePage = (await h.openSignedIn(candidate.email, PASSWORD)).page;
    const card = candidatePage.getByTestId('candidate-interviews');
    await card.getByText(formatIst(istLocalToUtc(`${date}T11:30`)!)).waitFor();
    await card.getByText('Risk Analyst at Godavari Fintech').waitFor();
    await card.getByRole('link', { name: 'https://meet.example.com/vikram' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(candidatePage, 'interviews-candidate-dashboard');
  });
  it('reschedules, cancels, and takes a scorecard once the interview has started', { timeout: 120_000 }, async () => {
    const { factories, database } = h.t;
    const company = await factories.company({ name: 'Kaveri Logistics' });
    const employer = await factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Nikhil Rao' });
    await database.db.updateTable('user_profiles').set({ position: 'Hiring Manager', industry: 'Logistics' }).where('id', '=', employer.id).execute();
    const candidate = await factories.user({ role: 'candidate', fullName: 'Deepa Nair' });
    const job = await factories.job(company.id, { title: 'Fleet Planner', expiresAt: new Date(Date.now() + 30 * DAY) });
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
    const pastId = await insert(new Date(Date.now() - 2 * 60 * 60 * 1000));
    const upcomingId = await insert(istLocalToUtc(`${utcToIstLocal(new Date(Date.now() + 4 * DAY)).slice(0, 10)}T15:00`)!);

    const { page } = await h.openSignedIn(employer.email, PASSWORD, '/dashboard/interviews');

    // Reschedule: move it to 16:30 IST the next day.
    const upcoming = page.getByTestId('interview-item').filter({ hasText: '3:00 PM IST' });
    await upcoming.getByRole('button', { name: text.reschedule }).click();
    const dialog = page.getByTestId('interview-form-dialog');
    const newDate = utcToIstLocal(new Date(Date.now() + 5 * DAY)).slice(0, 10);
    await dialog.getByLabel(text.dateLabel).fill(newDate);
    await dialog.getByLabel(text.timeLabel).fill('16:30');
    await dialog.getByRole('button', { name: text.save }).click();
    await waitForToast(page, text.rescheduled);
    await page.getByTestId('interview-item').filter({ hasText: '4:30 PM IST' }).waitFor();
    const update = await waitForMessage(h.t.dataDir, (m) => m.to === candidate.email && (m.subject ?? '').startsWith('Interview rescheduled'));
    expect(update.attachments?.[0]?.content).toContain('SEQUENCE:1');
    expect(update.text).toContain(formatIst(istLocalToUtc(`${newDate}T16:30`)!));

    // Cancel it with a reason; it moves to the Cancelled filter.
    await page.getByTestId('interview-item').filter({ hasText: '4:30 PM IST' }).getByRole('button', { name: text.cancelInterview }).click();
    const cancelDialog = page.getByRole('dialog', { name: text.cancelTitle });
    await cancelDialog.getByLabel(text.reasonLabel).fill('The position is on hold');
    await cancelDialog.getByRole('button', { name: text.cancelInterview }).click();
    await waitForToast(page, text.cancelled);
    await page.getByText(text.emptyUpcoming).waitFor();
    await page.getByRole('button', { name: text.filters.cancelled }).click();
    await page.getByText('Cancelled: The position is on hold').waitFor();
    const cancelMail = await waitForMessage(h.t.dataDir, (m) => m.to === candidate.email && (m.subject ?? '').startsWith('Interview cancelled'));
    expect(cancelMail.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    expect((await database.db.selectFrom('interviews').select('status').where('id', '=', upcomingId).executeTakeFirstOrThrow()).status).toBe('cancelled');

    // The past interview takes a scorecard: the job's (default) criteria rated 1–4, a recommendation and notes (issue 36 §4).
    await page.getByRole('button', { name: text.filters.past }).click();
    await page.getByTestId('interview-item').getByRole('button', { name: text.scorecard }).click();
    const form = page.getByTestId('scorecard-form');
    await form.getByRole('button', { name: text.saveScorecard }).click();
    await form.getByText(cards.criterionMissing.replace('{name}', 'Role skills')).waitFor();
    for (const [index, rating] of [4, 3, 2, 3].entries()) {
      await form.getByRole('group', { name: cards.ratingFor.replace('{name}', cards.defaultCriteria[index]!.name) }).getByText(`${rating} · `, { exact: false }).click();
    }
    await form.getByRole('button', { name: text.saveScorecard }).click();
    await form.getByText(cards.recommendationRequired).waitFor();
    await form.getByRole('group', { name: cards.recommendationLabel }).getByText(cards.recommendationNames.yes, { exact: true }).click();
    await form.getByLabel(text.notesLabel).fill('Knows route planning well.');
    await screenshot(page, 'interviews-scorecard');
    await form.getByRole('button', { name: text.saveScorecard }).click();
    await waitForToast(page, text.scorecardSaved);
    const card = await database.db.selectFrom('interview_scorecards').selectAll().where('interview_id', '=', pastId).executeTakeFirstOrThrow();
    expect(card.criteria).toEqual([
      { name: 'Role skills', rating: 4 },
      { name: 'Communication', rating: 3 },
      { name: 'Problem solving', rating: 2 },
      { name: 'Culture add', rating: 3 },
    ]);
    expect(card.recommendation).toBe('yes');
    expect(card.notes).toBe('Knows route planning well.');
  });
});
