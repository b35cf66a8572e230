import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { screenshot, startBrowserHarness, submitSignIn, waitForPath, waitForToast, type BrowserHarness } from '../support/browser.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';
import { signIn } from '../support/test-app.ts';

const PASSWORD = 'Monsoon-Ledger-Pune-84';
const DAY = 24 * 60 * 60 * 1000;
const text = messages.dashboardOverview;

describe('employer dashboard: Complete Your Profile, overview (live) and Team Management', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('completes the profile, shows the overview, follows a new application live, and lists the team', async () => {
    const employer = await h.t.factories.user({ role: 'employer', password: PASSWORD, fullName: 'Kavya Menon' });
    const { page } = await h.openSignedIn(employer.email, PASSWORD);

    // No company yet: the dialog asks for one, and the overview is not loaded; behind it the
    // getting-started list, not "Unauthorized access." (issue 33, B2).
    const dialog = page.getByRole('dialog', { name: text.completeProfileTitle });
    await dialog.waitFor();
    await page.getByTestId('getting-started').waitFor();
    expect(await page.getByText(text.unauthorized).count()).toBe(0);
    await dialog.getByLabel(text.companyNameLabel).fill('Kaveri Robotics');
    await dialog.getByLabel(text.industryLabel).selectOption('Manufacturing');
    await dialog.getByLabel(text.positionLabel).fill('Head of Talent');
    await dialog.getByRole('button', { name: text.completeProfile }).click();
    await waitForToast(page, text.profileUpdated);
    await dialog.waitFor({ state: 'hidden' });

    const profile = await h.t.database.db.selectFrom('user_profiles').selectAll().where('id', '=', employer.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ role: 'employer', industry: 'Manufacturing', position: 'Head of Talent' });
    const companyId = profile.company_id!;
    expect(companyId).toBeTruthy();

    await page.getByRole('heading', { name: text.title }).waitFor();
    for (const label of [text.activeJobs, text.applications, text.interviews, text.recentActivity]) await page.getByText(label, { exact: true }).first().waitFor();
    await page.getByText(text.lastUpdated).waitFor();
    const applications = page.getByTestId('stat-applications-count');
    await expect.poll(() => applications.textContent()).toBe('0');
    // The company's creation is the first activity entry, with the actor's name.
    await page.getByTestId('recent-activity').getByText('Kavya Menon').waitFor();
    // Issue 33 C5: each entry names what it is about; review of issue 36: the action in words, not "company_created".
    await page.getByTestId('recent-activity').getByText('Created the company · company · Kaveri Robotics').waitFor();

    // A candidate applies (through the real endpoint, which publishes the live event) while the page is open.
    const job = await h.t.factories.job(companyId, { title: 'Robotics Engineer', expiresAt: new Date(Date.now() + 30 * DAY) });
    const candidate = await h.t.factories.user({ role: 'candidate', fullName: 'Rohan Gupta' });
    await h.t.factories.candidateProfile(candidate.id);
    const jar = await signIn(h.t.app, candidate.email, candidate.password);
    const applied = await h.t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/applications`, payload: {}, headers: { cookie: jar.header } });
    expect(applied.statusCode).toBe(201);
    await expect.poll(() => applications.textContent(), { timeout: 3000 }).toBe('1');
    await page.getByText('+100% from last month').first().waitFor();
    await page.getByTestId('recent-activity').getByText('Applied · job application · Rohan Gupta for Robotics Engineer').waitFor();
    expect(await page.getByTestId('stat-active-jobs-count').textContent()).toBe('1');
    // A tag on the candidate reads as the timeline says it, named, live.
    const application = applied.json<{ id: string }>();
    const employerJar = await signIn(h.t.app, employer.email, PASSWORD);
    const tagged = await h.t.app.inject({ method: 'POST', url: `/api/pipeline/applications/${application.id}/tags`, payload: { tag: 'Night shift' }, headers: { cookie: employerJar.header } });
    expect(tagged.statusCode, tagged.body).toBe(201);
    await page.getByTestId('recent-activity').getByText('Tagged Night shift · candidate · Rohan Gupta').waitFor();
    expect(await page.getByTestId('recent-activity').getByText(/_/).count()).toBe(0);
    await screenshot(page, 'dashboard-overview');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-overview-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Team Management lists the company's members only.
    await h.t.factories.user({ role: 'employer', companyId, fullName: 'Arjun Rao', companyRole: 'recruiter' });
    const outsider = await h.t.factories.company({ name: 'Elsewhere Pvt Ltd' });
    await h.t.factories.user({ role: 'employer', companyId: outsider.id, fullName: 'Not Ateammate' });
    await page.getByRole('link', { name: 'Team' }).click();
    await waitForPath(page, '/dashboard/team');
    await page.getByRole('heading', { name: text.teamTitle }).waitFor();
    await page.getByRole('button', { name: text.addTeamMember }).waitFor();
    for (const column of [text.teamName, text.teamRole, text.teamJoined, text.teamActions]) await page.getByRole('columnheader', { name: column }).waitFor();
    await page.getByRole('cell', { name: /^Kavya Menon/ }).waitFor();
    await page.getByRole('cell', { name: /^Arjun Rao/ }).waitFor();
    // Company roles (issue 13): the first user is the owner; a teammate has the role given.
    await page.getByRole('row', { name: /Kavya Menon/ }).getByRole('cell', { name: 'Owner', exact: true }).waitFor();
    await page.getByRole('row', { name: /Arjun Rao/ }).getByRole('cell', { name: 'Recruiter', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: text.manage }).count()).toBe(2);
    expect(await page.getByText('Not Ateammate').count()).toBe(0);
    await screenshot(page, 'dashboard-team');
  });

  it('explains a taken company name and leaves the dialog open', async () => {
    await h.t.factories.company({ name: 'Lotus Analytics' });
    const employer = await h.t.factories.user({ role: 'employer', password: PASSWORD });
    const { page, expectConsoleError } = await h.open('/auth');
    expectConsoleError({ status: 409, path: '/api/profile/complete' });
    await submitSignIn(page, employer.email, PASSWORD);
    await waitForPath(page, '/dashboard');
    const dialog = page.getByRole('dialog', { name: text.completeProfileTitle });
    await dialog.getByLabel(text.companyNameLabel).fill('lotus analytics');
    await dialog.getByLabel(text.industryLabel).selectOption('Finance');
    await dialog.getByLabel(text.positionLabel).fill('Recruiter');
    await dialog.getByRole('button', { name: text.completeProfile }).click();
    await waitForToast(page, text.profileUpdateFailed);
    await dialog.getByText(text.companyNameTaken.replace('{name}', 'lotus analytics')).first().waitFor();
    expect(await dialog.isVisible()).toBe(true);
    // Closable: the dialog goes, and the page still shows the way forward.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('getting-started').getByRole('button', { name: text.completeProfileTitle }).waitFor();
  });

  // Issue 33 C5: the phone's menu ignored Escape.
  it('closes the phone menu with Escape and gives the focus back to the menu button; at 1280 px the sidebar needs no menu', async () => {
    const company = await h.t.factories.company({ name: 'Narmada Textiles' });
    const employer = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD });
    const { page } = await h.openSignedIn(employer.email, PASSWORD);
    await page.getByRole('heading', { name: text.title }).waitFor();
    const menuButton = page.getByRole('button', { name: messages.shell.openMenu });
    expect(await menuButton.isVisible()).toBe(false);

    await page.setViewportSize({ width: 375, height: 812 });
    await menuButton.click();
    const menu = page.locator('#mobile-nav');
    await menu.getByRole('link', { name: 'Jobs' }).waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    // The open menu has the focus (its Close button), so the keyboard starts inside it.
    await expect.poll(() => menu.getByRole('button', { name: messages.shell.closeMenu }).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-menu-375');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menuButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoSidewaysScroll(page);
  });
});
