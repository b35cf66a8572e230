import { z } from 'zod';
import { messages } from '../messages.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../options.ts';
import { workEmailSchema } from './work-email.ts';

const text = messages.employerSignupFlow;

/** The live check starts once the trimmed name is longer than 2 characters (spec point 9). */
export const MIN_COMPANY_NAME_LENGTH = 3;
export const MAX_COMPANY_NAME_LENGTH = 200;
export const MAX_FULL_NAME_LENGTH = 100;

/** Control characters (NUL above all, which PostgreSQL text cannot hold) have no place in a name. */
export const hasNoControlCharacters = (value: string) => !/\p{Cc}/u.test(value);

export const companyNameSchema = z
  .string(text.companyNameTooShort)
  .trim()
  .min(MIN_COMPANY_NAME_LENGTH, text.companyNameTooShort)
  .max(MAX_COMPANY_NAME_LENGTH, text.companyNameTooLong)
  .refine(hasNoControlCharacters, text.invalidCharacters);

const fullNameSchema = z
  .string(text.fullNameRequired)
  .trim()
  .min(1, text.fullNameRequired)
  .max(MAX_FULL_NAME_LENGTH, text.fullNameTooLong)
  .refine(hasNoControlCharacters, text.invalidCharacters);

/** Plans a visitor can pick on the landing's pricing; Enterprise is "contact us", not a signup. */
export const signupPlans = ['starter', 'professional'] as const;
export type SignupPlan = (typeof signupPlans)[number];
export const signupPlanSchema = z.enum(signupPlans);

/** POST /api/rpc/check-company-exists (the spec's RPC check_company_exists). */
export const checkCompanyBodySchema = z.strictObject({ company_name: companyNameSchema });
export type CheckCompanyInput = z.infer<typeof checkCompanyBodySchema>;

export const companyVerificationStatuses = ['verified', 'pending', 'rejected', 'not_found'] as const;
export type CompanyVerificationStatus = (typeof companyVerificationStatuses)[number];

/** Company check result of spec point 3: exactly these three fields, nothing more. */
export const companyCheckResultSchema = z.object({
  company_exists: z.boolean(),
  verification_status: z.enum(companyVerificationStatuses),
  status_message: z.string(),
});
export type CompanyCheckResult = z.infer<typeof companyCheckResultSchema>;
/** The RPC answers a list whose first item is the result (spec point 7). */
export const checkCompanyResponseSchema = z.array(companyCheckResultSchema).min(1);

/**
 * The signup form (all three steps). The password policy's common-password list lives on the
 * server; the form checks only the length so the user hears about it before submitting.
 */
export const employerSignupFormSchema = z.object({
  company_name: companyNameSchema,
  full_name: fullNameSchema,
  email: workEmailSchema(messages.employerSignup.invalidWorkEmail),
  password: z
    .string(messages.passwordReset.passwordTooShort)
    .min(MIN_PASSWORD_LENGTH, messages.passwordReset.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
});
export type EmployerSignupFormInput = z.input<typeof employerSignupFormSchema>;
export type EmployerSignupFormValues = z.output<typeof employerSignupFormSchema>;

/**
 * POST /api/employer-signup. Email and password are only bounded here: the service applies the
 * work-email rule and the password policy itself, so a refusal answers the spec's text alone
 * ("Please use a valid work email") rather than a field-prefixed validation message.
 */
export const employerSignupBodySchema = z.strictObject({
  company_name: companyNameSchema,
  full_name: fullNameSchema,
  email: z.string().trim().min(1, messages.employerSignup.invalidWorkEmail).max(320, messages.employerSignup.invalidWorkEmail),
  // Code points are counted by the policy; UTF-16 length may be up to twice that.
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH * 2),
  plan: signupPlanSchema.optional(),
});
export type EmployerSignupInput = z.infer<typeof employerSignupBodySchema>;

/** The same answer for a new and an already-registered email (no account enumeration). */
export const employerSignupResultSchema = z.object({ status: z.literal('confirmation_sent') });
export type EmployerSignupResult = z.infer<typeof employerSignupResultSchema>;
