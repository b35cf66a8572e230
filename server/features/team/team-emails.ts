import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { companyRoleLabels, type CompanyRole } from '../../../shared/permissions.ts';
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
