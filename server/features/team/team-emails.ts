import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { companyRoleDescriptions, companyRoleLabels, type CompanyRole } from '../../../shared/permissions.ts';
import { INVITE_TTL_DAYS } from '../../../shared/schemas/team.ts';
import type { OutgoingEmail } from '../../messaging/outbox.ts';
import { escapeHtml } from '../public-jobs/job-page-meta.ts';

const text = messages.team;

/** The invite: who asks, to which company, as what, and the single-use link. */
export function inviteEmail(to: string, invite: { company: string; inviter: string | null; role: CompanyRole; url: string }): OutgoingEmail {
  const inviter = invite.inviter ?? invite.company;
  const role = companyRoleLabels[invite.role];
  const lead = `${inviter} invited you to join ${invite.company} on WorkCred as ${role}.`;
  const rest = `The link works once and expires in ${INVITE_TTL_DAYS} days. If you were not expecting this, ignore this email.`;
  return {
    channel: 'email',
    to,
    subject: fill(text.inviteEmailSubject, { inviter, company: invite.company }),
    text: `Hello,\n\n${lead}\n\nAccept the invite here:\n\n${invite.url}\n\n${rest}\n\n— WorkCred`,
    html: `<p>Hello,</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(invite.url)}">Accept the invite</a></p><p>${escapeHtml(rest)}</p><p>— WorkCred</p>`,
  };
}

/** To the person who sent an invite that expired or was revoked: its holder asks for a new one. */
export function newInviteRequestedEmail(to: string, request: { email: string; company: string; teamUrl: string }): OutgoingEmail {
  const body = `${request.email} opened an invite to ${request.company} that has expired or was revoked, and asked for a new one. If they should join, send a new invite from Team Management:`;
  return {
    channel: 'email',
    to,
    subject: fill(text.newInviteRequestedSubject, { email: request.email, company: request.company }),
    text: `Hello,\n\n${body}\n\n${request.teamUrl}\n\n— WorkCred`,
    html: `<p>Hello,</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(request.teamUrl)}">Open Team Management</a></p><p>— WorkCred</p>`,
  };
}

const plainEmail = (to: string, subject: string, paragraphs: string[]): OutgoingEmail => ({
  channel: 'email',
  to,
  subject,
  text: `Hello,\n\n${paragraphs.join('\n\n')}\n\n— WorkCred`,
  html: `<p>Hello,</p>${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}<p>— WorkCred</p>`,
});

/** To a member removed from the company (issue 33 B8): who removed them, and that the account stays. */
export function removedEmail(to: string, change: { company: string; actor: string }): OutgoingEmail {
  return plainEmail(to, fill(text.removedEmailSubject, change), [fill(text.removedNotice, change), fill(text.removedNoticeDetail, change)]);
}

/** To a member whose role changed: from what to what, by whom, and what the new role may do. */
export function roleChangedEmail(to: string, change: { company: string; actor: string; from: CompanyRole; to: CompanyRole }): OutgoingEmail {
  const values = { company: change.company, actor: change.actor, from: companyRoleLabels[change.from], to: companyRoleLabels[change.to], role: companyRoleLabels[change.to], description: companyRoleDescriptions[change.to] };
  return plainEmail(to, fill(text.roleChangedEmailSubject, values), [fill(text.roleChangedEmailBody, values)]);
}

/** Ownership transfer: one email to the new owner, one to the owner who gave it (who is now an admin). */
export function ownershipEmails(change: { company: string; from: { email: string; name: string }; to: { email: string; name: string } }): OutgoingEmail[] {
  const values = { company: change.company, actor: change.from.name, target: change.to.name };
  return [
    plainEmail(change.to.email, fill(text.ownershipReceivedEmailSubject, values), [fill(text.ownershipReceivedEmailBody, values)]),
    plainEmail(change.from.email, fill(text.ownershipGivenEmailSubject, values), [fill(text.ownershipGivenEmailBody, values)]),
  ];
}
