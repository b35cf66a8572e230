import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateNotesMessages as text } from '../../shared/messages/candidate-notes.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { makePdf } from '../support/pdf.ts';
import { signIn } from '../support/test-app.ts';

const PASSWORD = 'Kaveri-Record-Notes-64';

/**
 * Issue 36 §2: the candidate's record in the pipeline. A recruiter tags a candidate and writes a
 * note mentioning a teammate, who is told; the timeline shows both; the panel shows the phone and
 * the resume, and on a phone it is the whole screen with a Back.
 */
describe('pipeline: the candidate record (tags, notes with mentions, timeline)', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('tags, notes with a mention the teammate is told of, the timeline, and a full-page panel at 375 px', { timeout: 150_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Kaveri Foods' });
    const recruiter = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD, fullName: 'Vikram Shetty' });
    const teammate = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'admin', password: PASSWORD, fullName: 'Deepa Hegde' });
    const job = await h.t.factories.job(company.id, { title: 'Quality Analyst', location: 'Mysuru, Karnataka' });
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Sanjay Kumar', password: PASSWORD });
    await h.t.factories.candidateProfile(candidate.id, { phone: '+919845012345' });
    const candidateJar = await signIn(h.t.app, candidate.email, PASSWORD, '10.96.0.1');
    const uploaded = await h.t.app.inject({ method: 'PUT', url: '/api/candidate/documents/resume', payload: makePdf(), headers: { 'content-type': 'application/pdf', cookie: candidateJar.header }, remoteAddress: '10.96.0.2' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const application = await h.t.factories.application(job.id, candidate.id);

    // The teammate is on their dashboard when the note is written.
    const deepa = await h.openSignedIn(teammate.email, PASSWORD);
    const { page } = await h.openSignedIn(recruiter.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`);
    await page.getByTestId('pipeline-column-received').getByRole('button', { name: 'Sanjay Kumar', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Sanjay Kumar' });
    await panel.getByTestId('panel-phone').getByText('+919845012345').waitFor();
    await panel.getByTestId('resume-viewer').waitFor();

    // A tag, trimmed; it shows in the panel and on the card.
    await panel.getByLabel(text.addTagLabel).fill('  Referral ');
    await panel.getByRole('button', { name: text.addTag, exact: true }).click();
    await panel.getByTestId('candidate-tags').getByText('Referral').waitFor();
    await page.getByTestId(`pipeline-card-${application.id}`).getByTestId('card-tags').getByText('Referral').waitFor({ state: 'attached' });

    // A note with a mention picked from the list.
    const box = panel.getByLabel(text.noteLabel);
    await box.click();
    await box.pressSequentially('Tasted well in the sensory test. @Dee');
    await panel.getByTestId('mention-picker').getByRole('button', { name: /Deepa Hegde/ }).click();
    await box.pressSequentially('please confirm the salary band.');
    expect(await box.inputValue()).toBe('Tasted well in the sensory test. @Deepa Hegde please confirm the salary band.');
    await panel.getByRole('button', { name: text.addNote, exact: true }).click();
    await waitForToast(page, text.noteAdded);
    const note = panel.getByTestId('application-notes').getByTestId('application-note').first();
    await note.locator('[data-mention]').getByText('@Deepa Hegde').waitFor();

    // The timeline: the note, the tag, applied.
    const timeline = panel.getByTestId('application-timeline');
    await timeline.getByText('Added a note').waitFor();
    await timeline.getByText('Tagged Referral').waitFor();
    await timeline.getByText('Applied', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-record-panel-1280');

    // Deepa is told, on the page she has open.
    await deepa.page.getByText('Vikram Shetty mentioned you').first().waitFor();
    await deepa.page.getByText(/On Sanjay Kumar for Quality Analyst/).first().waitFor();
    await screenshot(deepa.page, 'candidate-record-mention-notice');

    // On a phone the panel is the whole screen, with a Back that returns to the board.
    await page.setViewportSize({ width: 375, height: 812 });
    await panel.getByRole('button', { name: text.back }).waitFor();
    const box375 = await panel.boundingBox();
    expect(box375).toMatchObject({ x: 0, y: 0, width: 375, height: 812 });
    expect(await panel.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-record-panel-375');
    await panel.getByRole('button', { name: text.back }).click();
    await panel.waitFor({ state: 'detached' });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'candidate-record-board-375');
  });
});
