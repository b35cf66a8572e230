import { describe, expect, it } from 'vitest';
import { formatIst, istLocalToUtc, locationProblem, scheduleInterviewBodySchema, utcToIstLocal } from '../../shared/schemas/interviews.ts';
import { scorecardBodySchema } from '../../shared/schemas/scorecards.ts';
import { addressOf, buildInterviewIcs, interviewUid, reminderTime } from '../../server/features/interviews/interview-ics.ts';

describe('IST wall time ⇄ UTC', () => {
  it.each([
    // Just after midnight in India is still the previous evening in UTC.
    ['2026-11-23T00:30', '2026-11-22T19:00:00.000Z'],
    ['2026-11-23T00:00', '2026-11-22T18:30:00.000Z'],
    ['2026-11-23T05:29', '2026-11-22T23:59:00.000Z'],
    ['2026-11-23T05:30', '2026-11-23T00:00:00.000Z'],
    ['2026-11-23T10:30', '2026-11-23T05:00:00.000Z'],
    ['2026-11-23T23:45', '2026-11-23T18:15:00.000Z'],
    // New Year's Eve: 1 Jan 00:15 IST is 31 Dec UTC.
    ['2027-01-01T00:15', '2026-12-31T18:45:00.000Z'],
    ['2028-02-29T12:00', '2028-02-29T06:30:00.000Z'],
  ])('%s IST is %s', (local, utc) => {
    const instant = istLocalToUtc(local);
    expect(instant?.toISOString()).toBe(utc);
    expect(utcToIstLocal(instant!)).toBe(local);
  });

  it.each(['2026-02-30T10:00', '2026-11-31T10:00', '2027-02-29T10:00', '2026-11-23T24:00', '2026-11-23T10:60', '2026-13-01T10:00', '2026-11-23 10:00', '2026-11-23T10:00Z', '2026-11-23', ''])(
    'refuses %j',
    (value) => {
      expect(istLocalToUtc(value)).toBeNull();
    },
  );

  it('shows times as "Mon, 23 Nov 2026, 10:30 AM IST"', () => {
    expect(formatIst(new Date('2026-11-23T05:00:00Z'))).toBe('Mon, 23 Nov 2026, 10:30 AM IST');
    expect(formatIst('2026-11-22T19:00:00.000Z')).toBe('Mon, 23 Nov 2026, 12:30 AM IST');
    expect(formatIst('2026-11-23T18:15:00Z')).toBe('Mon, 23 Nov 2026, 11:45 PM IST');
  });
});

describe('request rules', () => {
  const valid = {
    application_id: '7d8c7d3e-1f7e-4a41-9a57-0d1f3c1d2e3f',
    starts_at_ist: '2026-11-23T10:30',
    duration_minutes: 45,
    mode: 'video',
    location: 'https://meet.example.com/abc',
    interviewer_ids: ['u1'],
  };
  it('takes a valid schedule and refuses wrong ones with the message', () => {
    expect(scheduleInterviewBodySchema.safeParse(valid).success).toBe(true);
    const problems = (body: object) => scheduleInterviewBodySchema.safeParse({ ...valid, ...body }).error?.issues.map((i) => i.message);
    expect(problems({ location: 'http://meet.example.com/abc' })).toEqual(['Enter the video link as an https:// address']);
    expect(problems({ location: 'javascript:alert(1)' })).toEqual(['Enter the video link as an https:// address']);
    expect(problems({ duration_minutes: 10 })).toEqual(['Duration must be between 15 and 480 minutes']);
    expect(problems({ duration_minutes: 481 })).toEqual(['Duration must be between 15 and 480 minutes']);
    expect(problems({ interviewer_ids: [] })).toEqual(['Choose at least one interviewer']);
    expect(problems({ interviewer_ids: Array.from({ length: 11 }, (_, i) => `u${i}`) })).toEqual(['Choose at most 10 interviewers']);
    expect(problems({ interviewer_ids: ['u1', 'u1'] })).toEqual(['Each interviewer may be chosen once']);
    expect(problems({ starts_at_ist: '2026-02-30T10:00' })).toEqual(['Enter a date and time as YYYY-MM-DDTHH:mm (IST)']);
    expect(problems({ company_id: 'x' })?.length).toBe(1);
  });
  it('checks the location by mode', () => {
    expect(locationProblem('phone', '+91 98765 43210')).toBeNull();
    expect(locationProblem('phone', 'call me')).toBe('Enter a valid phone number');
    expect(locationProblem('in_person', '12 MG Road, Bengaluru')).toBeNull();
    expect(locationProblem('in_person', 'HQ')).toBe('Enter the full address');
  });
  it('takes 1–10 criteria rated 1–4 and a recommendation (issue 36 §4: the job’s template says which)', () => {
    const card = (criteria: { name: string; rating: number }[], recommendation: string | null = 'yes') => scorecardBodySchema.safeParse({ criteria, ...(recommendation === null ? {} : { recommendation }) }).error?.issues[0]?.message;
    const three = [{ name: 'A', rating: 1 }, { name: 'B', rating: 4 }, { name: 'C', rating: 3 }];
    expect(card(three)).toBeUndefined();
    expect(card([])).toBe('Rate every criterion from 1 to 4');
    expect(card(Array.from({ length: 11 }, (_, i) => ({ name: `C${i}`, rating: 2 })))).toBe('A scorecard has 1 to 10 criteria');
    expect(card(three, null)).toBe('Choose an overall recommendation: strong no, no, yes or strong yes');
    expect(card(three, 'maybe')).toBe('Choose an overall recommendation: strong no, no, yes or strong yes');
    expect(card([...three.slice(0, 2), { name: 'C', rating: 5 }])).toBe('Ratings go from 1 to 4');
    expect(card([...three.slice(0, 2), { name: 'C', rating: 2.5 }])).toBe('Ratings go from 1 to 4');
    expect(card([...three.slice(0, 2), { name: 'a', rating: 2 }])).toBe('Each criterion may appear once');
  });
});

