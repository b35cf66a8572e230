import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { PipelineStage } from '../../shared/schemas/pipeline.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { downloadedBytes, screenshot, startBrowserHarness, type BrowserHarness } from '../support/browser.ts';
import { expectNoSidewaysScroll } from '../support/layout.ts';

const PASSWORD = 'Godavari-Funnel-Reports-71';
const text = messages.analytics;
const DAY = 24 * 60 * 60 * 1000;

/** Issue 17: an owner reads the hiring reports, filters them by job, downloads a table; an interviewer has none. */
describe('analytics (/dashboard/analytics)', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => h?.close());

  it('shows the funnel, sources, speed, jobs and checks with their tables, filters by job, and downloads CSV', { timeout: 120_000 }, async () => {
    const db = h.t.database.db;
    const company = await h.t.factories.company({ name: 'Godavari Agro Foods' });
    const owner = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner', password: PASSWORD, fullName: 'Lakshmi Narayanan' });
    const recruiter = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'recruiter', fullName: 'Prakash Iyer' });
    const interviewer = await h.t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'interviewer', password: PASSWORD });
    const packing = await h.t.factories.job(company.id, { title: 'Packing Line Supervisor', createdBy: recruiter.id });
    const quality = await h.t.factories.job(company.id, { title: 'Quality Analyst', createdBy: owner.id });
    const fair = await db.insertInto('recruitment_drives').values({ company_id: company.id, name: 'Nagpur job fair' }).returning('id').executeTakeFirstOrThrow();
    const start = Date.now() - 20 * DAY;
    // Posted a week before the first application; the first hire fills it 17 days after posting.
    await db.updateTable('job_postings').set({ created_at: new Date(start - 7 * DAY) }).where('company_id', '=', company.id).execute();
    const apply = async (jobId: string, name: string, source: 'direct' | 'drive', moves: PipelineStage[]) => {
      const candidate = await h.t.factories.user({ role: 'candidate', fullName: name });
      await h.t.factories.candidateProfile(candidate.id);
      const created = new Date(start);
      const row = await db
        .insertInto('job_applications')
        .values({ job_id: jobId, candidate_id: candidate.id, source, source_drive_id: source === 'drive' ? fair.id : null, created_at: created, stage_changed_at: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [index, stage] of moves.entries()) {
        await db.updateTable('job_applications').set({ status: stage, stage_changed_at: new Date(start + (index + 1) * 2 * DAY) }).where('id', '=', row.id).execute();
      }
    };
    await apply(packing.id, 'Sandeep Kulkarni', 'drive', ['screening', 'shortlisted', 'interview', 'offered', 'hired']);
    await apply(packing.id, 'Rekha Pillai', 'direct', ['screening', 'rejected']);
    await apply(quality.id, 'Mohit Agarwal', 'direct', []);

    const { page } = await h.openSignedIn(owner.email, PASSWORD);
    await page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: text.pageTitle, level: 2 }).waitFor();
    expect(await page.title()).toBe('Analytics · WorkCred');

    const funnel = page.getByRole('region', { name: text.funnel.title });
    const cells = (region: typeof funnel, row: string) => region.getByRole('row').filter({ has: page.getByRole('rowheader', { name: row, exact: true }) }).innerText();
    await funnel.getByRole('rowheader', { name: 'Received', exact: true }).waitFor();
    expect(await cells(funnel, 'Received')).toMatch(/Received\s+3\s+—/);
    expect(await cells(funnel, 'Screening')).toMatch(/Screening\s+2\s+66\.7%/);
    expect(await cells(funnel, 'Hired')).toMatch(/Hired\s+1\s+100%/);
    expect(await cells(funnel, text.funnel.rejected)).toMatch(/Rejected\s+1/);

    const sources = page.getByRole('region', { name: text.sources.title });
    await sources.getByRole('rowheader', { name: 'Drive: Nagpur job fair' }).waitFor();
    expect(await cells(sources, 'Drive: Nagpur job fair')).toMatch(/1\s+1\s+1\s+100%/);
    // Issue 33 C5: the pipeline's name for the source ("Direct"), not a second one ("Job board").
    expect(text.sources.labels.direct).toBe(messages.pipeline.sourceLabels.direct);
    expect(await cells(sources, 'Direct')).toMatch(/2\s+0\s+0\s+0%/);

    const speed = page.getByRole('region', { name: text.speed.title });
    expect(await cells(speed, text.speed.daysToHire)).toMatch(/Days to hire\s+10\s+10\s+1/);
    expect(await cells(speed, text.speed.timeToFill)).toMatch(/Time to fill\s+17\s+17\s+1/);

    const jobs = page.getByRole('region', { name: text.jobs.title });
    expect(await cells(jobs, 'Packing Line Supervisor')).toMatch(/Prakash Iyer\s+2/);

    await page.getByRole('region', { name: text.verification.title }).getByText(text.verification.none).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-1280');

    // Filtered to one job: the funnel is that job's, and the address keeps the filter.
    await page.getByLabel(text.jobLabel, { exact: true }).selectOption({ label: 'Quality Analyst' });
    await page.waitForURL((url) => url.searchParams.get('job') === quality.id);
    await expect.poll(() => cells(funnel, 'Received')).toMatch(/Received\s+1\s/);
    expect(await cells(funnel, 'Screening')).toMatch(/Screening\s+0\s+0%/);

    // Download CSV: the table as a file.
    const download = page.waitForEvent('download');
    await funnel.getByRole('button', { name: `${text.downloadCsv}: ${text.funnel.title}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^workcred-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-funnel\.csv$/);
    const csv = (await downloadedBytes(file)).toString('utf8');
    expect(csv.replace('\uFEFF', '').split('\r\n').slice(0, 3)).toEqual(['Stage,Reached,From previous stage', 'Received,1,', 'Screening,0,0%']);

    // A custom range out of order is refused on the page, naming the problem.
    await page.goto('/dashboard/analytics?range=custom&from=2026-10-10&to=2026-10-01');
    await page.getByRole('alert').filter({ hasText: text.rangeOrder }).waitFor();

    await page.goto('/dashboard/analytics?range=last12');
    await funnel.getByRole('rowheader', { name: 'Received', exact: true }).waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSidewaysScroll(page);
    // Issue 33 C5: at 375 px a table showed its first column only. Each row is a block whose figures
    // sit beside their column's name, all within the screen.
    const drive = sources.getByRole('list', { name: text.sources.title }).getByRole('listitem').filter({ hasText: 'Drive: Nagpur job fair' });
    expect((await drive.innerText()).replace(/\s+/g, ' ')).toBe('Drive: Nagpur job fair Applications 1 Shortlisted 1 Hired 1 Hired of applications 100%');
    for (const box of await Promise.all((await drive.locator('dt, dd').all()).map((cell) => cell.boundingBox()))) {
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    expect(await sources.getByRole('group', { name: text.sources.title }).isVisible()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // An interviewer has no Analytics entry, and the page says why; the server refuses the reports.
    const other = await h.openSignedIn(interviewer.email, PASSWORD, '/dashboard/interviews');
    await other.page.getByRole('navigation').getByRole('link', { name: 'Interviews' }).first().waitFor();
    expect(await other.page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).count()).toBe(0);
    await other.page.goto('/dashboard/analytics');
    // Issue 33 B6: the screen says who may open it (the dashboard's one refusal for every screen).
    await other.page.getByTestId('screen-refused').getByText(messages.team.screenNotForRoleTitle).waitFor();
    expect((await other.page.request.get('/api/analytics/funnel?from=2026-10-01&to=2026-10-31')).status()).toBe(403);
  });
});
