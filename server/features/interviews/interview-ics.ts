import { createEvent } from 'ics';

export interface InterviewCalendarEvent {
  interviewId: string;
  /** UTC instant. */
  start: Date;
  durationMinutes: number;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  summary: string;
  location: string;
  description: string;
  /** The member who scheduled the interview; `sentBy` is the address the email comes from. */
  organizer: { name: string; email: string; sentBy?: string };
  /** The candidate and the interviewers. */
  attendees: { name: string; email: string }[];
}

/** The invite's UID: the same for every version of one interview, so calendars update it in place. */
export const interviewUid = (interviewId: string) => `${interviewId}@workcred`;

/**
 * An iCalendar invite (RFC 5545/5546) for one interview, built with the `ics` package: DTSTART in
 * UTC ('Z'), a DURATION, METHOD REQUEST for an invite or an update (SEQUENCE raised each time) and
 * METHOD CANCEL with STATUS:CANCELLED to withdraw it. Lines end in CRLF.
 */
export function buildInterviewIcs(event: InterviewCalendarEvent): string {
  const { error, value } = createEvent({
    productId: 'workcred/interviews',
    method: event.method,
    uid: interviewUid(event.interviewId),
    sequence: event.sequence,
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: event.durationMinutes },
    title: event.summary,
    location: event.location,
    description: event.description,
    status: event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: event.organizer,
    // Everyone is asked to answer, and the answers go to the organiser, a person; the organiser,
    // when also an interviewer, has accepted their own invite.
    attendees: event.attendees.map((attendee) =>
      attendee.email.toLowerCase() === event.organizer.email.toLowerCase()
        ? { name: attendee.name, email: attendee.email, rsvp: false, role: 'REQ-PARTICIPANT', partstat: 'ACCEPTED' }
        : { name: attendee.name, email: attendee.email, rsvp: true, role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION' },
    ),
  });
  if (error || !value) throw error ?? new Error('ics produced no calendar');
  return value;
}

/** The email address inside MAIL_FROM ('WorkCred <no-reply@workcred.in>' → 'no-reply@workcred.in'). */
export function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/**
 * When the reminder goes out: 24 hours before the start, or 1 hour before when the interview is
 * less than a day away; none when it is less than an hour away.
 */
export function reminderTime(start: Date, now: Date = new Date()): { sendAt: Date; kind: 'day' | 'hour' } | null {
  const HOUR = 60 * 60 * 1000;
  const until = start.getTime() - now.getTime();
  if (until >= 24 * HOUR) return { sendAt: new Date(start.getTime() - 24 * HOUR), kind: 'day' };
  if (until >= HOUR) return { sendAt: new Date(start.getTime() - HOUR), kind: 'hour' };
  return null;
}
