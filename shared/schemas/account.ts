import { z } from 'zod';
import { messages } from '../messages.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../options.ts';
import { hasNoControlCharacters, MAX_FULL_NAME_LENGTH } from './employer-signup.ts';
import { isEmailShape, workEmailSchema } from './work-email.ts';

const text = messages.account;

/** An email-change link works once and for this long. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** A person may ask for this many email-change links an hour (each one emails two addresses). */
export const EMAIL_CHANGES_PER_HOUR = 5;

/** GET /api/account: the facts the tab shows. */
export const accountSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  has_password: z.boolean(),
  /** An email change waiting for its link to be opened. */
  pending_email: z.object({ new_email: z.string(), expires_at: z.string() }).nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** PATCH /api/account/name. */
export const changeNameBodySchema = z.strictObject({
  full_name: z
    .string(text.nameRequired)
    .trim()
    .min(1, text.nameRequired)
    .max(MAX_FULL_NAME_LENGTH, text.nameTooLong)
    .refine(hasNoControlCharacters, text.nameInvalidCharacters),
});
export type ChangeNameInput = z.input<typeof changeNameBodySchema>;

const currentPasswordSchema = z.string(text.currentPasswordRequired).min(1, text.currentPasswordRequired).max(MAX_PASSWORD_LENGTH, text.wrongPassword);

/**
 * POST /api/account/password. The server applies the full policy (common passwords too); the
 * form checks the length so the person hears about it before submitting.
 */
export const changePasswordBodySchema = z.strictObject({
  current_password: currentPasswordSchema,
  new_password: z.string(text.newPasswordTooShort).max(MAX_PASSWORD_LENGTH, text.newPasswordTooLong),
});
export type ChangePasswordInput = z.input<typeof changePasswordBodySchema>;
export const changePasswordFormSchema = changePasswordBodySchema.extend({
  new_password: z.string().min(MIN_PASSWORD_LENGTH, text.newPasswordTooShort).max(MAX_PASSWORD_LENGTH, text.newPasswordTooLong),
});

/**
 * POST /api/account/email. Any well-formed address here (trimmed, lower-cased); an employer's
 * must be a work address, which the service checks (a candidate's personal address is fine).
 */
export const changeEmailBodySchema = z.strictObject({
  new_email: z
    .string(text.emailInvalid)
    .trim()
    .refine((value) => isEmailShape(value), text.emailInvalid)
    .transform((value) => value.toLowerCase()),
  current_password: currentPasswordSchema,
});
export type ChangeEmailInput = z.input<typeof changeEmailBodySchema>;
/** The Settings form (employers): the work email rule before the request is sent. */
export const changeEmailFormSchema = changeEmailBodySchema.extend({ new_email: workEmailSchema(text.invalidWorkEmail) });

/** The token travels in a body, never in a URL a log could keep (the page reads it from the link's #fragment). */
const tokenSchema = z.string(text.confirmInvalid).min(20, text.confirmInvalid).max(100, text.confirmInvalid).regex(/^[A-Za-z0-9_-]+$/, text.confirmInvalid);
/** POST /api/account/email/confirm. */
export const confirmEmailBodySchema = z.strictObject({ token: tokenSchema });
export const confirmEmailResultSchema = z.object({ email: z.string(), signed_in: z.boolean() });
export type ConfirmEmailResult = z.infer<typeof confirmEmailResultSchema>;

/** One of the person's sessions (never its token). */
export const accountSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip_address: z.string().nullable(),
  last_seen_at: z.string(),
  created_at: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const sessionIdParamsSchema = z.object({ sessionId: z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/, text.sessionNotFound) });
export const signedOutSchema = z.object({ signed_out: z.number().int() });
