/**
 * The work-email rules without zod, so a page can check an address without loading the schema
 * library (issue 14, item 4). work-email.ts builds the schema on them.
 */
import { blockedEmailDomains } from '../options.ts';

/** The error code of a refused email, so the form can show the spec's message for it. */
export const INVALID_WORK_EMAIL = 'INVALID_WORK_EMAIL';

/** Longest address SMTP carries (RFC 5321: a 256-octet path less the angle brackets). */
export const MAX_EMAIL_LENGTH = 254;
/** Longest local part (before the @) RFC 5321 allows. */
const MAX_LOCAL_PART_LENGTH = 64;

/**
 * A standard email shape: dot-separated words of letters, digits, _ + - before the one @ (no
 * leading, trailing or doubled dot), then domain labels that neither start nor end with a hyphen,
 * and a top-level domain of at least two letters. Each piece is delimited by a fixed character,
 * so matching stays linear.
 */
const EMAIL_SHAPE = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** The domain after the @, lower-cased. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();
}

/** True for one of the four consumer free-mail domains (compared case-insensitively). */
export function isFreeMailDomain(email: string): boolean {
  return (blockedEmailDomains as readonly string[]).includes(emailDomain(email));
}

/** A standard email shape within the length limits (surrounding spaces ignored). */
export function isEmailShape(email: string): boolean {
  const value = email.trim();
  if (value.length > MAX_EMAIL_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 1 || at > MAX_LOCAL_PART_LENGTH) return false;
  return EMAIL_SHAPE.test(value);
}

export function isWorkEmail(email: string): boolean {
  return isEmailShape(email) && !isFreeMailDomain(email);
}

/** Typing filter of the waitlist field: letters, digits and @ . _ + - only. */
export function filterEmailTyping(value: string): string {
  return value.replace(/[^A-Za-z0-9@._+-]/g, '');
}
