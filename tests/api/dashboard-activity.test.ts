import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardOverview } from '../../shared/schemas/dashboard.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

/** The dashboard's Recent Activity: what each entry is about, and the action in words (spec point 2). */
describe.skipIf(laneUnavailable)('employer dashboard: Recent Activity in /api/dashboard/overview', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.92.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const get = (url: string, jar: CookieJar) => t.app.inject({ method: 'GET', url, headers: { cookie: jar.header }, remoteAddress: nextIp() });
  const post = (url: string, payload: object, jar: CookieJar) => t.app.inject({ method: 'POST', url, payload, headers: { cookie: jar.header }, remoteAddress: nextIp() });

  async function member(role: 'employer' | 'candidate', companyId: string | null = null, fullName?: string) {
    const user = await t.factories.user({ role, companyId, fullName });
    return { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  // Issue 33 C5: entries said "job created · job posting" without naming the job.
  it('names what each entry is about, from the company’s own rows only', async () => {
    const { db } = t.database;
    const company = await t.factories.company({ name: 'Kaveri Robotics' });
    const owner = await member('employer', company.id, 'Kavya Menon');
    const created = await post('/api/jobs', { title: 'Robotics Engineer', description: 'Build the arms.' }, owner.jar);
    expect(created.statusCode, created.body).toBe(201);
    const job = created.json<{ id: string }>();
    const candidate = await t.factories.user({ role: 'candidate', fullName: 'Rohan Gupta' });
    const application = await t.factories.application(job.id, candidate.id);
    const companyB = await t.factories.company({ name: 'Basalt Fintech' });
    const elsewhere = await t.factories.job(companyB.id, { title: 'Basalt Secret Role' });
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const interview = await db
      .insertInto('interviews')
      .values({ application_id: application.id, company_id: company.id, scheduled_at: later(60 * 24), duration_minutes: 30, mode: 'video', location: 'https://meet.example.com/kaveri' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('admin_audit_logs')
      .values([
        { admin_id: candidate.id, company_id: company.id, action: 'application_received', entity_type: 'job_application', entity_id: application.id, created_at: later(1) },
        { admin_id: owner.id, company_id: company.id, action: 'interview_scheduled', entity_type: 'interview', entity_id: interview.id, created_at: later(5) },
        // A member since removed: the name the removal wrote is what is left of them.
        { admin_id: owner.id, company_id: company.id, action: 'team_member_removed', entity_type: 'user', entity_id: crypto.randomUUID(), details: JSON.stringify({ name: 'Arjun Rao' }), created_at: later(2) },
        // An entry pointing at another company's job names nothing.
        { admin_id: owner.id, company_id: company.id, action: 'job_updated', entity_type: 'job_posting', entity_id: elsewhere.id, created_at: later(3) },
        { admin_id: owner.id, company_id: company.id, action: 'odd_entry', entity_type: 'job_posting', entity_id: 'not-a-uuid', created_at: later(4) },
      ])
      .execute();
    const { recent_activity } = (await get('/api/dashboard/overview', owner.jar)).json<DashboardOverview>();
    const subjects = Object.fromEntries(recent_activity.map((entry) => [entry.action, entry.subject]));
    expect(subjects).toMatchObject({
      job_created: 'Robotics Engineer',
      application_received: 'Rohan Gupta for Robotics Engineer',
      interview_scheduled: 'Rohan Gupta for Robotics Engineer',
      team_member_removed: 'Arjun Rao',
      job_updated: null,
      odd_entry: null,
    });
    expect(JSON.stringify(recent_activity)).not.toContain('Basalt Secret Role');
  });

  // Review of issue 36: entries read "candidate tag added · job application", the raw action name.
  it('says each action in words: the timeline’s label for a tag added, the dashboard’s for a job, an unlabelled action in its own words', async () => {
    const company = await t.factories.company({ name: 'Tapti Textiles' });
    const owner = await member('employer', company.id, 'Farah Khan');
    const created = await post('/api/jobs', { title: 'Loom Supervisor', description: 'Run the night shift looms.' }, owner.jar);
    expect(created.statusCode, created.body).toBe(201);
    const candidate = await t.factories.user({ role: 'candidate', fullName: 'Vikram Singh' });
    const application = await t.factories.application(created.json<{ id: string }>().id, candidate.id);
    const tagged = await post(`/api/pipeline/applications/${application.id}/tags`, { tag: 'Night shift' }, owner.jar);
    expect(tagged.statusCode, tagged.body).toBe(201);
    // An action no label was written for yet.
    await t.database.db
      .insertInto('admin_audit_logs')
      .values({ admin_id: owner.id, company_id: company.id, action: 'loom_rota_published', entity_type: 'job_posting', created_at: new Date(Date.now() + 60_000) })
      .execute();

    const { recent_activity } = (await get('/api/dashboard/overview', owner.jar)).json<DashboardOverview>();
    const said = Object.fromEntries(recent_activity.map((entry) => [entry.action, entry.text]));
    expect(said).toMatchObject({
      candidate_tag_added: 'Tagged Night shift',
      job_created: 'Posted a job',
      loom_rota_published: 'Loom rota published',
    });
    const tag = recent_activity.find((entry) => entry.action === 'candidate_tag_added');
    expect(tag).toMatchObject({ actor_name: 'Farah Khan', entity_type: 'candidate', subject: 'Vikram Singh' });
    expect(recent_activity.every((entry) => !entry.text.includes('_'))).toBe(true);
  });
});
