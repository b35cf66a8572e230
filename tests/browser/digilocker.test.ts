import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIstDate } from '../../shared/gst.ts';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { downloadedBytes, screenshot, startBrowserHarness, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { bringFromDigilocker, SAMPLE_DEGREE } from '../support/digilocker.ts';
import { signIn } from '../support/test-app.ts';

const PASSWORD = 'Hampi-DigiLocker-Degree-34';
const text = messages.digilocker;
const day = (iso: string) => formatIstDate(new Date(`${iso}T12:00:00+05:30`));

/**
 * Issue 34 §4's journey: a candidate goes to Documents, brings their degree from DigiLocker
 * through the development consent page (Allow), and sees it issued by the university, verified,
 * confirming the education on their profile; then, on a phone, brings the class XII marksheet too.
 * An employer the candidate applied to sees the degree in the application panel.
 */
describe('DigiLocker: bring a degree', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('brings a degree from DigiLocker at 1280 px and a marksheet at 375 px', { timeout: 180_000 }, async () => {
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Ananya Rao', password: PASSWORD });
    await h.t.factories.candidateProfile(candidate.id, { education: 'B.Tech, Computer Science' });
    const { page } = await h.openSignedIn(candidate.email, PASSWORD, '/dashboard/documents');
    const card = page.getByRole('region', { name: text.cardTitle });
    await card.getByText(text.noneBrought).waitFor();

    // To DigiLocker's consent (the development one, a page of its own).
    await card.getByRole('button', { name: text.connect }).click();
    await page.getByRole('heading', { name: text.consentTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/api/digilocker/dev/authorize');
    await page.getByText(fill(text.consentHolder, { name: 'Ananya Rao' })).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'digilocker-consent-1280');
    await page.getByRole('link', { name: text.allow }).click();

    // Back in Documents: choose the degree.
    await waitForPath(page, '/dashboard/documents');
    const chooser = card.getByRole('group', { name: text.chooseTitle });
    await chooser.getByLabel(/Degree Certificate/).check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'digilocker-choose-1280');
    await card.getByRole('button', { name: text.bring }).click();
    await waitForToast(page, fill(text.brought, { names: 'Degree Certificate' }));
    await chooser.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');

    const degree = card.getByTestId('issued-document').filter({ hasText: 'Degree Certificate' });
    await degree.getByText(fill(text.issuedBy, { issuer: 'Visvesvaraya Technological University', date: day('2019-09-15') })).waitFor();
    await degree.getByText(text.verifiedBadge).waitFor();
    await degree.getByText(fill(text.confirmsEducation, { education: 'B.Tech, Computer Science' })).waitFor();
    await degree.getByText('Bachelor of Technology in Computer Science and Engineering, R V College of Engineering, Bengaluru, 2019').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'digilocker-brought-1280');

    // The candidate's copy is the issuer's PDF.
    const download = page.waitForEvent('download');
    await degree.getByRole('link', { name: fill(text.viewNamed, { name: 'Degree Certificate' }) }).click();
    const pdf = await downloadedBytes(await download);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // On a phone: the marksheet too; the degree is already brought.
    await page.setViewportSize({ width: 375, height: 812 });
    await card.getByRole('button', { name: text.connect }).click();
    await page.getByRole('heading', { name: text.consentTitle }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'digilocker-consent-375');
    await page.getByRole('link', { name: text.allow }).click();
    await waitForPath(page, '/dashboard/documents');
    const degreeChoice = chooser.getByLabel(/Degree Certificate/);
    await degreeChoice.waitFor();
    expect(await degreeChoice.isDisabled()).toBe(true);
    await chooser.getByText(new RegExp(text.alreadyBrought)).waitFor();
    await chooser.getByLabel(/Class XII Marksheet/).check();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'digilocker-choose-375');
    await card.getByRole('button', { name: text.bring }).click();
    await waitForToast(page, fill(text.brought, { names: 'Class XII Marksheet' }));
    const marksheet = card.getByTestId('issued-document').filter({ hasText: 'Class XII Marksheet' });
    await marksheet.getByText(fill(text.issuedBy, { issuer: 'Central Board of Secondary Education', date: day('2015-05-28') })).waitFor();
    expect(await card.getByTestId('issued-document').count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'digilocker-brought-375');
  });

  it('an employer the candidate applied to sees the degree in the application panel, at 1280 and 375 px', { timeout: 120_000 }, async () => {
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Rahul Kulkarni', password: PASSWORD });
    await h.t.factories.candidateProfile(candidate.id, { education: 'B.Tech, Computer Science' });
    const company = await h.t.factories.company({ name: 'Sahyadri Panel Pvt Ltd' });
    const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, password: PASSWORD });
    const job = await h.t.factories.job(company.id, { title: 'Platform Engineer' });
    await h.t.factories.application(job.id, candidate.id);
    // The candidate's side is the journey above; here the degree is brought over the API.
    await bringFromDigilocker(h.t.app, await signIn(h.t.app, candidate.email, PASSWORD, '10.93.0.1'), [SAMPLE_DEGREE], '10.93.0.1');

    const { page } = await h.openSignedIn(employer.email, PASSWORD, `/dashboard/jobs/${job.id}/pipeline`);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: 'Rahul Kulkarni', exact: true }).first().click();
      const panel = page.getByRole('dialog').getByTestId('digilocker-panel');
      await panel.getByRole('heading', { name: text.panelTitle }).waitFor();
      const degree = panel.getByTestId('issued-document').filter({ hasText: 'Degree Certificate' });
      await degree.getByText(fill(text.issuedBy, { issuer: 'Visvesvaraya Technological University', date: day('2019-09-15') })).waitFor();
      await degree.getByText(text.verifiedBadge).waitFor();
      await degree.getByText('Bachelor of Technology in Computer Science and Engineering, R V College of Engineering, Bengaluru, 2019').waitFor();
      await degree.getByText(text.confirmsProfileEducation).waitFor();
      // Employers see the facts, not the file.
      expect(await degree.getByRole('link').count()).toBe(0);
      await panel.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `digilocker-employer-panel-${width}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
  });

  it('a callback WorkCred did not start is a page saying so, with the way back to Documents', { timeout: 60_000 }, async () => {
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD });
    const opened = await h.openSignedIn(candidate.email, PASSWORD, '/dashboard/documents');
    opened.expectConsoleError({ status: 400, path: '/api/digilocker/callback' });
    const { page } = opened;
    const answer = await page.goto('/api/digilocker/callback?state=not-ours&code=whatever');
    expect(answer?.status()).toBe(400);
    await page.getByRole('alert').filter({ hasText: text.invalidState }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: text.backToDocuments }).click();
    await waitForPath(page, '/dashboard/documents');
    await page.getByRole('region', { name: text.cardTitle }).waitFor();
  });
});
