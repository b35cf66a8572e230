import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { candidateEmailsMessages as text } from '../../shared/messages/candidate-emails.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { screenshot, startBrowserHarness, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Kaveri-Candidate-Emails-36';

/**
 * Issue 36 §3 in a browser: an owner edits a template in Settings → Candidate emails; a recruiter
 * emails a candidate from the pipeline's panel, picks the template, sees the preview with the
 * merge fields filled, and sends it. Axe clean at 1280 and 375 px.
 */
describe('candidate emails: templates in Settings, email from the pipeline', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('an owner edits a template; a recruiter sends it from the pipeline with a preview', { timeout: 180_000 }, async () => {
    const company = await h.t.factories.company({ name: 'Kaveri Logistics' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Meera Iyer' });
    const recruiter = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', password: PASSWORD, fullName: 'Arun Pillai' });
    const job = await h.t.factories.job(company.id, { title: 'Fleet Supervisor' });
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Ritu Sharma', password: PASSWORD });
    await h.t.factories.candidateProfile(candidate.id);
    const application = await h.t.factories.application(job.id, candidate.id);

    // The owner: Settings → Candidate emails → New template, then an edit.
    const { page } = await h.openSignedIn(owner.email, PASSWORD, '/dashboard/settings/emails');
    await page.getByRole('heading', { name: text.templatesHeading }).waitFor();
    await page.getByText(text.noTemplates).waitFor();
    await page.getByRole('button', { name: text.newTemplate }).click();
    const editor = page.getByRole('dialog', { name: text.newTemplate });
    await editor.getByLabel(text.templateNameLabel).fill('Next steps');
    await editor.getByLabel(text.templateSubjectLabel).fill('Next steps for {{job_title}}');
    await editor.getByLabel(text.templateBodyLabel).fill('Hello {{first_name}}');
    await editor.getByRole('button', { name: text.templateSave }).click();
    // An unknown merge field is named beside the message.
    await editor.getByText('Unknown merge field: {{first_name}}', { exact: false }).waitFor();
    await editor.getByLabel(text.templateBodyLabel).fill('Hello {{candidate_name}},\n\n{{company_name}} would like to talk about {{job_title}}.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-emails-template-editor-1280');
    await editor.getByRole('button', { name: text.templateSave }).click();
    await waitForToast(page, text.templateSaved);
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `${text.editTemplate} Next steps` }).click();
    const edit = page.getByRole('dialog', { name: 'Next steps' });
    await edit.getByLabel(text.templateSubjectLabel).fill('Next steps: {{job_title}} at {{company_name}}');
    await edit.getByRole('button', { name: text.templateSave }).click();
    await waitForToast(page, text.templateSaved);
    await page.getByText('Next steps: {{job_title}} at {{company_name}}').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-emails-settings-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'candidate-emails-settings-375');

    // The recruiter: the application's panel → Email candidate → the template, previewed, sent.
    const recruiterPage = (await h.openSignedIn(recruiter.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`)).page;
    await recruiterPage.getByRole('button', { name: 'Ritu Sharma', exact: true }).first().click();
    const panel = recruiterPage.getByRole('dialog', { name: 'Ritu Sharma' });
    await panel.getByRole('button', { name: text.emailCandidate }).click();
    const dialog = recruiterPage.getByRole('dialog', { name: fill(text.emailTitle, { name: 'Ritu Sharma' }) });
    await dialog.getByLabel(text.templateLabel).selectOption({ label: 'Next steps' });
    await dialog.getByTestId('email-preview-subject').getByText('Next steps: Fleet Supervisor at Kaveri Logistics').waitFor();
    await dialog.getByTestId('email-preview-body').getByText('Hello Ritu Sharma,', { exact: false }).waitFor();
    await dialog.getByLabel(text.templateBodyLabel).fill('Hello {{candidate_name}},\n\nCould you call us tomorrow about {{job_title}}?');
    await dialog.getByTestId('email-preview-body').getByText('Could you call us tomorrow about Fleet Supervisor?', { exact: false }).waitFor();
    expect(await seriousAxeViolations(recruiterPage)).toEqual([]);
    await screenshot(recruiterPage, 'candidate-emails-compose-1280');
    await recruiterPage.setViewportSize({ width: 375, height: 812 });
    expect(await seriousAxeViolations(recruiterPage)).toEqual([]);
    await screenshot(recruiterPage, 'candidate-emails-compose-375');
    await dialog.getByRole('button', { name: text.send }).click();
    await waitForToast(recruiterPage, fill(text.sent, { name: 'Ritu Sharma' }));
    await dialog.waitFor({ state: 'detached' });

    const sent = await h.t.database.db.selectFrom('outbox_messages').select(['subject', 'body_text', 'body_html']).where('recipient', '=', candidate.email).where('subject', 'like', 'Next steps%').executeTakeFirstOrThrow();
    expect(sent.subject).toBe('Next steps: Fleet Supervisor at Kaveri Logistics');
    expect(sent.body_text).toContain('Could you call us tomorrow about Fleet Supervisor?');
    expect(sent.body_html).toContain('Kaveri Logistics');
    const audit = await h.t.database.db.selectFrom('admin_audit_logs').select(['entity_id', 'admin_id']).where('action', '=', 'candidate_emailed').executeTakeFirstOrThrow();
    expect(audit).toEqual({ entity_id: application.id, admin_id: recruiter.id });
  });
});