describe('reminder time', () => {
  const start = new Date('2026-11-23T05:00:00Z');
  const hoursBefore = (h: number) => new Date(start.getTime() - h * 3600_000);
  it('is 24 h before, or 1 h before when less than a day away, or none within the hour', () => {
    expect(reminderTime(start, hoursBefore(72))).toEqual({ sendAt: hoursBefore(24), kind: 'day' });
    expect(reminderTime(start, hoursBefore(24))).toEqual({ sendAt: hoursBefore(24), kind: 'day' });
    expect(reminderTime(start, hoursBefore(23.9))).toEqual({ sendAt: hoursBefore(1), kind: 'hour' });
    expect(reminderTime(start, hoursBefore(1))).toEqual({ sendAt: hoursBefore(1), kind: 'hour' });
    expect(reminderTime(start, hoursBefore(0.9))).toBeNull();
  });
});

/** Unfolds RFC 5545 continuation lines and returns the content lines. */
function icsLines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter(Boolean);
}

describe('the .ics invite', () => {
  const base = {
    interviewId: '0b7e5a57-8a3c-4d6f-9b0e-3a6f1c2d4e5f',
    start: new Date('2026-11-22T19:00:00Z'),
    durationMinutes: 45,
    sequence: 0,
    method: 'REQUEST' as const,
    summary: 'Interview: Backend Engineer at Amber Textiles',
    location: 'https://meet.example.com/abc-defg',
    description: 'Video call: https://meet.example.com/abc-defg\nScheduled through WorkCred.',
    organizer: { name: 'Anil Kapoor', email: 'anil@amber.example.in', sentBy: addressOf('WorkCred <no-reply@workcred.in>') },
    attendees: [{ name: 'Priya Sharma', email: 'priya@example.in' }],
  };

  it('has CRLF line endings, a stable UID, DTSTART in UTC, DURATION, METHOD and SEQUENCE', () => {
    const ics = buildInterviewIcs(base);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const lines = icsLines(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain(`UID:${interviewUid(base.interviewId)}`);
    expect(lines).toContain('DTSTART:20261122T190000Z');
    expect(lines).toContain('DURATION:PT45M');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('SUMMARY:Interview: Backend Engineer at Amber Textiles');
    expect(lines).toContain('LOCATION:https://meet.example.com/abc-defg');
    expect(lines).toContain('STATUS:CONFIRMED');
    // Issue 33, C4: the organiser is the scheduling member; the no-reply address only sends on their behalf.
    expect(lines.find((l) => l.startsWith('ORGANIZER'))).toMatch(/^ORGANIZER;.*CN="?Anil Kapoor"?.*:mailto:anil@amber\.example\.in$/i);
    expect(lines.find((l) => l.startsWith('ORGANIZER'))).toContain('SENT-BY="MAILTO:no-reply@workcred.in"');
    expect(lines.find((l) => l.startsWith('ATTENDEE'))).toMatch(/CN="?Priya Sharma"?.*:mailto:priya@example\.in$/);
    expect(lines.find((l) => l.startsWith('DESCRIPTION'))).toContain('Video call: https://meet.example.com/abc-defg');
  });

  it('keeps the UID for an update and a cancellation, with a higher SEQUENCE and METHOD:CANCEL / STATUS:CANCELLED', () => {
    const update = icsLines(buildInterviewIcs({ ...base, sequence: 1, start: new Date('2026-11-23T18:15:00Z') }));
    expect(update).toContain(`UID:${interviewUid(base.interviewId)}`);
    expect(update).toContain('SEQUENCE:1');
    expect(update).toContain('METHOD:REQUEST');
    expect(update).toContain('DTSTART:20261123T181500Z');
    const cancel = icsLines(buildInterviewIcs({ ...base, sequence: 2, method: 'CANCEL' }));
    expect(cancel).toContain(`UID:${interviewUid(base.interviewId)}`);
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain('SEQUENCE:2');
  });

  it('asks attendees to answer, except the organiser when they interview too', () => {
    const lines = icsLines(buildInterviewIcs({ ...base, attendees: [...base.attendees, { name: 'Anil Kapoor', email: 'Anil@amber.example.in' }] }));
    const attendees = lines.filter((l) => l.startsWith('ATTENDEE'));
    expect(attendees.find((l) => l.endsWith('priya@example.in'))).toMatch(/RSVP=TRUE/);
    expect(attendees.find((l) => l.endsWith('Anil@amber.example.in'))).toMatch(/RSVP=FALSE.*PARTSTAT="?ACCEPTED/);
  });
});
