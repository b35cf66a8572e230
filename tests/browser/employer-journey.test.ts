import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { decodeQr } from '../support/qr.ts';
import { downloadedBytes, screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';

const PASSWORD = 'Monsoon-Ledger-Pune-84';
const overview = messages.dashboardOverview;
const jobs = messages.jobsManagement;
const detail = messages.jobDetail;
// "1 application", "0 applications" (issue 33 C5).
const applicationsCount = (count: number) => (count === 1 ? jobs.applicationsCountOne : jobs.applicationsCount).replace('{count}', String(count));

/**
 * Follows the page's /api/live sockets (the page shares one across its screens): ready() is true
 * while a socket that said "ready" (its topics are subscribed) is open. Call right after opening.
 */
function trackLiveSocket(page: Page): { ready: () => boolean } {
  const ready = new Set<WebSocket>();
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/live')) return;
    socket.on('framereceived', (frame) => {
      // "ready" may carry more (the pending notifications); its type is what says it.
      if (typeof frame.payload === 'string' && frame.payload.startsWith('{') && (JSON.parse(frame.payload) as { type?: string }).type === 'ready') ready.add(socket);
    });
    socket.on('close', () => ready.delete(socket));
  });
  return { ready: () => ready.size > 0 };
}

describe('employer journey: from a new account to a live application and back', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('completes the profile, posts and shares a job, follows a candidate’s application live, and deletes the job', { timeout: 120_000 }, async () => {
    const employer = await h.t.factories.user({ role: 'employer', password: PASSWORD, fullName: 'Meera Iyer' });
    const candidate = await h.t.factories.user({ role: 'candidate', password: PASSWORD, fullName: 'Vikram Joshi' });
    await h.t.factories.candidateProfile(candidate.id);

    // 1. Signed in without a company: the dashboard asks for one.
    const { page, context } = await h.open('/auth');
    const live = trackLiveSocket(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseURL });
    await submitSignIn(page, employer.email, PASSWORD);
    await waitForPath(page, '/dashboard');
    const profileDialog = page.getByRole('dialog', { name: overview.completeProfileTitle });
    await profileDialog.waitFor();
    await profileDialog.getByLabel(overview.companyNameLabel).fill('Godavari Fintech');
    await profileDialog.getByLabel(overview.industryLabel).selectOption('Finance');
    await profileDialog.getByLabel(overview.positionLabel).fill('Talent Lead');
    await profileDialog.getByRole('button', { name: overview.completeProfile }).click();
    await waitForToast(page, overview.profileUpdated);
    await profileDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('stat-applications-count').textContent()).toBe('0');

    // 2. Jobs Management: Create New Job; the card shows with no applications.
    await page.getByRole('link', { name: 'Jobs', exact: true }).click();
    await waitForPath(page, '/dashboard/jobs');
    await page.getByRole('heading', { name: jobs.title }).waitFor();
    await page.getByRole('button', { name: jobs.createNewJob, exact: true }).click();
    const createDialog = page.getByRole('dialog', { name: jobs.createNewJob });
    await createDialog.getByLabel(jobs.titleLabel).fill('Risk Analyst');
    await createDialog.getByLabel(jobs.descriptionLabel).fill('Model credit risk for small-business loans.');
    await createDialog.getByLabel(jobs.locationLabel).fill('Hyderabad, Telangana');
    await createDialog.getByLabel(jobs.salaryLabel).fill('₹12–16 LPA');
    await createDialog.getByRole('button', { name: jobs.createJob }).click();
    await waitForToast(page, jobs.posted);
    await createDialog.waitFor({ state: 'detached' });
    const card = page.getByRole('article', { name: 'Risk Analyst' });
    await card.getByText(applicationsCount(0)).waitFor();
    const job = await h.t.database.db.selectFrom('job_postings').select('id').where('title', '=', 'Risk Analyst').executeTakeFirstOrThrow();
    const jobUrl = `${h.baseURL}/jobs/${job.id}`;
    await screenshot(page, 'employer-journey-job-created');

    // 3. Copy Link puts the job's public address on the clipboard, tagged as a shared link (issue 7).
    await card.getByRole('button', { name: jobs.copyLink }).click();
    await waitForToast(page, jobs.linkCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${jobUrl}?src=link`);

    // 4. The downloaded QR code holds the same address, tagged as a QR code.
    await card.getByRole('button', { name: jobs.qrCode }).click();
    const qrDialog = page.getByRole('dialog', { name: jobs.qrTitle });
    await qrDialog.locator('canvas').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), qrDialog.getByRole('button', { name: jobs.downloadQr }).click()]);
    expect(await decodeQr(page, await downloadedBytes(download))).toBe(`${jobUrl}?src=qr`);
    await page.keyboard.press('Escape');
    await qrDialog.waitFor({ state: 'detached' });

    // 5. View opens the public page in a new tab of the same browser.
    const [publicPage] = await Promise.all([context.waitForEvent('page'), card.getByRole('link', { name: jobs.view }).click()]);
    await publicPage.getByRole('heading', { name: 'Risk Analyst', level: 1 }).waitFor();
    expect(publicPage.url()).toBe(jobUrl);
    await publicPage.close();

    // 7 (set-up). The employer watches the overview, opened before anyone applies.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await waitForPath(page, '/dashboard');
    const applications = page.getByTestId('stat-applications-count');
    await expect.poll(() => applications.textContent()).toBe('0');
    await expect.poll(() => live.ready()).toBe(true);
    // Survives only if the page is never reloaded.
    await page.evaluate(() => {
      (window as unknown as { journeyMarker?: string }).journeyMarker = 'still here';
    });

    // 6. A candidate, in a browser of their own, is sent to sign in and back, then applies.
    const visitor = await h.open(`/jobs/${job.id}`);
    const candidatePage = visitor.page;
    await candidatePage.getByRole('heading', { name: 'Risk Analyst', level: 1 }).waitFor();
    await candidatePage.getByRole('button', { name: detail.applyNow }).click();
    await waitForToast(candidatePage, detail.signInToApply);
    // Issue 33 B5: to the candidates' sign-in; one with a password takes the main sign-in from there.
    await waitForPath(candidatePage, '/candidate/register');
    await candidatePage.getByTestId('apply-context').getByRole('link', { name: messages.candidate.flow.otherSignInLink }).click();
    await waitForPath(candidatePage, '/auth');
    await submitSignIn(candidatePage, candidate.email, PASSWORD);
    await waitForPath(candidatePage, `/jobs/${job.id}`);
    await candidatePage.getByRole('button', { name: detail.applyNow }).click();
    await waitForToast(candidatePage, detail.submitted);
    await candidatePage.getByRole('button', { name: detail.applied }).waitFor();
    await screenshot(candidatePage, 'employer-journey-candidate-applied');

    // 7. The employer's overview counts the application live, without a reload.
    await expect.poll(() => applications.textContent()).toBe('1');
    expect(await page.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker)).toBe('still here');
    await screenshot(page, 'employer-journey-overview-live');
    await page.getByRole('link', { name: 'Jobs', exact: true }).click();
    await waitForPath(page, '/dashboard/jobs');
    await card.getByText(applicationsCount(1)).waitFor();

    // 8. Delete, confirmed: the card goes.
    await card.getByRole('button', { name: jobs.delete }).click();
    const confirm = page.getByRole('alertdialog', { name: jobs.deleteTitle });
    await confirm.getByRole('button', { name: jobs.delete }).click();
    await waitForToast(page, jobs.deleted);
    await card.waitFor({ state: 'detached' });
  });
});
