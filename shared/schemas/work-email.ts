import { z } from 'zod';
import { blockedEmailDomains } from '../options.ts';

/** A standard email shape: something@domain.tld, no spaces, one @. */
const EMAIL_SHAPE = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** The domain after the @, lower-cased. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();
}

/** True for one of the four consumer free-mail domains (compared case-insensitively). */
export function isFreeMailDomain(email: string): boolean {
  return (blockedEmailDomains as readonly string[]).includes(emailDomain(email));
}

export function isWorkEmail(email: string): boolean {
  return EMAIL_SHAPE.test(email.trim()) && !isFreeMailDomain(email);
}

/** Typing filter of the waitlist field: letters, digits and @ . _ + - only. */
export function filterEmailTyping(value: string): string {
  return value.replace(/[^A-Za-z0-9@._+-]/g, '');
}

/** A work email with the given refusal message, trimmed and lower-cased on success. */
export const workEmailSchema = (message: string) =>
  z
    .string()
    .trim()
    .max(254, message)
    .refine((value) => isWorkEmail(value), message)
    .transform((value) => value.toLowerCase());
