import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { downloadedBytes, screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { waitForMessage } from '../support/outbox.ts';
import { decodeQr } from '../support/qr.ts';
import { signIn } from '../support/test-app.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Kaveri-Pipeline-Board-27';
const text = messages.pipeline;
const fillText = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** Drags a card by its handle onto a column with the mouse (dnd-kit's pointer sensor). */
async function drag(page: Page, handle: Locator, column: Locator) {
  const from = await handle.boundingBox();
  const to = await column.boundingBox();
  if (!from || !to) throw new Error('drag: element not visible');
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y + 4, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();
}

describe('pipeline: an employer moves an applicant through the board to hired', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('opens the pipeline from the job card, drags and moves the card to Hired, and the candidate sees it and gets the email', { timeout: 150_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Narmada Logistics' });
    const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD, fullName: 'Kavya Rao' });
    const job = await h.t.factories.job(company.id, { title: 'Fleet Operations Lead' });
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Rohan Mehta' });
    const { candidate_code: code } = await h.t.factories.candidateProfile(candidate.id, { experience_years: 6, notice_period_days: 45 });
    await h.t.database.db.insertInto('verification_checks').values({ candidate_id: candidate.id, subject: 'phone', status: 'verified' }).execute();
    // The candidate applied through the job's QR code.
    const jar = await signIn(h.t.app, candidate.email, PASSWORD, '10.44.0.1');
    const applied = await h.t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/applications`, payload: { source: 'qr' }, headers: { cookie: jar.header } });
    expect(applied.statusCode).toBe(201);

    // The employer opens the pipeline from the job card's Applications button.
    const { page } = await h.openSignedIn(employer.email, PASSWORD, '/dashboard/jobs');
    const jobCard = page.getByRole('article', { name: 'Fleet Operations Lead' });
    await jobCard.getByText('1 application', { exact: true }).waitFor();
    await jobCard.getByRole('link', { name: messages.jobsManagement.applications }).click();
    await waitForPath(page, `/dashboard/jobs/${job.id}/pipeline`);
    await page.getByRole('heading', { name: 'Fleet Operations Lead', level: 2 }).waitFor();

    const column = (stage: string) => page.getByTestId(`pipeline-column-${stage}`);
    const cardIn = (stage: string) => column(stage).getByRole('listitem', { name: 'Rohan Mehta' });
    await cardIn('received').waitFor();
    const card = cardIn('received');
    await card.getByText(code).waitFor();
    await card.getByText('6 yrs experience').waitFor();
    await card.getByText('45 days notice').waitFor();
    await card.getByText(text.sourceLabels.qr).waitFor();
    await card.getByText('Phone').waitFor();
    await page.getByText(`${text.sourceLabels.qr} · 1`).waitFor();
    await screenshot(page, 'pipeline-board-received');

    // Every stage is reachable (issue 12, defect 5). 4 of 8 columns fit at 1280 px: the strip names each
    // stage with its count and marks the columns in view; the far side fades; the forward arrow is live.
    const strip = page.getByRole('navigation', { name: text.stagesNav });
    const pill = (stage: string, count: number) => strip.getByRole('button', { name: fillText(text.showStage, { stage, count: String(count) }) });
    await pill('Received', 1).waitFor();
    const inView = (stage: string) => // the column lies wholly inside the board's visible width
      column(stage).evaluate((target) => {
        const [own, frame] = [target.getBoundingClientRect(), target.parentElement!.getBoundingClientRect()];
        return own.left >= frame.left - 1 && own.right <= frame.right + 1;
      });
    expect(await inView('withdrawn')).toBe(false);
    await page.getByTestId('pipeline-fade-after').waitFor();
    expect(await page.getByTestId('pipeline-fade-before').count()).toBe(0);
    expect([await page.getByRole('button', { name: text.scrollStagesForward }).isEnabled(), await page.getByRole('button', { name: text.scrollStagesBack }).isDisabled()]).toEqual([true, true]);
    await expect.poll(() => pill('Received', 1).getAttribute('data-in-view')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // By keyboard: Enter on a stage brings its column into view and moves focus into it.
    await pill('Withdrawn', 0).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => inView('withdrawn')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-stage'))).toBe('withdrawn');
    await page.getByTestId('pipeline-fade-before').waitFor();
    await expect.poll(() => page.getByTestId('pipeline-fade-after').count()).toBe(0);
    await expect.poll(() => pill('Withdrawn', 0).getAttribute('data-in-view')).toBe('true');
    await screenshot(page, 'pipeline-board-end-1280');
    await pill('Received', 1).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => inView('received')).toBe(true);
    await page.keyboard.press('Tab'); // the next Tab reaches the card in that column
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Drag Rohan Mehta');

    // Drag: Received → Screening.
    await drag(page, card.getByRole('button', { name: 'Drag Rohan Mehta' }), column('screening'));
    await waitForToast(page, fillText(text.moved, { name: 'Rohan Mehta', stage: 'Screening' }));
    await cardIn('screening').waitFor();
    expect(await column('screening').locator('h3').textContent()).toContain('1');

    // 375 px: the header counted 1 while the one column in sight said "Received 0 · No applications" (the applicant sat
    // off to the side). A phone opens the list, which fits; on the board the strip shows every stage's count, summing to the header.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    const phoneList = page.getByTestId('pipeline-list');
    await phoneList.getByRole('cell', { name: 'Screening', exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: text.listView }).getAttribute('aria-selected')).toBe('true');
    // The list's hidden column header once sat 730 px from the left and widened the page.
    await expectNoSidewaysScroll(page);
    expect(await phoneList.getByRole('button', { name: fillText(text.moveMenu, { name: 'Rohan Mehta' }) }).evaluate((menu) => menu.getBoundingClientRect().right)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'pipeline-phone-list-375');
    await page.getByRole('tab', { name: text.boardView }).click();
    await page.getByTestId('pipeline-fade-after').waitFor();
    const pills = await strip.getByRole('button').evaluateAll((buttons) => buttons.map((button) => ({ ...button.getBoundingClientRect().toJSON(), count: Number(button.lastElementChild?.textContent) }) as { left: number; right: number; count: number }));
    expect(pills).toHaveLength(8);
    for (const box of pills) expect(box.left >= 0 && box.right <= 375, 'every stage in sight').toBe(true);
    // One application here: "1 application", not "1 applications" (issue 33 C5).
    expect(pills.reduce((sum, box) => sum + box.count, 0)).toBe(1);
    expect(await page.getByTestId('pipeline-total').textContent()).toBe('1 application');
    expect(await column('received').locator('h3').textContent()).toContain('0');
    await screenshot(page, 'pipeline-phone-board-375');
    await pill('Screening', 1).click();
    await expect.poll(() => inView('screening')).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'pipeline-phone-board-screening-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The menu for the rest of the way: Shortlisted → Interview → Offered.
    for (const stage of ['shortlisted', 'interview', 'offered'] as const) {
      const current = page.getByRole('listitem', { name: 'Rohan Mehta' });
      await current.getByRole('button', { name: fillText(text.moveMenu, { name: 'Rohan Mehta' }) }).click();
      await page.getByRole('menuitem', { name: text.stageLabels[stage], exact: true }).click();
      await waitForToast(page, fillText(text.moved, { name: 'Rohan Mehta', stage: text.stageLabels[stage] }));
      await cardIn(stage).waitFor();
    }

    // Hired asks for the employment's title and joining date.
    await cardIn('offered').getByRole('button', { name: fillText(text.moveMenu, { name: 'Rohan Mehta' }) }).click();
    await page.getByRole('menuitem', { name: text.stageLabels.hired, exact: true }).click();
    const hire = page.getByRole('dialog', { name: fillText(text.hireTitle, { name: 'Rohan Mehta' }) });
    await hire.waitFor();
    expect(await hire.getByLabel(text.hireJobTitle).inputValue()).toBe('Fleet Operations Lead');
    await hire.getByLabel(text.hireJobTitle).fill('Fleet Operations Lead, West');
    await hire.getByRole('button', { name: text.hireConfirm }).click();
    await hire.getByText(text.joiningDateInvalid).waitFor();
    await hire.getByLabel(text.hireJoiningDate).fill('2026-12-14');
    await screenshot(page, 'pipeline-hire-dialog');
    await hire.getByRole('button', { name: text.hireConfirm }).click();
    await waitForToast(page, fillText(text.moved, { name: 'Rohan Mehta', stage: 'Hired' }));
    await hire.waitFor({ state: 'detached' });
    await cardIn('hired').waitFor();
    await screenshot(page, 'pipeline-board-hired');
    const employment = await h.t.database.db.selectFrom('employments').selectAll().where('employee_id', '=', candidate.id).executeTakeFirstOrThrow();
    expect(employment).toMatchObject({ company_id: company.id, title: 'Fleet Operations Lead, West', joining_date: '2026-12-14', status: 'active' });

    // The application panel shows the history, who moved it, and the source.
    await cardIn('hired').getByRole('button', { name: 'Rohan Mehta', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Rohan Mehta' });
    const history = panel.getByTestId('stage-history');
    await history.getByText('Offered → Hired').waitFor();
    expect(await history.getByRole('listitem').count()).toBe(6);
    await history.getByText('by Kavya Rao').first().waitFor();
    await panel.getByText(text.sourceLabels.qr).waitFor();
    await screenshot(page, 'pipeline-application-panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // The list view shows the same, with the hired row not selectable for bulk reject.
    await page.getByRole('tab', { name: text.listView }).click();
    const list = page.getByTestId('pipeline-list');
    await list.getByRole('cell', { name: 'Hired' }).waitFor();
    expect(await list.getByRole('checkbox', { name: fillText(text.selectOne, { name: 'Rohan Mehta' }) }).isDisabled()).toBe(true);
    await screenshot(page, 'pipeline-list');

    // The candidate, in a browser of their own, sees Hired on their dashboard…
    const visitor = await h.openSignedIn(candidate.email, PASSWORD);
    const applications = visitor.page.getByTestId('candidate-applications');
    await applications.getByText('Fleet Operations Lead').waitFor();
    await applications.getByText(messages.candidateDashboard.statusLabels.hired ?? 'Hired', { exact: true }).waitFor();
    expect(await applications.getByRole('button', { name: text.withdraw }).count()).toBe(0);
    await screenshot(visitor.page, 'pipeline-candidate-dashboard');

    // …and has the email.
    const email = await waitForMessage(h.t.dataDir, (message) => message.to === candidate.email && (message.text ?? '').includes('marked you hired'), 'the hired email');
    expect(email.subject).toBe('Your application for Fleet Operations Lead at Narmada Logistics');
  });

  it('bulk rejects from the list view after a confirmation, and a drive-tagged link records its drive', { timeout: 120_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Tapti Textiles' });
    const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD });
    const job = await h.t.factories.job(company.id, { title: 'Loom Supervisor' });
    const drive = await h.t.database.db.insertInto('recruitment_drives').values({ company_id: company.id, name: 'Surat Job Fair' }).returning('id').executeTakeFirstOrThrow();

    // One candidate applies in the browser through a drive-tagged link (signing in on the way).
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Anjali Desai' });
    await h.t.factories.candidateProfile(candidate.id);
    const visitor = await h.open(`/jobs/${job.id}?src=drive:${drive.id}`);
    await visitor.page.getByRole('button', { name: messages.jobDetail.applyNow }).click();
    // Issue 33 B5: to the candidates' sign-in; one with a password takes the main sign-in from there.
    await waitForPath(visitor.page, '/candidate/register');
    await visitor.page.getByTestId('apply-context').getByRole('link', { name: messages.candidate.flow.otherSignInLink }).click();
    await waitForPath(visitor.page, '/auth');
    await submitSignIn(visitor.page, candidate.email, PASSWORD);
    await waitForPath(visitor.page, `/jobs/${job.id}`);
    await visitor.page.getByRole('button', { name: messages.jobDetail.applyNow }).click();
    await waitForToast(visitor.page, messages.jobDetail.submitted);
    const application = await h.t.database.db.selectFrom('job_applications').select(['source', 'source_drive_id']).where('candidate_id', '=', candidate.id).executeTakeFirstOrThrow();
    expect(application).toEqual({ source: 'drive', source_drive_id: drive.id });

    const other = await h.t.factories.user({ role: 'candidate', fullName: 'Bharat Shah' });
    await h.t.factories.application(job.id, other.id);

    // The QR dialog tags the code with a drive, chosen or created on the spot.
    const { page } = await h.openSignedIn(employer.email, PASSWORD, '/dashboard/jobs');
    await page.getByRole('article', { name: 'Loom Supervisor' }).getByRole('button', { name: messages.jobsManagement.qrCode }).click();
    const qr = page.getByRole('dialog', { name: messages.jobsManagement.qrTitle });
    await qr.getByLabel(text.drivesLabel).selectOption({ label: text.driveNew });
    await qr.getByRole('textbox', { name: text.driveNamePlaceholder }).fill('Nashik Campus Drive');
    await qr.getByRole('button', { name: text.driveCreate }).click();
    await waitForToast(page, fillText(text.driveCreated, { name: 'Nashik Campus Drive' }));
    const created = await h.t.database.db.selectFrom('recruitment_drives').select('id').where('name', '=', 'Nashik Campus Drive').executeTakeFirstOrThrow();
    await expect.poll(() => qr.getByLabel(text.drivesLabel).inputValue()).toBe(created.id);
    await screenshot(page, 'pipeline-qr-drive');
    const [download] = await Promise.all([page.waitForEvent('download'), qr.getByRole('button', { name: messages.jobsManagement.downloadQr }).click()]);
    expect(await decodeQr(page, await downloadedBytes(download))).toBe(`${h.baseURL}/jobs/${job.id}?src=drive:${created.id}`);
    await page.keyboard.press('Escape');
    await qr.waitFor({ state: 'detached' });

    await page.goto(`/dashboard/jobs/${job.id}/pipeline`);
    await page.getByText(`${fillText(text.sourceDrive, { name: 'Surat Job Fair' })} · 1`).waitFor();
    await page.getByRole('tab', { name: text.listView }).click();
    const list = page.getByTestId('pipeline-list');
    await list.getByRole('checkbox', { name: text.selectAll }).check();
    await page.getByRole('button', { name: fillText(text.rejectSelected, { count: '2' }) }).click();
    const confirm = page.getByRole('alertdialog', { name: fillText(text.bulkTitle, { count: '2' }) });
    await confirm.getByLabel(text.bulkNoteLabel).fill('The role has been filled.');
    await screenshot(page, 'pipeline-bulk-reject');
    await confirm.getByRole('button', { name: text.bulkConfirm }).click();
    await waitForToast(page, fillText(text.bulkDone, { count: '2' }));
    await expect.poll(() => list.getByRole('cell', { name: 'Rejected' }).count()).toBe(2);
    await waitForMessage(h.t.dataDir, (message) => message.to === candidate.email && (message.text ?? '').includes('The role has been filled.'), 'the rejection email');

    // The candidate's dashboard updates live and shows the reason.
    await visitor.page.goto('/dashboard');
    const mine = visitor.page.getByTestId('candidate-applications');
    await mine.getByText(messages.candidateDashboard.statusLabels.rejected ?? '', { exact: true }).waitFor();
    await mine.getByText(fillText(messages.candidateDashboard.rejectionReason, { reason: 'The role has been filled.' })).waitFor();
  });

  it('moves a card with the keyboard, and the candidate withdraws from the dashboard', { timeout: 120_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Sabarmati Solar' });
    const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD });
    const job = await h.t.factories.job(company.id, { title: 'Panel Installer' });
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Farah Khan' });
    await h.t.factories.candidateProfile(candidate.id);
    const application = await h.t.factories.application(job.id, candidate.id);

    // Keyboard: focus the handle, Space to lift, arrows to the next column, Space to drop.
    const { page } = await h.openSignedIn(employer.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`);
    const handle = page.getByTestId('pipeline-column-received').getByRole('button', { name: 'Drag Farah Khan' });
    await handle.waitFor();
    await handle.focus();
    await expect.poll(() => handle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    // Lifted (a slow page could still be rendering when the key is pressed).
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    // The keyboard sensor moves 25 px a press; the next column starts 236 px to the right.
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await waitForToast(page, fillText(text.moved, { name: 'Farah Khan', stage: 'Screening' }));
    await page.getByTestId('pipeline-column-screening').getByRole('listitem', { name: 'Farah Khan' }).waitFor();

    // The candidate withdraws, after confirming; the employer's board follows live.
    const visitor = await h.openSignedIn(candidate.email, PASSWORD);
    const mine = visitor.page.getByTestId('candidate-applications');
    await mine.getByText(messages.candidateDashboard.statusLabels.screening ?? '', { exact: true }).waitFor();
    await mine.getByRole('button', { name: text.withdraw }).click();
    const confirm = visitor.page.getByRole('alertdialog', { name: text.withdrawTitle });
    await confirm.getByRole('button', { name: text.withdraw }).click();
    await waitForToast(visitor.page, text.withdrawn);
    await mine.getByText(messages.candidateDashboard.statusLabels.withdrawn ?? '', { exact: true }).waitFor();
    expect(await mine.getByRole('button', { name: text.withdraw }).count()).toBe(0);
    await page.getByTestId('pipeline-column-withdrawn').getByRole('listitem', { name: 'Farah Khan' }).waitFor();
    const row = await h.t.database.db.selectFrom('job_applications').select('status').where('id', '=', application.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('withdrawn');
    await screenshot(page, 'pipeline-board-withdrawn');
  });
});
