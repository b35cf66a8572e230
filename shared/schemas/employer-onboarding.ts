import { z } from 'zod';
import { messages } from '../messages.ts';
import { companySizes, industries, MIN_PHONE_LENGTH, OTP_LENGTH } from '../options.ts';

const text = messages.employerOnboardingFlow;
const tooLong = (max: number) => text.tooLong.replace('{max}', String(max));

export const ONBOARDING_CODE_TTL_MINUTES = 10;
export const ONBOARDING_CODE_RESEND_SECONDS = 60;

/**
 * A website as people type it: "example.com", "www.example.com/careers" or a full http(s) URL.
 * Any other scheme (javascript:, data:, ftp:) is refused, and the host needs a dot.
 */
export function isWebsite(value: string): boolean {
  if (/\s/.test(value)) return false;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** Control characters (NUL above all, which PostgreSQL text cannot hold) are refused. */
const hasNoControlCharacters = (value: string) => !/\p{Cc}/u.test(value);
const requiredText = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, tooLong(max)).refine(hasNoControlCharacters, text.invalidCharacters);

/** An email address, trimmed and lower-cased. */
export const onboardingEmailSchema = z
  .string(text.invalidEmail)
  .trim()
  .max(254, text.invalidEmail)
  .pipe(z.email(text.invalidEmail))
  .transform((value) => value.toLowerCase());

/** POST /api/employer-onboarding/send-code */
export const sendOnboardingCodeBodySchema = z.strictObject({ work_email: onboardingEmailSchema });
export type SendOnboardingCodeInput = z.input<typeof sendOnboardingCodeBodySchema>;
export const sendOnboardingCodeResultSchema = z.object({
  sent_to: z.string(),
  expires_at: z.string(),
  resend_after_seconds: z.number(),
});
export type SendOnboardingCodeResult = z.infer<typeof sendOnboardingCodeResultSchema>;

/**
 * The onboarding wizard's fields (spec points 2 and 5), used by the form and by
 * POST /api/employer-onboarding. Required: company name, industry, size, full name, work email,
 * phone; code at most 6 characters (ours are exactly 6 digits); terms accepted; website optional.
 */
export const employerOnboardingSchema = z.strictObject({
  company_name: requiredText(text.companyNameRequired, 200),
  industry: z.enum(industries, text.industryRequired),
  company_size: z.enum(companySizes, text.companySizeRequired),
  company_website: z
    .string()
    .trim()
    .max(200, tooLong(200))
    .refine((value) => value === '' || (hasNoControlCharacters(value) && isWebsite(value)), text.invalidWebsite)
    .nullish()
    .transform((value) => (value ? value : null)),
  full_name: requiredText(text.fullNameRequired, 100),
  work_email: onboardingEmailSchema,
  phone_number: z
    .string(messages.mfa.invalidPhone)
    .trim()
    .min(MIN_PHONE_LENGTH, messages.mfa.invalidPhone)
    .max(24, messages.mfa.invalidPhone)
    .regex(/^\+?[0-9 ()-]+$/, messages.mfa.invalidPhone),
  verification_code: z
    .string(text.codeRequired)
    .trim()
    .min(1, text.codeRequired)
    .max(OTP_LENGTH, messages.mfa.invalidOtp)
    .regex(/^\d*$/, messages.mfa.invalidOtp)
    .length(OTP_LENGTH, messages.mfa.invalidOtp),
  terms_accepted: z.boolean(text.termsRequired).refine((value) => value, text.termsRequired),
});
export type EmployerOnboardingInput = z.input<typeof employerOnboardingSchema>;
export type EmployerOnboardingValues = z.output<typeof employerOnboardingSchema>;

export const employerOnboardingResultSchema = z.object({ id: z.string() });
export type EmployerOnboardingResult = z.infer<typeof employerOnboardingResultSchema>;
