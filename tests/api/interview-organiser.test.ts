import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToIstLocal, type SavedInterview } from '../../shared/schemas/interviews.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/** One content line of an .ics read as a calendar reads it: its name, its parameters and its value. */
interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** Unfolds an .ics (RFC 5545 3.1) and parses each line, honouring quoted parameter values. */
function parseIcs(ics: string): IcsProperty[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const parts: string[] = [];
      let current = '';
      let quoted = false;
      let i = 0;
      for (; i < line.length; i += 1) {
        const char = line[i]!;
        if (char === '"') quoted = !quoted;
        if (!quoted && (char === ';' || char === ':')) {
          parts.push(current);
          current = '';
          if (char === ':') break;
          continue;
        }
        current += char;
      }
      const [name, ...params] = parts;
      return {
        name: name!,
        params: Object.fromEntries(params.map((param) => [param.slice(0, param.indexOf('=')).toUpperCase(), param.slice(param.indexOf('=') + 1).replace(/^"|"$/g, '')])),
        value: line.slice(i + 1),
      };
    });
}

/**
 * Issue 33, C4: the invite's ORGANIZER was the no-reply sender while every attendee was asked to
 * RSVP, so calendar answers went nowhere. The organiser is the member who scheduled the interview,
 * on every version of it, and every email about it answers to them.
 */
describe.skipIf(laneUnavailable)('Interview invites: the organiser is the scheduling member', () => {
  let t: TestApp;
  const people = {} as Record<'scheduler' | 'colleague' | 'candidate', { id: string; email: string; jar: CookieJar }>;
  let applicationId: string;
  let ip = 0;
  const call = (who: 'scheduler' | 'colleague', method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: people[who].jar.header }, remoteAddress: `10.91.0.${++ip}` });
  const mailTo = (email: string) => t.database.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', email).orderBy('id').execute();
  const eventOf = (mail: { attachments: { content: string }[] | null }) => parseIcs(mail.attachments![0]!.content);

  beforeAll(async () => {
    t = await createTestApp();
    const company = await t.factories.company({ name: 'Nilgiri Tea Estates' });
    const person = async (key: keyof typeof people, fullName: string, companyId: string | null) => {
      const user = await t.factories.user({ role: companyId ? 'employer' : 'candidate', companyId, fullName, ...(key === 'colleague' ? { companyRole: 'recruiter' as const } : {}) });
      people[key] = { id: user.id, email: user.email, jar: await signIn(t.app, user.email, user.password, `10.90.0.${++ip}`) };
    };
    await person('scheduler', 'Kavitha Rao', company.id);
    await person('colleague', 'Imran Qureshi', company.id);
    await person('candidate', 'Deepa Nair', null);
    const job = await t.factories.job(company.id, { title: 'Tea Taster', expiresAt: new Date(Date.now() + 30 * DAY) });
    applicationId = (await t.factories.application(job.id, people.candidate.id)).id;
    // Three sign-ins (argon2) on a shared 2-core machine.
  }, 180_000);
  afterAll(async () => t?.close());

  it('names the scheduler as ORGANIZER (sent by the no-reply address), asks the others to answer, and sets reply-to on every email', async () => {
    const response = await call('scheduler', 'POST', '/api/interviews', {
      application_id: applicationId,
      starts_at_ist: `${utcToIstLocal(new Date(Date.now() + 4 * DAY)).slice(0, 10)}T11:00`,
      duration_minutes: 30,
      mode: 'video',
      location: 'https://meet.example.com/tea-taster',
      interviewer_ids: [people.colleague.id, people.scheduler.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const interview = response.json<SavedInterview>();

    const invite = (await mailTo(people.candidate.email)).find((m) => m.attachments)!;
    const event = eventOf(invite);
    const organiser = event.find((p) => p.name === 'ORGANIZER')!;
    expect(organiser.value.toLowerCase()).toBe(`mailto:${people.scheduler.email}`);
    expect(organiser.params.CN).toBe('Kavitha Rao');
    expect(organiser.params['SENT-BY']).toBe('MAILTO:no-reply@workcred.in');
    const attendees = new Map(event.filter((p) => p.name === 'ATTENDEE').map((p) => [p.value.replace(/^mailto:/i, ''), p.params]));
    expect(attendees.get(people.candidate.email)).toMatchObject({ RSVP: 'TRUE', PARTSTAT: 'NEEDS-ACTION' });
    expect(attendees.get(people.colleague.email)).toMatchObject({ RSVP: 'TRUE', PARTSTAT: 'NEEDS-ACTION' });
    // The organiser does not answer their own invite.
    expect(attendees.get(people.scheduler.email)).toMatchObject({ RSVP: 'FALSE', PARTSTAT: 'ACCEPTED' });

    const interviewMail = [...(await mailTo(people.candidate.email)), ...(await mailTo(people.colleague.email))].filter((m) => m.attachments || m.dedupe_key?.startsWith('interview-reminder:'));
    expect(interviewMail.length).toBeGreaterThanOrEqual(3); // invite, reminder, colleague's invite
    for (const mail of interviewMail) expect(mail.reply_to).toBe(people.scheduler.email);

    // A colleague's reschedule and cancel keep the same organiser: one event, one organiser.
    const moved = await call('colleague', 'PATCH', `/api/interviews/${interview.id}`, { duration_minutes: 45 });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await call('colleague', 'POST', `/api/interviews/${interview.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const later = (await mailTo(people.candidate.email)).filter((m) => m.attachments).slice(1);
    expect(later.map((m) => m.subject?.split(':')[0])).toEqual(['Interview rescheduled', 'Interview cancelled']);
    for (const mail of later) {
      expect(eventOf(mail).find((p) => p.name === 'ORGANIZER')!.value.toLowerCase()).toBe(`mailto:${people.scheduler.email}`);
      expect(mail.reply_to).toBe(people.scheduler.email);
    }
  });
});
