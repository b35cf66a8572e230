import type { Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { formatIst, type InterviewMode } from '../../../shared/schemas/interviews.ts';
import type { DB } from '../../db/schema.ts';
import { cancelQueuedMessages, enqueueMessage } from '../../messaging/outbox.ts';
import { addressOf, buildInterviewIcs, reminderTime } from './interview-ics.ts';
import { fill } from '../../../shared/fill.ts';

const text = messages.interviews;

/** Everything the candidate's emails say about one version of an interview. */
export interface InterviewMailFacts {
  interviewId: string;
  start: Date;
  durationMinutes: number;
  mode: InterviewMode;
  location: string;
  sequence: number;
  candidateName: string;
  candidateEmail: string;
  jobTitle: string;
  companyName: string;
  cancelReason?: string | null;
}

export const reminderKey = (interviewId: string) => `interview-reminder:${interviewId}`;

function howLine(facts: InterviewMailFacts): string {
  const template = facts.mode === 'video' ? text.howVideo : facts.mode === 'phone' ? text.howPhone : text.howInPerson;
  return fill(template, { location: facts.location, company: facts.companyName });
}

/**
 * Queues, in the caller's transaction, the candidate's email for a new, changed or cancelled
 * interview with its .ics (METHOD REQUEST or CANCEL, the interview's SEQUENCE), withdraws the
 * pending reminder and, unless cancelled, queues the new one (24 h or 1 h before).
 */
export async function queueInterviewEmails(trx: Transaction<DB>, mailFrom: string, kind: 'invite' | 'update' | 'cancel', facts: InterviewMailFacts, now: Date = new Date()): Promise<void> {
  const values = {
    name: facts.candidateName || facts.candidateEmail,
    company: facts.companyName,
    job: facts.jobTitle,
    time: formatIst(facts.start),
    duration: String(facts.durationMinutes),
    how: howLine(facts),
    reason: facts.cancelReason ? fill(text.cancelReasonLine, { reason: facts.cancelReason }) : '',
  };
  const ics = buildInterviewIcs({
    interviewId: facts.interviewId,
    start: facts.start,
    durationMinutes: facts.durationMinutes,
    sequence: facts.sequence,
    method: kind === 'cancel' ? 'CANCEL' : 'REQUEST',
    summary: fill(text.summary, values),
    location: facts.location,
    description: fill(text.icsDescription, values),
    organizer: { name: facts.companyName, email: addressOf(mailFrom) },
    attendee: { name: values.name, email: facts.candidateEmail },
  });
  const [subject, body] =
    kind === 'invite' ? [text.inviteSubject, text.inviteText] : kind === 'update' ? [text.updateSubject, text.updateText] : [text.cancelSubject, text.cancelText];
  await enqueueMessage(trx, {
    channel: 'email',
    to: facts.candidateEmail,
    subject: fill(subject, values),
    text: fill(body, values),
    attachments: [{ filename: kind === 'cancel' ? 'cancel.ics' : 'invite.ics', contentType: `text/calendar; method=${kind === 'cancel' ? 'CANCEL' : 'REQUEST'}; charset=UTF-8`, content: ics }],
  });

  const key = reminderKey(facts.interviewId);
  await cancelQueuedMessages(trx, key);
  if (kind === 'cancel') return;
  const reminder = reminderTime(facts.start, now);
  if (!reminder) return;
  const reminderValues = { ...values, when: reminder.kind === 'day' ? text.reminderTomorrow : text.reminderSoon };
  await enqueueMessage(
    trx,
    { channel: 'email', to: facts.candidateEmail, subject: fill(text.reminderSubject, reminderValues), text: fill(text.reminderText, reminderValues) },
    { sendAt: reminder.sendAt, key },
  );
}
