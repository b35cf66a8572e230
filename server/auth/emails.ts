import type { OutgoingEmail } from '../messaging/outbox.ts';

/** Plain-text first: links appear on a line of their own so a person or a test can copy them. */
export function confirmationEmail(to: string, name: string, url: string): OutgoingEmail {
  return {
    channel: 'email',
    to,
    subject: 'Confirm your WorkCred account',
    text: `Hello ${name || 'there'},\n\nConfirm your email address to finish setting up your WorkCred account:\n\n${url}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this email.\n\n— WorkCred`,
    html: `<p>Hello ${escapeHtml(name || 'there')},</p><p>Confirm your email address to finish setting up your WorkCred account:</p><p><a href="${escapeHtml(url)}">Confirm my email</a></p><p>The link works once and expires in 24 hours. If you did not sign up, ignore this email.</p><p>— WorkCred</p>`,
  };
}

export function passwordResetEmail(to: string, url: string): OutgoingEmail {
  return {
    channel: 'email',
    to,
    subject: 'Reset your WorkCred password',
    text: `Someone asked to reset the password of your WorkCred account.\n\nChoose a new password here:\n\n${url}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this email; your password stays as it is.\n\n— WorkCred`,
    html: `<p>Someone asked to reset the password of your WorkCred account.</p><p><a href="${escapeHtml(url)}">Choose a new password</a></p><p>The link works once and expires in 1 hour. If it was not you, ignore this email; your password stays as it is.</p><p>— WorkCred</p>`,
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
