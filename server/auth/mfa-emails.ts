import { forCount } from '../../shared/english.ts';
import { fill } from '../../shared/fill.ts';
import { mfaRecoveryMessages as text } from '../../shared/messages/mfa-recovery.ts';
import type { OutgoingEmail } from '../messaging/outbox.ts';

const greeting = (name: string) => `Hello ${name.trim() || 'there'},`;
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function plainEmail(to: string, name: string, subject: string, body: string): OutgoingEmail {
  return {
    channel: 'email',
    to,
    subject,
    text: `${greeting(name)}\n\n${body}\n\n— WorkCred`,
    html: `<p>${escapeHtml(greeting(name))}</p><p>${escapeHtml(body)}</p><p>— WorkCred</p>`,
  };
}

/** To the owner when a recovery code was used to sign in: from where, and how many are left (never the code). */
export function recoveryCodeUsedEmail(to: string, name: string, use: { remaining: number; ip: string }): OutgoingEmail {
  return plainEmail(to, name, text.usedSubject, fill(text.usedBody, { left: forCount(use.remaining, '1 recovery code', `${use.remaining} recovery codes`), ip: use.ip }));
}

/** To the owner after a platform admin reset their two-step verification. */
export function mfaResetEmail(to: string, name: string): OutgoingEmail {
  return plainEmail(to, name, text.resetSubject, text.resetBody);
}
