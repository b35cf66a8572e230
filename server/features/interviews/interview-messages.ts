import type { Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { formatIst, type InterviewMode } from '../../../shared/schemas/interviews.ts';
import type { DB } from '../../db/schema.ts';
import { cancelQueuedMessages, enqueueMessage } from '../../messaging/outbox.ts';
import { addressOf, buildInterviewIcs, reminderTime } from './interview-ics.ts';
import { fill } from '../../../shared/fill.ts';

const text = messages.interviews;

export interface Contact {
  name: string;
  email: string;
}

/** Everything the emails say about one version of an interview. */
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
  /** Every interviewer of this version: attendees of the calendar event. */
  interviewers: Contact[];
  /** The member who scheduled it (interviewOrganiser): the event's ORGANIZER and every email's reply-to. */
  organiser: Contact;
  cancelReason?: string | null;
}

/** Who is emailed: by default the candidate and every interviewer. */
export interface InterviewMailRecipients {
  candidate: boolean;
  interviewers: Contact[];
  /** Interviewers taken off the interview: they get a cancellation of their own. */
  removedInterviewers?: Contact[];
}

export const reminderKey = (interviewId: string) => `interview-reminder:${interviewId}`;

type Kind = 'invite' | 'update' | 'cancel';

function howLine(facts: InterviewMailFacts): string {
  const template = facts.mode === 'video' ? text.howVideo : facts.mode === 'phone' ? text.howPhone : text.howInPerson;
  return fill(template, { location: facts.location, company: facts.companyName });
}

const candidateTexts: Record<Kind, [string, string]> = {
  invite: [text.inviteSubject, text.inviteText],
  update: [text.updateSubject, text.updateText],
  cancel: [text.cancelSubject, text.cancelText],
};
const interviewerTexts: Record<Kind | 'removed', [string, string]> = {
  invite: [text.interviewerInviteSubject, text.interviewerInviteText],
  update: [text.interviewerUpdateSubject, text.interviewerUpdateText],
  cancel: [text.interviewerCancelSubject, text.interviewerCancelText],
  removed: [text.interviewerRemovedSubject, text.interviewerRemovedText],
};

/**
 * Queues, in the caller's transaction, the emails for a new, changed or cancelled interview, each
 * with the same calendar event (.ics, METHOD REQUEST or CANCEL, the interview's SEQUENCE, the
 * candidate and the interviewers as attendees). When the candidate is emailed, their pending
 * reminder is withdrawn and, unless cancelled, a new one queued (24 h or 1 h before).
 */
export async function queueInterviewEmails(
  trx: Transaction<DB>,
  mailFrom: string,
  kind: Kind,
  facts: InterviewMailFacts,
  now: Date = new Date(),
  recipients: InterviewMailRecipients = { candidate: true, interviewers: facts.interviewers },
): Promise<void> {
  const values = {
    name: facts.candidateName || facts.candidateEmail,
    candidate: facts.candidateName || facts.candidateEmail,
    company: facts.companyName,
    job: facts.jobTitle,
    time: formatIst(facts.start),
    duration: String(facts.durationMinutes),
    how: howLine(facts),
    reason: facts.cancelReason ? fill(text.cancelReasonLine, { reason: facts.cancelReason }) : '',
  };
  const candidate = { name: values.name, email: facts.candidateEmail };
  // Answers to any of these emails reach the person who scheduled the interview, not the no-reply sender.
  const replyTo = facts.organiser.email;
  const calendar = (method: 'REQUEST' | 'CANCEL', attendees: Contact[]) => ({
    filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; method=${method}; charset=UTF-8`,
    content: buildInterviewIcs({
      interviewId: facts.interviewId,
      start: facts.start,
      durationMinutes: facts.durationMinutes,
      sequence: facts.sequence,
      method,
      summary: fill(text.summary, values),
      location: facts.location,
      description: fill(text.icsDescription, values),
      organizer: { ...facts.organiser, sentBy: addressOf(mailFrom) },
      attendees,
    }),
  });
  const event = calendar(kind === 'cancel' ? 'CANCEL' : 'REQUEST', [candidate, ...facts.interviewers]);

  for (const interviewer of recipients.interviewers) {
    const [subject, body] = interviewerTexts[kind];
    const personal = { ...values, interviewer: interviewer.name };
    await enqueueMessage(trx, { channel: 'email', replyTo, to: interviewer.email, subject: fill(subject, personal), text: fill(body, personal), attachments: [event] });
  }
  for (const removed of recipients.removedInterviewers ?? []) {
    const [subject, body] = interviewerTexts.removed;
    const personal = { ...values, interviewer: removed.name };
    // Their copy of the event is cancelled; the interview itself goes on without them.
    await enqueueMessage(trx, { channel: 'email', replyTo, to: removed.email, subject: fill(subject, personal), text: fill(body, personal), attachments: [calendar('CANCEL', [removed])] });
  }
  if (!recipients.candidate) return;

  const [subject, body] = candidateTexts[kind];
  await enqueueMessage(trx, { channel: 'email', replyTo, to: facts.candidateEmail, subject: fill(subject, values), text: fill(body, values), attachments: [event] });

  const key = reminderKey(facts.interviewId);
  await cancelQueuedMessages(trx, key);
  if (kind === 'cancel') return;
  const reminder = reminderTime(facts.start, now);
  if (!reminder) return;
  const reminderValues = { ...values, when: reminder.kind === 'day' ? text.reminderTomorrow : text.reminderSoon };
  await enqueueMessage(
    trx,
    { channel: 'email', replyTo, to: facts.candidateEmail, subject: fill(text.reminderSubject, reminderValues), text: fill(text.reminderText, reminderValues) },
    { sendAt: reminder.sendAt, key },
  );
}
