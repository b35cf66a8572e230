import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import type { PendingNotifications } from '../../shared/schemas/notifications.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.team;
const PASSWORD = 'Nilgiri-Tea-Estate-2026';

/**
 * Issue 33 B8: team changes were silent. The person a change is about is emailed (through the
 * outbox, in the change's transaction): on removal, on a role change, and both owners on a
 * transfer. A removed member reads why on their next sign-in, and nobody else can.
 */
describe.skipIf(laneUnavailable)('team changes tell the person they are about', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.84.${Math.floor(++ip / 250) % 250}.${ip % 250}`;
  const db = () => t.database.db;
  const call = (jar: CookieJar, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: jar.header }, ...(payload ? { payload } : {}), remoteAddress: nextIp() });
  // About the company (every team change names it): a sign-in's own security mail is not counted.
  const mailsTo = (email: string) =>
    db().selectFrom('outbox_messages').select(['subject', 'body_text', 'body_html']).where('recipient', '=', email).where('subject', 'like', `%${company.name}%`).orderBy('created_at').execute();

  let company: { id: string; name: string };
  const people: Record<'owner' | 'admin' | 'recruiter' | 'interviewer', { id: string; email: string; jar: CookieJar }> = {} as never;

  beforeAll(async () => {
    t = await createTestApp();
    company = await t.factories.company({ name: 'Kaveri Hospitality Pvt Ltd' });
    const names = { owner: 'Rahul Verma', admin: 'Anjali Bose', recruiter: 'Priya Sharma', interviewer: 'Suresh Nair' } as const;
    for (const role of ['owner', 'admin', 'recruiter', 'interviewer'] as const) {
      const user = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: role, fullName: names[role], password: PASSWORD });
      people[role] = { id: user.id, email: user.email, jar: await signIn(t.app, user.email, PASSWORD, nextIp()) };
    }
  });
  afterAll(async () => t?.close());

  it('emails a member whose role changed: from what to what, by whom; nobody else', async () => {
    const before = await db().selectFrom('outbox_messages').select('id').execute();
    const response = await call(people.admin.jar, 'PATCH', `/api/team/members/${people.recruiter.id}`, { company_role: 'interviewer' });
    expect(response.statusCode, response.body).toBe(200);
    const mails = await mailsTo(people.recruiter.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your role at ${company.name} is now Interviewer`);
    expect(mails[0]!.body_text).toContain(`Anjali Bose changed your role at ${company.name} on WorkCred from Recruiter to Interviewer.`);
    expect((await db().selectFrom('outbox_messages').select('id').execute()).length).toBe(before.length + 1);
    // Saving the same role again changes nothing and sends nothing.
    await call(people.admin.jar, 'PATCH', `/api/team/members/${people.recruiter.id}`, { company_role: 'interviewer' });
    expect(await mailsTo(people.recruiter.email)).toHaveLength(1);
    // A refused change sends nothing either.
    const refused = await call(people.admin.jar, 'PATCH', `/api/team/members/${people.owner.id}`, { company_role: 'recruiter' });
    expect(refused.statusCode).toBe(403);
    expect(await mailsTo(people.owner.email)).toHaveLength(0);
  });

  it('emails a removed member and leaves them a notice for their next sign-in, readable by them alone', async () => {
    const response = await call(people.owner.jar, 'DELETE', `/api/team/members/${people.interviewer.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const notice = fill(text.removedNotice, { company: company.name, actor: 'Rahul Verma' });
    const mails = await mailsTo(people.interviewer.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`You were removed from ${company.name} on WorkCred`]);
    expect(mails[0]!.body_text).toContain(notice);
    expect(mails[0]!.body_html).toContain('You were removed from Kaveri Hospitality Pvt Ltd by Rahul Verma.');

    // Their sessions ended; signing in again, they are told why (once dismissed, it is gone).
    expect((await call(people.interviewer.jar, 'GET', '/api/notifications/unread')).statusCode).toBe(401);
    const again = await signIn(t.app, people.interviewer.email, PASSWORD, nextIp());
    const pending = (await call(again, 'GET', '/api/notifications/unread')).json<PendingNotifications>();
    expect(pending.banners).toEqual([expect.objectContaining({ title: notice, message: fill(text.removedNoticeDetail, { company: company.name, actor: 'Rahul Verma' }) })]);
    // Nobody else gets it: not the company's members, not the person who removed them.
    for (const role of ['owner', 'admin'] as const) {
      const theirs = (await call(people[role].jar, 'GET', '/api/notifications/unread')).json<PendingNotifications>();
      expect(JSON.stringify(theirs)).not.toContain(notice);
    }
  });

  it('emails both owners on a transfer of ownership', async () => {
    const response = await call(people.owner.jar, 'POST', '/api/team/transfer-ownership', { user_id: people.admin.id, password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const toNew = await mailsTo(people.admin.email);
    const toOld = await mailsTo(people.owner.email);
    expect(toNew.map((mail) => mail.subject)).toEqual([`You are now an owner of ${company.name}`]);
    expect(toNew[0]!.body_text).toContain(`Rahul Verma made you an owner of ${company.name} on WorkCred`);
    expect(toOld.map((mail) => mail.subject)).toEqual([`You transferred ownership of ${company.name}`]);
    expect(toOld[0]!.body_text).toContain(`You made Anjali Bose an owner of ${company.name}`);
    // A wrong password transfers nothing and sends nothing.
    const wrong = await call(people.admin.jar, 'POST', '/api/team/transfer-ownership', { user_id: people.owner.id, password: 'Wrong-Password-123' });
    expect(wrong.statusCode).toBe(403);
    expect(await mailsTo(people.owner.email)).toHaveLength(1);
  });
});
