import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { scorecardsMessages as text } from '../../shared/messages/scorecards.ts';
import { formatIst } from '../../shared/schemas/interviews.ts';
import { createFactories } from '../../server/dev/factories.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { scorecardCompany } from '../support/scorecard-company.ts';
import { startTwoInstances, type Instance } from '../support/two-instances.ts';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const rated = [
  { name: 'Role skills', rating: 3 },
  { name: 'Communication', rating: 4 },
  { name: 'Problem solving', rating: 3 },
  { name: 'Culture add', rating: 3 },
];

/**
 * Issue 36 §4: an interviewer whose scorecard is missing a day after the interview's start gets
 * one email and one in-app notice, and no more; one who submitted gets none, nor does anyone for a
 * cancelled or no-show interview. The app's clock is moved; the sweep is run, never waited for.
 */
describe.skipIf(laneUnavailable)('scorecard reminders', () => {
  let t: TestApp;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  let cast: Awaited<ReturnType<typeof scorecardCompany>>;
  const db = () => t.database.db;
  const remindersOf = (interviewId: string) => db().selectFrom('interview_scorecard_reminders').select('interviewer_id').where('interview_id', '=', interviewId).execute();
  const emailsTo = async (userId: string) => {
    const { email } = await db().selectFrom('user_profiles').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    return db().selectFrom('outbox_messages').select(['subject', 'body_text']).where('recipient', '=', email).where('subject', 'like', 'Your scorecard%').execute();
  };
  const noticesOf = (userId: string) => db().selectFrom('notifications').select(['title', 'message']).where('recipient_id', '=', userId).where('title', 'like', 'Scorecard missing%').execute();

  beforeAll(async () => {
    t = await createTestApp({}, { clock: now });
    cast = await scorecardCompany(t, now, '10.82');
  });
  afterAll(async () => t?.close());

  it('reminds the interviewer without a scorecard once, a day after the start; not before, not one who submitted', async () => {
    const interview = await cast.schedule(1);
    const cancelled = await cast.schedule(3);
    expect((await cast.call('owner', 'POST', `/api/interviews/${cancelled.id}/cancel`, {})).statusCode).toBe(200);
    const noShow = await cast.schedule(1, ['ivB']);
    offsetMs += 2 * HOUR;
    expect((await cast.call('owner', 'POST', `/api/interviews/${noShow.id}/no-show`, {})).statusCode).toBe(200);
    const saved = await cast.call('ivA', 'PUT', `/api/interviews/${interview.id}/scorecard`, { criteria: rated, recommendation: 'yes' });
    expect(saved.statusCode, saved.body).toBe(200);

    // 23 hours after the start: not yet.
    offsetMs += 22 * HOUR;
    await t.app.scorecardReminders.runOnce();
    expect(await remindersOf(interview.id)).toEqual([]);
    expect(await emailsTo(cast.users.ivB.id)).toEqual([]);

    // A day and a minute after: Suresh (no scorecard) is reminded, Deepa (submitted) is not.
    offsetMs += HOUR + MINUTE;
    await t.app.scorecardReminders.runOnce();
    expect(await remindersOf(interview.id)).toEqual([{ interviewer_id: cast.users.ivB.id }]);
    const values = { interviewer: 'Suresh Gowda', candidate: 'Farah Qureshi', job: 'Pump Design Engineer', time: formatIst(interview.scheduled_at), url: 'http://localhost:3000/dashboard/interviews' };
    expect(await emailsTo(cast.users.ivB.id)).toEqual([{ subject: fill(text.reminderSubject, values), body_text: fill(text.reminderText, values) }]);
    expect(await noticesOf(cast.users.ivB.id)).toEqual([{ title: fill(text.reminderNoticeTitle, values), message: fill(text.reminderNoticeMessage, values) }]);
    expect(await emailsTo(cast.users.ivA.id)).toEqual([]);
    expect(await noticesOf(cast.users.ivA.id)).toEqual([]);
    // Cancelled and no-show interviews remind nobody.
    expect(await remindersOf(cancelled.id)).toEqual([]);
    expect(await remindersOf(noShow.id)).toEqual([]);
    const audit = await db().selectFrom('admin_audit_logs').select(['entity_type', 'details']).where('action', '=', 'interview_scorecard_reminder_sent').where('entity_id', '=', interview.id).execute();
    expect(audit).toMatchObject([{ entity_type: 'interview' }]);

    // Exactly once: later passes send nothing more.
    offsetMs += 3 * HOUR;
    expect(await t.app.scorecardReminders.runOnce()).toBe(0);
    expect(await emailsTo(cast.users.ivB.id)).toHaveLength(1);
    expect(await noticesOf(cast.users.ivB.id)).toHaveLength(1);
  });
});

/** Two instances on one PostgreSQL sweeping at the same moment: each reminder is sent once (FOR UPDATE SKIP LOCKED and the reminder's key). */
describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('scorecard reminders across two instances', () => {
  let two: Awaited<ReturnType<typeof startTwoInstances>>;
  let a: Instance;
  let b: Instance;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    two = await startTwoInstances({}, { clocks: [now, now] });
    [a, b] = two.instances;
  });
  afterAll(async () => two?.close());

  it('sends each due reminder once', async () => {
    const factories = createFactories(a.app.auth, a.database);
    const cast = await scorecardCompany({ app: a.app, database: a.database, factories } as unknown as TestApp, now, '10.83');
    const interviews = [];
    for (let i = 0; i < 6; i += 1) interviews.push((await cast.schedule(1 + i / 10)).id);
    offsetMs += 26 * HOUR;
    const [sentByA, sentByB] = await Promise.all([a.app.scorecardReminders.runOnce(), b.app.scorecardReminders.runOnce()]);
    const rows = await a.database.db.selectFrom('interview_scorecard_reminders').select(['interview_id', 'interviewer_id']).where('interview_id', 'in', interviews).execute();
    // Six interviews, two interviewers each, none submitted: twelve reminders between the two instances.
    expect(rows).toHaveLength(12);
    expect(sentByA + sentByB).toBe(12);
    const emails = await a.database.db.selectFrom('outbox_messages').select('recipient').where('subject', 'like', 'Your scorecard%').execute();
    expect(emails).toHaveLength(12);
    expect(await a.database.db.selectFrom('notifications').select('id').where('title', 'like', 'Scorecard missing%').execute()).toHaveLength(12);
  });
});
