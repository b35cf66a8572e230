import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import type { DashboardOverview } from '../../shared/schemas/dashboard.ts';
import { formatIst, istLocalToUtc, utcToIstLocal, type Interview, type InterviewConflict, type MyInterview, type SavedInterview } from '../../shared/schemas/interviews.ts';
import { scorecardsMessages } from '../../shared/messages/scorecards.ts';
import type { Scorecard } from '../../shared/schemas/scorecards.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const text = messages.interviews;
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** 'YYYY-MM-DDTHH:mm' in IST, `days` from today at the given IST wall time. */
const istAt = (days: number, time: string) => `${utcToIstLocal(new Date(Date.now() + days * DAY)).slice(0, 10)}T${time}`;

/** Unfolds an .ics and returns its content lines. */
const icsLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);

type Who = 'employerA' | 'teammateA' | 'employerB' | 'candidate' | 'otherCandidate' | 'anonymous';

describe.skipIf(laneUnavailable)('Interviews: /api/interviews', () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.74.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const users = {} as Record<Exclude<Who, 'anonymous'>, { id: string; email: string; fullName: string; jar: CookieJar }>;
  let companyA: { id: string; name: string };
  let companyB: { id: string; name: string };
  let jobA: { id: string; title: string };
  /** The candidate's open application to company A's job. */
  let applicationA: string;
  /** Another open application of company A (otherCandidate). */
  let applicationA2: string;
  let hiredApplication: string;
  let applicationB: string;

  const db = () => t.database.db;
  const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who === 'anonymous' ? {} : { cookie: users[who].jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  const counts = async () => ({
    interviews: Number((await db().selectFrom('interviews').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    outbox: Number((await db().selectFrom('outbox_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    audit: Number((await db().selectFrom('admin_audit_logs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  });
  const mailTo = (email: string) => db().selectFrom('outbox_messages').selectAll().where('recipient', '=', email).orderBy('id').execute();
  const schedule = (who: Who, body: Record<string, unknown>) =>
    call(who, 'POST', '/api/interviews', {
      application_id: applicationA,
      starts_at_ist: istAt(5, '10:30'),
      duration_minutes: 45,
      mode: 'video',
      location: 'https://meet.example.com/abc-defg',
      interviewer_ids: [users.teammateA.id],
      ...body,
    });
  async function scheduled(body: Record<string, unknown>): Promise<SavedInterview> {
    const response = await schedule('employerA', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const expectRefused = (response: LightMyRequestResponse, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toContain(message);
  };

  beforeAll(async () => {
    t = await createTestApp();
    companyA = await t.factories.company({ name: 'Amber Textiles' });
    companyB = await t.factories.company({ name: 'Basalt Fintech' });
    const person = async (key: Exclude<Who, 'anonymous'>, role: 'employer' | 'candidate', companyId: string | null, fullName: string) => {
      const user = await t.factories.user({ role, companyId, fullName });
      users[key] = { id: user.id, email: user.email, fullName, jar: await signIn(t.app, user.email, user.password, nextIp()) };
    };
    await person('employerA', 'employer', companyA.id, 'Anil Kapoor');
    await person('teammateA', 'employer', companyA.id, 'Tara Menon');
    await person('employerB', 'employer', companyB.id, 'Bina Das');
    await person('candidate', 'candidate', null, 'Priya Sharma');
    await person('otherCandidate', 'candidate', null, 'Rahul Verma');
    jobA = await t.factories.job(companyA.id, { title: 'Backend Engineer', expiresAt: new Date(Date.now() + 60 * DAY) });
    const jobB = await t.factories.job(companyB.id, { title: 'Fleet Manager', expiresAt: new Date(Date.now() + 60 * DAY) });
    applicationA = (await t.factories.application(jobA.id, users.candidate.id)).id;
    applicationA2 = (await t.factories.application(jobA.id, users.otherCandidate.id)).id;
    applicationB = (await t.factories.application(jobB.id, users.candidate.id)).id;
    const hiredJob = await t.factories.job(companyA.id, { title: 'Data Analyst', expiresAt: new Date(Date.now() + 60 * DAY) });
    hiredApplication = (await t.factories.application(hiredJob.id, users.otherCandidate.id)).id;
    await db().updateTable('job_applications').set({ status: 'hired' }).where('id', '=', hiredApplication).execute();
  });
  afterAll(async () => t?.close());

  describe('scheduling, rescheduling and cancelling', () => {
    let interview: SavedInterview;
    const startsAt = istAt(5, '00:30');

    it('schedules in IST, stores UTC, moves the application to interview and queues the invite and the reminder', async () => {
      interview = await scheduled({ starts_at_ist: startsAt, interviewer_ids: [users.teammateA.id, users.employerA.id] });
      const start = istLocalToUtc(startsAt)!;
      expect(interview).toMatchObject({
        application_id: applicationA,
        job_title: 'Backend Engineer',
        candidate_name: 'Priya Sharma',
        scheduled_at: start.toISOString(),
        starts_at_ist: startsAt,
        starts_at_label: formatIst(start),
        duration_minutes: 45,
        mode: 'video',
        location: 'https://meet.example.com/abc-defg',
        status: 'scheduled',
        sequence: 0,
        conflicts: [],
      });
      expect(interview.interviewers.map((p) => p.full_name)).toEqual(['Anil Kapoor', 'Tara Menon']);
      // 00:30 IST is the previous day 19:00 UTC.
      expect(start.getUTCHours()).toBe(19);
      const row = await db().selectFrom('interviews').selectAll().where('id', '=', interview.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ company_id: companyA.id, created_by: users.employerA.id, status: 'scheduled', sequence: 0 });
      expect(new Date(row.scheduled_at!).toISOString()).toBe(start.toISOString());

      // The stage moved to interview, with a true history and an audit row.
      const application = await db().selectFrom('job_applications').select('status').where('id', '=', applicationA).executeTakeFirstOrThrow();
      expect(application.status).toBe('interview');
      const events = await db().selectFrom('application_stage_events').selectAll().where('application_id', '=', applicationA).execute();
      expect(events).toMatchObject([{ from_stage: 'received', to_stage: 'interview', actor_id: users.employerA.id }]);
      const audit = await db().selectFrom('admin_audit_logs').select(['action', 'company_id']).where('entity_id', 'in', [interview.id, applicationA]).execute();
      expect(audit.map((a) => a.action).sort()).toEqual(['application_stage_changed', 'interview_scheduled']);
      expect(audit.every((a) => a.company_id === companyA.id)).toBe(true);

      const mail = await mailTo(users.candidate.email);
      const invite = mail.find((m) => m.subject?.startsWith('Interview invitation'))!;
      expect(invite.subject).toBe('Interview invitation: Backend Engineer at Amber Textiles');
      expect(invite.body_text).toContain(formatIst(start));
      expect(invite.body_text).toMatch(/\w{3}, \d{1,2} \w{3} \d{4}, 12:30 AM IST/);
      expect(invite.attachments).toHaveLength(1);
      const [attachment] = invite.attachments!;
      expect(attachment).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=UTF-8' });
      const lines = icsLines(attachment!.content);
      expect(lines).toContain('METHOD:REQUEST');
      expect(lines).toContain(`UID:${interview.id}@workcred`);
      expect(lines).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
      expect(lines).toContain('SEQUENCE:0');
      expect(lines).toContain('DURATION:PT45M');
      expect(lines).toContain('SUMMARY:Interview: Backend Engineer at Amber Textiles');

      const reminder = mail.find((m) => m.dedupe_key === `interview-reminder:${interview.id}`)!;
      expect(reminder.status).toBe('pending');
      expect(new Date(reminder.next_attempt_at).toISOString()).toBe(new Date(start.getTime() - DAY).toISOString());
      expect(reminder.subject).toBe('Reminder: interview tomorrow with Amber Textiles');
    });

    it('sends each interviewer the same event, with the candidate and every interviewer as attendees', async () => {
      for (const who of ['teammateA', 'employerA'] as const) {
        // Only interview mail (a sign-up confirmation may have been sent before the factory dropped it).
        const mail = (await mailTo(users[who].email)).filter((m) => m.attachments);
        expect(mail.map((m) => m.subject)).toEqual(['Interview: Priya Sharma for Backend Engineer']);
        expect(mail[0]!.body_text).toContain(`Hello ${users[who].fullName}`);
        expect(mail[0]!.dedupe_key).toBeNull();
        const lines = icsLines(mail[0]!.attachments![0]!.content);
        expect(lines).toContain(`UID:${interview.id}@workcred`);
        expect(lines).toContain('METHOD:REQUEST');
        const attendees = lines.filter((line) => line.startsWith('ATTENDEE'));
        expect(attendees).toHaveLength(3);
        for (const person of [users.candidate, users.teammateA, users.employerA]) expect(attendees.some((line) => line.endsWith(`mailto:${person.email}`))).toBe(true);
      }
    });

    it('reschedules: SEQUENCE + 1, an updated invite with the same UID, the old reminder withdrawn and a new one queued', async () => {
      const newStart = istAt(6, '23:45');
      const response = await call('employerA', 'PATCH', `/api/interviews/${interview.id}`, { starts_at_ist: newStart, duration_minutes: 60 });
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<SavedInterview>();
      expect(updated).toMatchObject({ starts_at_ist: newStart, duration_minutes: 60, sequence: 1, status: 'scheduled' });

      const mail = await mailTo(users.candidate.email);
      const update = mail.find((m) => m.subject?.startsWith('Interview rescheduled'))!;
      const lines = icsLines(update.attachments![0]!.content);
      expect(lines).toContain(`UID:${interview.id}@workcred`);
      expect(lines).toContain('METHOD:REQUEST');
      expect(lines).toContain('SEQUENCE:1');
      expect(lines).toContain('DURATION:PT60M');
      expect(update.body_text).toContain('11:45 PM IST');
      const reminders = mail.filter((m) => m.dedupe_key === `interview-reminder:${interview.id}`);
      expect(reminders).toHaveLength(1);
      expect(new Date(reminders[0]!.next_attempt_at).getTime()).toBe(istLocalToUtc(newStart)!.getTime() - DAY);
      expect(await db().selectFrom('admin_audit_logs').select('action').where('entity_id', '=', interview.id).where('action', '=', 'interview_rescheduled').execute()).toHaveLength(1);
      // The interviewers' calendars move too.
      for (const who of ['teammateA', 'employerA'] as const) expect((await mailTo(users[who].email)).map((m) => m.subject)).toContain('Interview changed: Priya Sharma for Backend Engineer');
    });

    it('changing only the interviewers sends the candidate nothing, keeps the SEQUENCE and cancels the removed interviewer’s copy', async () => {
      const before = (await mailTo(users.candidate.email)).length;
      const keptBefore = (await mailTo(users.teammateA.email)).length;
      const response = await call('employerA', 'PATCH', `/api/interviews/${interview.id}`, { interviewer_ids: [users.teammateA.id] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Interview>()).toMatchObject({ sequence: 1, interviewers: [{ id: users.teammateA.id, full_name: 'Tara Menon' }] });
      expect((await mailTo(users.candidate.email)).length).toBe(before);
      expect((await mailTo(users.teammateA.email)).length).toBe(keptBefore);
      const removed = (await mailTo(users.employerA.email)).at(-1)!;
      expect(removed.subject).toBe('You are no longer interviewing Priya Sharma for Backend Engineer');
      const lines = icsLines(removed.attachments![0]!.content);
      expect(lines).toContain('METHOD:CANCEL');
      expect(lines).toContain(`UID:${interview.id}@workcred`);
      expect(lines.filter((line) => line.startsWith('ATTENDEE'))).toEqual([expect.stringMatching(new RegExp(`mailto:${users.employerA.email.replace(/[.]/g, '\\.')}$`))]);

      // Adding them back sends them the invite again, and still nothing to the candidate.
      const back = await call('employerA', 'PATCH', `/api/interviews/${interview.id}`, { interviewer_ids: [users.teammateA.id, users.employerA.id] });
      expect(back.statusCode, back.body).toBe(200);
      expect((await mailTo(users.employerA.email)).at(-1)!.subject).toBe('Interview: Priya Sharma for Backend Engineer');
      expect((await mailTo(users.candidate.email)).length).toBe(before);
    });

    it('queues the reminder 1 h before when the interview is less than a day away', async () => {
      const soon = utcToIstLocal(new Date(Date.now() + 5 * HOUR));
      const response = await call('employerA', 'PATCH', `/api/interviews/${interview.id}`, { starts_at_ist: soon });
      expect(response.statusCode, response.body).toBe(200);
      const reminders = (await mailTo(users.candidate.email)).filter((m) => m.dedupe_key === `interview-reminder:${interview.id}`);
      expect(reminders).toHaveLength(1);
      expect(new Date(reminders[0]!.next_attempt_at).getTime()).toBe(istLocalToUtc(soon)!.getTime() - HOUR);
      expect(reminders[0]!.subject).toBe('Reminder: interview in one hour with Amber Textiles');
    });

    it('cancels: status cancelled, SEQUENCE + 1, METHOD:CANCEL with STATUS:CANCELLED, reminder withdrawn', async () => {
      const response = await call('employerA', 'POST', `/api/interviews/${interview.id}/cancel`, { reason: 'The role was filled internally' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Interview>()).toMatchObject({ status: 'cancelled', sequence: 3, cancel_reason: 'The role was filled internally' });
      const mail = await mailTo(users.candidate.email);
      expect(mail.filter((m) => m.dedupe_key === `interview-reminder:${interview.id}`)).toEqual([]);
      const cancel = mail.find((m) => m.subject?.startsWith('Interview cancelled'))!;
      expect(cancel.body_text).toContain('Reason: The role was filled internally');
      expect(cancel.attachments![0]).toMatchObject({ filename: 'cancel.ics', contentType: 'text/calendar; method=CANCEL; charset=UTF-8' });
      const lines = icsLines(cancel.attachments![0]!.content);
      expect(lines).toContain('METHOD:CANCEL');
      expect(lines).toContain('STATUS:CANCELLED');
      expect(lines).toContain('SEQUENCE:3');
      expect(lines).toContain(`UID:${interview.id}@workcred`);
      for (const who of ['teammateA', 'employerA'] as const) {
        const last = (await mailTo(users[who].email)).at(-1)!;
        expect(last.subject).toBe('Interview cancelled: Priya Sharma for Backend Engineer');
        expect(icsLines(last.attachments![0]!.content)).toContain('STATUS:CANCELLED');
      }

      // A cancelled interview cannot change again.
      expectRefused(await call('employerA', 'POST', `/api/interviews/${interview.id}/cancel`, {}), 409, text.notScheduled);
      expectRefused(await call('employerA', 'PATCH', `/api/interviews/${interview.id}`, { duration_minutes: 30 }), 409, text.notScheduled);
    });
  });

  describe('conflicts', () => {
    it('answers 409 with the conflicts and saves nothing; allow_conflicts schedules and lists them', async () => {
      const first = await scheduled({ application_id: applicationA2, starts_at_ist: istAt(10, '11:00'), duration_minutes: 60, interviewer_ids: [users.teammateA.id] });
      const before = await counts();
      const clash = await schedule('employerA', { starts_at_ist: istAt(10, '11:30'), duration_minutes: 30, interviewer_ids: [users.employerA.id, users.teammateA.id] });
      expect(clash.statusCode, clash.body).toBe(409);
      const body = clash.json<{ code: string; message: string; conflicts: InterviewConflict[] }>();
      expect(body.code).toBe('INTERVIEW_CONFLICT');
      expect(body.conflicts).toEqual([
        { interviewer_id: users.teammateA.id, interviewer_name: 'Tara Menon', interview_id: first.id, scheduled_at: first.scheduled_at, starts_at_label: first.starts_at_label, duration_minutes: 60 },
      ]);
      expect(body.message).toBe(`Calendar conflict: Tara Menon has an interview at ${first.starts_at_label}. Schedule anyway?`);
      expect(await counts()).toEqual(before);

      const anyway = await scheduled({ starts_at_ist: istAt(10, '11:30'), duration_minutes: 30, interviewer_ids: [users.employerA.id, users.teammateA.id], allow_conflicts: true });
      expect(anyway.conflicts.map((c) => c.interview_id)).toEqual([first.id]);

      // Back to back is no conflict: [12:00, 12:30) starts when [11:00, 12:00) ends.
      expect((await scheduled({ starts_at_ist: istAt(10, '12:00'), duration_minutes: 30 })).conflicts).toEqual([]);
      // A reschedule is checked too (against the others, never itself).
      const moved = await call('employerA', 'PATCH', `/api/interviews/${anyway.id}`, { starts_at_ist: istAt(10, '11:15') });
      expect(moved.statusCode).toBe(409);
      const self = await call('employerA', 'PATCH', `/api/interviews/${first.id}`, { starts_at_ist: istAt(10, '10:30'), allow_conflicts: true });
      expect(self.statusCode, self.body).toBe(200);
      // Another company's interviews never conflict with (or show in) ours.
      const bInterview = await call('employerB', 'POST', '/api/interviews', {
        application_id: applicationB,
        starts_at_ist: istAt(10, '11:00'),
        duration_minutes: 60,
        mode: 'phone',
        location: '098765 43210',
        interviewer_ids: [users.employerB.id],
      });
      expect(bInterview.statusCode, bInterview.body).toBe(201);
      expect(bInterview.json<SavedInterview>()).toMatchObject({ conflicts: [], location: '+91 98765 43210', mode: 'phone' });
    });
  });

  describe('validation: 400 with the message, nothing written', () => {
    it.each([
      ['a time in the past', { starts_at_ist: istAt(-1, '10:00') }, text.startInPast],
      ['a time a minute ago', { starts_at_ist: utcToIstLocal(new Date(Date.now() - 60_000)) }, text.startInPast],
      ['an impossible date', { starts_at_ist: '2026-02-30T10:00' }, text.invalidStart],
      ['a UTC time', { starts_at_ist: '2030-01-01T10:00Z' }, text.invalidStart],
      ['an http link', { location: 'http://meet.example.com/x' }, text.invalidVideoLink],
      ['a non-link for video', { location: 'zoom' }, text.invalidVideoLink],
      ['a bad phone number', { mode: 'phone', location: '12345' }, text.invalidPhone],
      ['a too short address', { mode: 'in_person', location: 'HQ' }, text.addressTooShort],
      ['a duration of 10 minutes', { duration_minutes: 10 }, text.durationRange],
      ['a duration of 481 minutes', { duration_minutes: 481 }, text.durationRange],
      ['a fractional duration', { duration_minutes: 30.5 }, text.durationRange],
      ['no interviewers', { interviewer_ids: [] }, text.interviewersRequired],
      ['11 interviewers', { interviewer_ids: Array.from({ length: 11 }, (_, i) => `user-${i}`) }, text.tooManyInterviewers],
      ['an unknown mode', { mode: 'carrier_pigeon' }, text.modeRequired],
      ['a company_id in the body', { company_id: UNKNOWN_ID }, 'Unrecognized key'],
      ['a status in the body', { status: 'completed' }, 'Unrecognized key'],
    ])('refuses %s', async (_name, body, message) => {
      const before = await counts();
      expectRefused(await schedule('employerA', body), 400, message);
      expect(await counts()).toEqual(before);
    });

    it('refuses an interviewer from another company, a candidate and an unknown user as interviewers', async () => {
      for (const id of [users.employerB.id, users.candidate.id, 'no-such-user']) {
        const before = await counts();
        expectRefused(await schedule('employerA', { interviewer_ids: [users.teammateA.id, id] }), 400, text.interviewerNotInTeam);
        expect(await counts()).toEqual(before);
      }
    });

    it('refuses a closed application (409) and another company’s or an unknown application (404)', async () => {
      expectRefused(await schedule('employerA', { application_id: hiredApplication }), 409, text.applicationClosed);
      expectRefused(await schedule('employerA', { application_id: applicationB }), 404, text.applicationNotFound);
      expectRefused(await schedule('employerA', { application_id: UNKNOWN_ID }), 404, text.applicationNotFound);
    });

    it('refuses a reschedule with nothing to change, a new mode without its location, or a past time', async () => {
      const interview = await scheduled({ application_id: applicationA2, starts_at_ist: istAt(20, '09:00') });
      expectRefused(await call('employerA', 'PATCH', `/api/interviews/${interview.id}`, {}), 400, text.nothingToChange);
      expectRefused(await call('employerA', 'PATCH', `/api/interviews/${interview.id}`, { mode: 'phone' }), 400, text.locationRequired);
      expectRefused(await call('employerA', 'PATCH', `/api/interviews/${interview.id}`, { location: 'not a link' }), 400, text.invalidVideoLink);
      expectRefused(await call('employerA', 'PATCH', `/api/interviews/${interview.id}`, { starts_at_ist: istAt(-2, '09:00') }), 400, text.startInPast);
      const row = await db().selectFrom('interviews').select(['sequence', 'location']).where('id', '=', interview.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ sequence: 0, location: 'https://meet.example.com/abc-defg' });
      const inPerson = await call('employerA', 'PATCH', `/api/interviews/${interview.id}`, { mode: 'in_person', location: 'Floor 3, 12 MG Road, Bengaluru' });
      expect(inPerson.json<Interview>()).toMatchObject({ mode: 'in_person', location: 'Floor 3, 12 MG Road, Bengaluru', sequence: 1 });
    });
  });

  describe('scorecards', () => {
    let interview: SavedInterview;
    // The job has no template of its own: the default criteria (issue 36 §4).
    const criteria = [
      { name: 'Role skills', rating: 4 },
      { name: 'Communication', rating: 3 },
      { name: 'Problem solving', rating: 2 },
      { name: 'Culture add', rating: 3 },
    ];
    const put = (who: Who, body: object) => call(who, 'PUT', `/api/interviews/${interview.id}/scorecard`, { recommendation: 'yes', ...body });

    beforeAll(async () => {
      interview = await scheduled({ application_id: applicationA2, starts_at_ist: istAt(30, '15:00'), interviewer_ids: [users.teammateA.id] });
    });

    it('opens only when the interview has started', async () => {
      expectRefused(await put('teammateA', { criteria }), 409, text.scorecardTooEarly);
      await db().updateTable('interviews').set({ scheduled_at: new Date(Date.now() - HOUR) }).where('id', '=', interview.id).execute();
    });

    it('refuses a colleague who is not an interviewer (403), another company (404) and a candidate (403)', async () => {
      expectRefused(await put('employerA', { criteria }), 403, text.notAnInterviewer);
      expectRefused(await put('employerB', { criteria }), 404, text.notFound);
      expect((await put('candidate', { criteria })).statusCode).toBe(403);
      expect(await db().selectFrom('interview_scorecards').selectAll().where('interview_id', '=', interview.id).execute()).toEqual([]);
    });

    it.each([
      ['a criterion left out', { criteria: criteria.slice(0, 3) }, scorecardsMessages.criterionMissing.replace('{name}', 'Culture add')],
      ['a criterion not on the job', { criteria: [...criteria, { name: 'Ownership', rating: 1 }] }, scorecardsMessages.criterionUnknown.replace('{name}', 'Ownership')],
      ['a rating of 5', { criteria: [...criteria.slice(0, 3), { name: 'Culture add', rating: 5 }] }, scorecardsMessages.ratingRange],
      ['a rating of 0', { criteria: [...criteria.slice(0, 3), { name: 'Culture add', rating: 0 }] }, scorecardsMessages.ratingRange],
      ['a blank criterion', { criteria: [...criteria.slice(0, 3), { name: '  ', rating: 2 }] }, scorecardsMessages.criterionNameRequired],
      ['a 61-character criterion', { criteria: [...criteria.slice(0, 3), { name: 'x'.repeat(61), rating: 2 }] }, scorecardsMessages.criterionNameTooLong],
      ['no recommendation', { criteria, recommendation: undefined }, scorecardsMessages.recommendationRequired],
      ['notes over 5,000 characters', { criteria, notes: 'x'.repeat(5001) }, text.notesTooLong],
    ])('refuses %s (400)', async (_name, body, message) => {
      expectRefused(await put('teammateA', body), 400, message);
    });

    it('saves one scorecard per interviewer (PUT replaces) and shows them to company members only', async () => {
      const first = await put('teammateA', { criteria, notes: 'Strong on systems design.' });
      expect(first.statusCode, first.body).toBe(200);
      const changed = criteria.map((c) => ({ ...c, rating: 4 }));
      const second = await put('teammateA', { criteria: changed, recommendation: 'strong_yes', notes: '' });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json<Scorecard>()).toMatchObject({ id: first.json<Scorecard>().id, interviewer_name: 'Tara Menon', notes: null, recommendation: 'strong_yes', average_rating: 4 });
      expect(second.json<Scorecard>().criteria).toHaveLength(4);

      const list = await call('employerA', 'GET', `/api/interviews/${interview.id}/scorecards`);
      expect(list.statusCode).toBe(200);
      expect(list.json<{ scorecards: Scorecard[] }>().scorecards).toMatchObject([{ interviewer_id: users.teammateA.id, criteria: changed }]);
      expect((await call('employerB', 'GET', `/api/interviews/${interview.id}/scorecards`)).statusCode).toBe(404);
      const audit = await db().selectFrom('admin_audit_logs').select('action').where('entity_id', '=', interview.id).where('action', 'like', 'interview_scorecard%').orderBy('created_at').execute();
      expect(audit.map((a) => a.action)).toEqual(['interview_scorecard_submitted', 'interview_scorecard_updated']);
      expect((await call('employerA', 'GET', `/api/interviews/${interview.id}`)).json<Interview>().scorecard_count).toBe(1);
    });
  });

  describe('reading', () => {
    it('lists the company’s interviews by view, with IST strings next to UTC, and never another company’s', async () => {
      const upcoming = (await call('employerA', 'GET', '/api/interviews?view=upcoming')).json<{ interviews: Interview[] }>().interviews;
      expect(upcoming.length).toBeGreaterThan(2);
      const times = upcoming.map((i) => i.scheduled_at);
      expect(times).toEqual([...times].sort());
      expect(upcoming.every((i) => i.status === 'scheduled' && new Date(i.scheduled_at).getTime() > Date.now())).toBe(true);
      for (const i of upcoming) {
        expect(i.starts_at_ist).toBe(utcToIstLocal(i.scheduled_at));
        expect(i.starts_at_label).toMatch(/^\w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (AM|PM) IST$/);
      }
      const cancelled = (await call('employerA', 'GET', '/api/interviews?view=cancelled')).json<{ interviews: Interview[] }>().interviews;
      expect(cancelled.map((i) => i.status)).toEqual(['cancelled']);
      const past = (await call('employerA', 'GET', '/api/interviews?view=past')).json<{ interviews: Interview[] }>().interviews;
      expect(past).toHaveLength(1);
      const all = (await call('employerA', 'GET', '/api/interviews')).json<{ interviews: Interview[] }>().interviews;
      expect(all.length).toBe(upcoming.length + cancelled.length + past.length);
      expect(all.slice(0, upcoming.length).map((i) => i.id)).toEqual(upcoming.map((i) => i.id));
      expect(all.some((i) => i.application_id === applicationB)).toBe(false);

      const forApplication = (await call('employerA', 'GET', `/api/interviews?application_id=${applicationA}`)).json<{ interviews: Interview[] }>().interviews;
      expect(forApplication.length).toBeGreaterThan(0);
      expect(forApplication.every((i) => i.application_id === applicationA)).toBe(true);
      // another company's application answers an empty list, never its interviews
      expect((await call('employerA', 'GET', `/api/interviews?application_id=${applicationB}`)).json<{ interviews: Interview[] }>().interviews).toEqual([]);

      const from = new Date(Date.now() + 9 * DAY).toISOString();
      const to = new Date(Date.now() + 11 * DAY).toISOString();
      const windowed = (await call('employerA', 'GET', `/api/interviews?view=upcoming&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).json<{ interviews: Interview[] }>().interviews;
      expect(windowed.length).toBeGreaterThan(0);
      expect(windowed.every((i) => i.scheduled_at >= from && i.scheduled_at < to)).toBe(true);

      expectRefused(await call('employerA', 'GET', '/api/interviews?view=soon'), 400, 'view');
      expectRefused(await call('employerA', 'GET', '/api/interviews?limit=1000'), 400, 'limit');
      expectRefused(await call('employerA', 'GET', '/api/interviews?from=yesterday'), 400, 'from');
    });

    it('shows a candidate their own interviews only, in IST', async () => {
      const mine = (await call('candidate', 'GET', '/api/interviews/mine')).json<{ interviews: MyInterview[] }>().interviews;
      expect(mine.length).toBeGreaterThan(0);
      expect(new Set(mine.map((i) => i.company_name))).toEqual(new Set(['Amber Textiles', 'Basalt Fintech']));
      expect(mine.every((i) => i.job_title === 'Backend Engineer' || i.job_title === 'Fleet Manager')).toBe(true);
      expect(Object.keys(mine[0]!).sort()).toEqual(['cancel_reason', 'company_name', 'duration_minutes', 'id', 'job_title', 'location', 'mode', 'scheduled_at', 'starts_at_label', 'status']);
      const others = (await call('otherCandidate', 'GET', '/api/interviews/mine')).json<{ interviews: MyInterview[] }>().interviews;
      expect(others.some((i) => mine.some((m) => m.id === i.id))).toBe(false);
    });

    it('counts the company’s scheduled interviews on the overview', async () => {
      const scheduledCount = Number(
        (await db().selectFrom('interviews').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyA.id).where('status', '=', 'scheduled').executeTakeFirstOrThrow()).n,
      );
      const cancelledCount = Number(
        (await db().selectFrom('interviews').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyA.id).where('status', '=', 'cancelled').executeTakeFirstOrThrow()).n,
      );
      expect(cancelledCount).toBeGreaterThan(0);
      const overview = (await call('employerA', 'GET', '/api/dashboard/overview')).json<DashboardOverview>();
      expect(overview.interviews).toBe(scheduledCount);
      expect((await call('employerB', 'GET', '/api/dashboard/overview')).json<DashboardOverview>().interviews).toBe(1);
    });
  });

  describe('permissions', () => {
    let ownInterview: string;
    let otherInterview: string;
    interface Row {
      who: Who;
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      route: string;
      url: () => string;
      body?: () => object;
      status: number;
    }
    const interviewUrl = (suffix = '') => () => `/api/interviews/${ownInterview}${suffix}`;
    const otherUrl = (suffix = '') => () => `/api/interviews/${otherInterview}${suffix}`;
    const scheduleBody = (applicationId: () => string) => () => ({
      application_id: applicationId(),
      starts_at_ist: istAt(40, '10:00'),
      duration_minutes: 30,
      mode: 'in_person',
      location: '12 MG Road, Bengaluru',
      interviewer_ids: [users.teammateA.id],
    });
    const slotBody = () => ({ ...scheduleBody(() => applicationA)(), starts_at_ist: undefined, slots_ist: [istAt(41, '10:00')] });
    const UNKNOWN_OFFER = '00000000-0000-4000-8000-000000000000';
    const card = () => ({ criteria: [{ name: 'Role skills', rating: 1 }, { name: 'Communication', rating: 2 }, { name: 'Problem solving', rating: 3 }, { name: 'Culture add', rating: 3 }], recommendation: 'no' });
    const rows: Row[] = [
      { who: 'employerA', method: 'GET', route: '/api/interviews', url: () => '/api/interviews', status: 200 },
      { who: 'candidate', method: 'GET', route: '/api/interviews', url: () => '/api/interviews', status: 403 },
      { who: 'anonymous', method: 'GET', route: '/api/interviews', url: () => '/api/interviews', status: 401 },
      { who: 'candidate', method: 'GET', route: '/api/interviews/mine', url: () => '/api/interviews/mine', status: 200 },
      { who: 'employerA', method: 'GET', route: '/api/interviews/mine', url: () => '/api/interviews/mine', status: 403 },
      { who: 'anonymous', method: 'GET', route: '/api/interviews/mine', url: () => '/api/interviews/mine', status: 401 },
      { who: 'employerA', method: 'GET', route: '/api/interviews/:id', url: interviewUrl(), status: 200 },
      { who: 'teammateA', method: 'GET', route: '/api/interviews/:id', url: interviewUrl(), status: 200 },
      { who: 'employerB', method: 'GET', route: '/api/interviews/:id', url: interviewUrl(), status: 404 },
      { who: 'employerA', method: 'GET', route: '/api/interviews/:id', url: otherUrl(), status: 404 },
      { who: 'employerA', method: 'GET', route: '/api/interviews/:id', url: () => '/api/interviews/not-a-uuid', status: 400 },
      { who: 'candidate', method: 'GET', route: '/api/interviews/:id', url: interviewUrl(), status: 403 },
      { who: 'anonymous', method: 'GET', route: '/api/interviews/:id', url: interviewUrl(), status: 401 },
      { who: 'employerB', method: 'POST', route: '/api/interviews', url: () => '/api/interviews', body: scheduleBody(() => applicationA), status: 404 },
      { who: 'candidate', method: 'POST', route: '/api/interviews', url: () => '/api/interviews', body: scheduleBody(() => applicationA), status: 403 },
      { who: 'anonymous', method: 'POST', route: '/api/interviews', url: () => '/api/interviews', body: scheduleBody(() => applicationA), status: 401 },
      { who: 'employerA', method: 'POST', route: '/api/interviews', url: () => '/api/interviews', body: scheduleBody(() => applicationA), status: 201 },
      { who: 'employerB', method: 'PATCH', route: '/api/interviews/:id', url: interviewUrl(), body: () => ({ duration_minutes: 60 }), status: 404 },
      { who: 'candidate', method: 'PATCH', route: '/api/interviews/:id', url: interviewUrl(), body: () => ({ duration_minutes: 60 }), status: 403 },
      { who: 'anonymous', method: 'PATCH', route: '/api/interviews/:id', url: interviewUrl(), body: () => ({ duration_minutes: 60 }), status: 401 },
      { who: 'teammateA', method: 'PATCH', route: '/api/interviews/:id', url: interviewUrl(), body: () => ({ duration_minutes: 60 }), status: 200 },
      { who: 'employerB', method: 'GET', route: '/api/interviews/:id/scorecards', url: interviewUrl('/scorecards'), status: 404 },
      { who: 'candidate', method: 'GET', route: '/api/interviews/:id/scorecards', url: interviewUrl('/scorecards'), status: 403 },
      { who: 'anonymous', method: 'GET', route: '/api/interviews/:id/scorecards', url: interviewUrl('/scorecards'), status: 401 },
      { who: 'employerA', method: 'GET', route: '/api/interviews/:id/scorecards', url: interviewUrl('/scorecards'), status: 200 },
      { who: 'employerB', method: 'PUT', route: '/api/interviews/:id/scorecard', url: interviewUrl('/scorecard'), body: card, status: 404 },
      { who: 'candidate', method: 'PUT', route: '/api/interviews/:id/scorecard', url: interviewUrl('/scorecard'), body: card, status: 403 },
      { who: 'anonymous', method: 'PUT', route: '/api/interviews/:id/scorecard', url: interviewUrl('/scorecard'), body: card, status: 401 },
      { who: 'employerA', method: 'PUT', route: '/api/interviews/:id/scorecard', url: interviewUrl('/scorecard'), body: card, status: 403 },
      // A no-show (issue 36 §4): this interview has not started, and is not marked (interview-no-show.test.ts has the rest).
      { who: 'employerB', method: 'POST', route: '/api/interviews/:id/no-show', url: interviewUrl('/no-show'), body: () => ({}), status: 404 },
      { who: 'candidate', method: 'POST', route: '/api/interviews/:id/no-show', url: interviewUrl('/no-show'), body: () => ({}), status: 403 },
      { who: 'anonymous', method: 'POST', route: '/api/interviews/:id/no-show', url: interviewUrl('/no-show'), body: () => ({}), status: 401 },
      { who: 'employerA', method: 'POST', route: '/api/interviews/:id/no-show', url: () => '/api/interviews/not-a-uuid/no-show', body: () => ({}), status: 400 },
      { who: 'employerA', method: 'POST', route: '/api/interviews/:id/no-show', url: interviewUrl('/no-show'), body: () => ({}), status: 409 },
      { who: 'employerB', method: 'DELETE', route: '/api/interviews/:id/no-show', url: interviewUrl('/no-show'), status: 404 },
      { who: 'candidate', method: 'DELETE', route: '/api/interviews/:id/no-show', url: interviewUrl('/no-show'), status: 403 },
      { who: 'anonymous', method: 'DELETE', route: '/api/interviews/:id/no-show', url: interviewUrl('/no-show'), status: 401 },
      { who: 'employerA', method: 'DELETE', route: '/api/interviews/:id/no-show', url: interviewUrl('/no-show'), status: 409 },
      { who: 'employerB', method: 'POST', route: '/api/interviews/:id/cancel', url: interviewUrl('/cancel'), body: () => ({}), status: 404 },
      { who: 'candidate', method: 'POST', route: '/api/interviews/:id/cancel', url: interviewUrl('/cancel'), body: () => ({}), status: 403 },
      { who: 'anonymous', method: 'POST', route: '/api/interviews/:id/cancel', url: interviewUrl('/cancel'), body: () => ({}), status: 401 },
      { who: 'employerA', method: 'POST', route: '/api/interviews/:id/cancel', url: interviewUrl('/cancel'), body: () => ({}), status: 200 },
      // Self-scheduling (issue 36 §4; interview-slot-offers.test.ts has the rest).
      { who: 'anonymous', method: 'POST', route: '/api/interviews/slot-offers', url: () => '/api/interviews/slot-offers', body: slotBody, status: 401 },
      { who: 'candidate', method: 'POST', route: '/api/interviews/slot-offers', url: () => '/api/interviews/slot-offers', body: slotBody, status: 403 },
      { who: 'employerB', method: 'POST', route: '/api/interviews/slot-offers', url: () => '/api/interviews/slot-offers', body: slotBody, status: 404 },
      { who: 'anonymous', method: 'GET', route: '/api/interviews/slot-offers', url: () => `/api/interviews/slot-offers?application_id=${applicationA}`, status: 401 },
      { who: 'candidate', method: 'GET', route: '/api/interviews/slot-offers', url: () => `/api/interviews/slot-offers?application_id=${applicationA}`, status: 403 },
      { who: 'employerB', method: 'GET', route: '/api/interviews/slot-offers', url: () => `/api/interviews/slot-offers?application_id=${applicationA}`, status: 200 },
      { who: 'anonymous', method: 'POST', route: '/api/interviews/slot-offers/:id/withdraw', url: () => `/api/interviews/slot-offers/${UNKNOWN_OFFER}/withdraw`, status: 401 },
      { who: 'candidate', method: 'POST', route: '/api/interviews/slot-offers/:id/withdraw', url: () => `/api/interviews/slot-offers/${UNKNOWN_OFFER}/withdraw`, status: 403 },
      { who: 'employerB', method: 'POST', route: '/api/interviews/slot-offers/:id/withdraw', url: () => `/api/interviews/slot-offers/${UNKNOWN_OFFER}/withdraw`, status: 404 },
    ];

    beforeAll(async () => {
      ownInterview = (await scheduled({ application_id: applicationA2, starts_at_ist: istAt(50, '10:00') })).id;
      otherInterview = (await db().selectFrom('interviews').select('id').where('company_id', '=', companyB.id).executeTakeFirstOrThrow()).id;
    });

    for (const row of rows) {
      it(`${row.who} ${row.method} ${row.url.toString().includes('not-a-uuid') ? `${row.route} (bad id)` : row.route} → ${row.status}`, async () => {
        const before = row.status >= 400 ? await counts() : undefined;
        const sequenceBefore = ownInterview ? (await db().selectFrom('interviews').select('sequence').where('id', '=', ownInterview).executeTakeFirstOrThrow()).sequence : 0;
        const response = await call(row.who, row.method, row.url(), row.body?.());
        expect(response.statusCode, response.body).toBe(row.status);
        if (before) {
          expect(await counts()).toEqual(before);
          expect((await db().selectFrom('interviews').select('sequence').where('id', '=', ownInterview).executeTakeFirstOrThrow()).sequence).toBe(sequenceBefore);
        }
      });
    }

    it('has rows for every declared /api/interviews route, each tried anonymously and by another company or a candidate', () => {
      const declared = t.app.declaredRoutes.filter((route) => route.url === '/api/interviews' || route.url.startsWith('/api/interviews/'));
      const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
      const declaredKeys = [...new Set(declared.map(key))].sort();
      expect(declaredKeys.length).toBe(13);
      expect([...new Set(rows.map((row) => key({ method: row.method, url: row.route })))].sort()).toEqual(declaredKeys);
      for (const who of ['anonymous', 'candidate'] as const) {
        const tried = new Set(rows.filter((row) => row.who === who).map((row) => key({ method: row.method, url: row.route })));
        expect(declaredKeys.filter((k) => !tried.has(k))).toEqual([]);
      }
      expect(declared.every((route) => route.access === 'user')).toBe(true);
    });
  });
  describe('fuzzed bodies', () => {
    it('never answer 5xx on the interview routes, signed in as an employer of the company', async () => {
      const interviewId = (await db().selectFrom('interviews').select('id').where('company_id', '=', companyA.id).executeTakeFirstOrThrow()).id;
      const weird = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('\u0000', '__proto__', '2026-02-30T10:00', '9999-12-31T23:59', 'https://x.y/\u0000'));
      const field = fc.oneof(weird, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(weird, { maxLength: 12 }));
      const body = fc.oneof(
        fc.record(
          {
            application_id: fc.oneof(fc.constant(applicationA), fc.uuid(), weird),
            starts_at_ist: fc.oneof(fc.constant(istAt(15, '10:00')), weird),
            duration_minutes: fc.oneof(fc.integer({ min: -10, max: 1000 }), field),
            mode: fc.oneof(fc.constantFrom('video', 'phone', 'in_person'), weird),
            location: fc.oneof(fc.constantFrom('https://meet.example.com/x', '+91 98765 43210', '12 MG Road, Pune'), weird),
            interviewer_ids: fc.oneof(fc.constant([users.teammateA.id]), fc.array(weird, { maxLength: 12 })),
            criteria: fc.array(fc.record({ name: weird, rating: fc.oneof(fc.integer({ min: -1, max: 6 }), field) }), { maxLength: 7 }),
            recommendation: fc.oneof(fc.constantFrom('strong_no', 'no', 'yes', 'strong_yes'), field),
            notes: weird,
            reason: weird,
            allow_conflicts: fc.oneof(fc.boolean(), field),
          },
          { requiredKeys: [] },
        ),
        fc.jsonValue(),
      );
      const routes = [
        { method: 'POST', url: '/api/interviews' },
        { method: 'PATCH', url: `/api/interviews/${interviewId}` },
        { method: 'POST', url: `/api/interviews/${interviewId}/cancel` },
        { method: 'POST', url: `/api/interviews/${interviewId}/no-show` },
        { method: 'PUT', url: `/api/interviews/${interviewId}/scorecard` },
      ] as const;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...routes), body, async (route, payload) => {
          const response = await t.app.inject({
            method: route.method,
            url: route.url,
            headers: { cookie: users.teammateA.jar.header, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
            remoteAddress: nextIp(),
          });
          expect(response.statusCode, `${route.method} ${route.url} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(500);
        }),
        { numRuns: 150 },
      );
    });
  });
});
