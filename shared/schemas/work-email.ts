import { z } from 'zod';
import { isWorkEmail } from './work-email-rules.ts';

export * from './work-email-rules.ts';

/** A work email with the given refusal message, trimmed and lower-cased on success. */
export const workEmailSchema = (message: string) =>
  z
    .string(message)
    .trim()
    // One check with one message: the length limits live in isWorkEmail, so an over-long value
    // is refused once (and before the pattern runs) instead of with two issues.
    .refine((value) => isWorkEmail(value), message)
    .transform((value) => value.toLowerCase());
