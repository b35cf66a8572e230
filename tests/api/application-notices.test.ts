import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { jobApplicationsMessages as text } from '../../shared/messages/job-applications.ts';
import type { NotificationsPage, PendingNotifications } from '../../shared/schemas/notifications.ts';
import type { CompanyRole } from '../../shared/permissions.ts';
import { waitForMessage } from '../support/outbox.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 33, B7: an application told nobody. Now, with the application and in its transaction:
 * the candidate's "application received" email (job, company, what happens next, the dashboard
 * link) and an in-app notice to the company's owners, admins and recruiters.
 */
describe.skipIf(laneUnavailable)('applying tells the candidate and the hiring team: POST /api/jobs/:jobId/applications', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.58.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const db = () => t.database.db;
  let company: { id: string; name: string };
  const team = {} as Record<CompanyRole | 'suspended' | 'elsewhere', { id: string; jar: CookieJar }>;

  async function member(key: keyof typeof team, companyId: string, companyRole: CompanyRole) {
    const user = await t.factories.user({ role: 'employer', companyId, companyRole });
    team[key] = { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  async function newCandidate(fullName: string) {
    const user = await t.factories.user({ role: 'candidate', fullName });
    await t.factories.candidateProfile(user.id);
    return { ...user, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  const apply = (jobId: string, jar: CookieJar) =>
    t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/applications`, headers: { cookie: jar.header, 'content-type': 'application/json' }, payload: {}, remoteAddress: nextIp() });
  const queuedTo = (email: string) => db().selectFrom('outbox_messages').select(['subject', 'body_text', 'reply_to']).where('recipient', '=', email).where('subject', 'like', 'Application received%').execute();
  const noticesOf = (recipientId: string) => db().selectFrom('notifications').select(['title', 'message', 'type']).where('recipient_id', '=', recipientId).execute();

  beforeAll(async () => {
    t = await createTestApp();
    company = await t.factories.company({ name: 'Kaveri Logistics' });
    await member('owner', company.id, 'owner');
    await member('admin', company.id, 'admin');
    await member('recruiter', company.id, 'recruiter');
    await member('interviewer', company.id, 'interviewer');
    await member('suspended', company.id, 'recruiter');
    await db().updateTable('user_profiles').set({ suspended_at: new Date() }).where('id', '=', team.suspended.id).execute();
    const other = await t.factories.company({ name: 'Other Co' });
    await member('elsewhere', other.id, 'owner');
    await db().updateTable('companies').set({ reply_to_email: 'hiring@kaveri.example.in' }).where('id', '=', company.id).execute();
  });
  afterAll(async () => t?.close());

  it('emails the candidate and notifies owners, admins and recruiters, once per application', async () => {
    const job = await t.factories.job(company.id, { title: 'Fleet Supervisor', expiresAt: new Date(Date.now() + 30 * DAY) });
    const candidate = await newCandidate('Ritu Sharma');
    const response = await apply(job.id, candidate.jar);
    expect(response.statusCode, response.body).toBe(201);

    // Sent through the outbox (the file is what the mail provider got).
    const mail = await waitForMessage(t.dataDir, (m) => m.to === candidate.email && m.subject === fill(text.receivedEmail.subject, { title: 'Fleet Supervisor', company: 'Kaveri Logistics' }), 'the application received email');
    expect(mail.text).toContain('Hello Ritu Sharma,');
    expect(mail.text).toContain('Fleet Supervisor at Kaveri Logistics');
    expect(mail.text).toContain('What happens next');
    expect(mail.text).toContain('http://localhost:3000/dashboard');
    expect(mail.replyTo).toBe('hiring@kaveri.example.in');

    const expected = { type: 'toast', title: fill(text.teamNotice.title, { title: 'Fleet Supervisor' }), message: fill(text.teamNotice.message, { candidate: 'Ritu Sharma', title: 'Fleet Supervisor' }) };
    for (const who of ['owner', 'admin', 'recruiter'] as const) expect({ who, notices: await noticesOf(team[who].id) }).toEqual({ who, notices: [expected] });
    for (const who of ['interviewer', 'suspended', 'elsewhere'] as const) expect({ who, notices: await noticesOf(team[who].id) }).toEqual({ who, notices: [] });

    // The recruiter's bell and pending toasts have it.
    const pending = await t.app.inject({ method: 'GET', url: '/api/notifications/unread', headers: { cookie: team.recruiter.jar.header }, remoteAddress: nextIp() });
    expect(pending.json<PendingNotifications>().toasts.map((n) => n.title)).toEqual([expected.title]);
    const bell = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: team.owner.jar.header }, remoteAddress: nextIp() });
    expect(bell.json<NotificationsPage>().items.map((n) => n.message)).toEqual([expected.message]);

    // Applying again (double click, retry): already applied, nothing more sent.
    expect((await apply(job.id, candidate.jar)).json()).toMatchObject({ status: 'already_applied' });
    expect(await queuedTo(candidate.email)).toHaveLength(1);
    expect(await noticesOf(team.recruiter.id)).toHaveLength(1);
  });

  it('sends nothing when the application is refused at the end of its transaction (listing full)', async () => {
    const full = await t.factories.company({ name: 'Full Listing Co' });
    const owner = await t.factories.user({ role: 'employer', companyId: full.id, companyRole: 'owner' });
    await db().updateTable('company_subscriptions').set({ plan: 'enterprise', status: 'active', period_ends_at: new Date(Date.now() + 30 * DAY), custom_applications: 1 }).where('company_id', '=', full.id).execute();
    const job = await t.factories.job(full.id, { title: 'Warehouse Lead' });
    const first = await newCandidate('Arun Pillai');
    const late = await newCandidate('Sana Qureshi');
    expect((await apply(job.id, first.jar)).statusCode).toBe(201);
    const refused = await apply(job.id, late.jar);
    expect(refused.statusCode).toBe(409);
    expect(await queuedTo(late.email)).toEqual([]);
    expect((await noticesOf(owner.id)).map((n) => n.message)).toEqual([fill(text.teamNotice.message, { candidate: 'Arun Pillai', title: 'Warehouse Lead' })]);
  });

  it('keeps a long title within the notice limits instead of failing the application', async () => {
    const job = await t.factories.job(company.id, { title: 'T'.repeat(200), expiresAt: new Date(Date.now() + 30 * DAY) });
    const candidate = await newCandidate('Meena Das');
    expect((await apply(job.id, candidate.jar)).statusCode).toBe(201);
    const [notice] = (await noticesOf(team.owner.id)).filter((n) => n.message.startsWith('Meena Das'));
    expect(notice?.title.length).toBe(200);
    expect(notice?.title.endsWith('…')).toBe(true);
  });
});
