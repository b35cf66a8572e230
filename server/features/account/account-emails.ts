import { messages } from '../../../shared/messages.ts';
import { EMAIL_CHANGE_TTL_HOURS } from '../../../shared/schemas/account.ts';
import type { OutgoingEmail } from '../../messaging/outbox.ts';
import { escapeHtml } from '../public-jobs/job-page-meta.ts';

const text = messages.account;
const greeting = (name: string) => `Hello ${name.trim() || 'there'},`;
const IGNORE = 'If you did not ask for this, change your password at once and tell your company admin.';

/** To the NEW address: the single-use link that makes it the account's address. */
export function emailChangeLinkEmail(to: string, change: { name: string; oldEmail: string; url: string }): OutgoingEmail {
  const lead = `You asked to change the email address of your WorkCred account from ${change.oldEmail} to this address. Confirm it here:`;
  const rest = `The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. Until then you keep signing in with ${change.oldEmail}. If you did not ask for this, ignore this email.`;
  return {
    channel: 'email',
    to,
    subject: text.emailChangeSubject,
    text: `${greeting(change.name)}\n\n${lead}\n\n${change.url}\n\n${rest}\n\n— WorkCred`,
    html: `<p>${escapeHtml(greeting(change.name))}</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(change.url)}">Confirm my new email address</a></p><p>${escapeHtml(rest)}</p><p>— WorkCred</p>`,
  };
}

/** To the OLD address: a change was asked for (it happens only when the new address confirms). */
export function emailChangeNoticeEmail(to: string, change: { name: string; newEmail: string }): OutgoingEmail {
  const body = `Someone signed in to your WorkCred account asked to change its email address to ${change.newEmail}. The change happens only when the link we sent to that address is opened. ${IGNORE}`;
  return {
    channel: 'email',
    to,
    subject: text.emailChangeNoticeSubject,
    text: `${greeting(change.name)}\n\n${body}\n\n— WorkCred`,
    html: `<p>${escapeHtml(greeting(change.name))}</p><p>${escapeHtml(body)}</p><p>— WorkCred</p>`,
  };
}

/** To the account's address after its password changed (never the password itself). */
export function passwordChangedEmail(to: string, name: string): OutgoingEmail {
  const body = `The password of your WorkCred account was just changed, and every other session was signed out. ${IGNORE}`;
  return {
    channel: 'email',
    to,
    subject: text.passwordChangedSubject,
    text: `${greeting(name)}\n\n${body}\n\n— WorkCred`,
    html: `<p>${escapeHtml(greeting(name))}</p><p>${escapeHtml(body)}</p><p>— WorkCred</p>`,
  };
}
