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

/**
 * A sign-up with an address that already has an account (ASVS 6.3.8): the answer is the same as for
 * a new address, and the owner, not the caller, learns of it, with the way back in.
 */
export function existingAccountSignUpEmail(to: string, signInUrl: string): OutgoingEmail {
  const lead = 'Someone tried to create a WorkCred account with this email address, which already has one. No new account was made and nothing about yours changed.';
  const back = 'If it was you, sign in here (forgot your password? choose "Forgot password?" on that page):';
  return {
    channel: 'email',
    to,
    subject: 'You already have a WorkCred account',
    text: `${lead}\n\n${back}\n\n${signInUrl}\n\nIf it was not you, ignore this email.\n\n— WorkCred`,
    html: `<p>${escapeHtml(lead)}</p><p>${escapeHtml(back)}</p><p><a href="${escapeHtml(signInUrl)}">Sign in to WorkCred</a></p><p>If it was not you, ignore this email.</p><p>— WorkCred</p>`,
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

/** The subject of the candidate's sign-in code; it also marks these mails when counting sends to an address. */
export const CANDIDATE_EMAIL_CODE_SUBJECT = 'Your WorkCred email verification code';

/** The one-time code of the candidate registration's email step (better-auth's email-OTP plugin). */
export function candidateEmailCodeEmail(to: string, code: string): OutgoingEmail {
  return {
    channel: 'email',
    to,
    subject: CANDIDATE_EMAIL_CODE_SUBJECT,
    text: `Your WorkCred verification code is:\n\n${code}\n\nEnter it on the registration page to continue. It works once and expires in 10 minutes. Do not share it with anyone. If you did not ask for it, ignore this email.\n\n— WorkCred`,
    html: `<p>Your WorkCred verification code is:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>Enter it on the registration page to continue. It works once and expires in 10 minutes. Do not share it with anyone. If you did not ask for it, ignore this email.</p><p>— WorkCred</p>`,
  };
}

export const REAUTH_CODE_SUBJECT = 'Your WorkCred confirmation code';

/** The code that confirms a change to how a password-less account signs in (second factors). */
export function reauthCodeEmail(to: string, code: string): OutgoingEmail {
  const note = 'Enter it on the Security page to confirm the change to how you sign in. It works once and expires in 10 minutes. Do not share it with anyone. If you did not ask for it, someone may be using your account: sign out everywhere and contact support.';
  return {
    channel: 'email',
    to,
    subject: REAUTH_CODE_SUBJECT,
    text: `Your WorkCred confirmation code is:\n\n${code}\n\n${note}\n\n— WorkCred`,
    html: `<p>Your WorkCred confirmation code is:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>${escapeHtml(note)}</p><p>— WorkCred</p>`,
  };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
