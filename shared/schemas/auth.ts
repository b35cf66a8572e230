import { z } from 'zod';
import { companyRoles } from '../permissions.ts';
import { signInMessages as messages } from '../messages/sign-in.ts';
import { MAX_PASSWORD_LENGTH, roles } from '../options.ts';

export const signInSchema = z.object({
  email: z.email('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required').max(MAX_PASSWORD_LENGTH),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The "Forgot password?" dialog's one field. */
export const passwordResetRequestSchema = z.object({ email: signInSchema.shape.email });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** What GET /api/me answers: the signed-in user's profile and session facts. */
export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    role: z.enum(roles),
    company_id: z.string().nullable(),
    company_name: z.string().nullable(),
    /** What the person may do in their company (shared/permissions.ts); null outside a company. */
    company_role: z.enum(companyRoles).nullable(),
    mobile_verified: z.boolean(),
    email_verified: z.boolean(),
    created_at: z.string(),
  }),
  session: z.object({
    aal: z.enum(['aal1', 'aal2']),
    next_aal: z.enum(['aal1', 'aal2']),
    expires_at: z.string(),
  }),
  is_admin: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** GET /api/session: the signed-in user and session, or null for a signed-out visitor (always 200). */
export const sessionProbeSchema = z.object({ me: meSchema.nullable() });
export type SessionProbe = z.infer<typeof sessionProbeSchema>;

export const factorTypes = ['totp', 'phone'] as const;
export const factorStatuses = ['unverified', 'verified'] as const;

const friendlyName = z.string().trim().max(60).optional();
/**
 * Proof of ownership before a change to second factors (ASVS 7.5.1): the password, or for an
 * account without one (candidates who registered by email code) the code emailed by
 * POST /api/mfa/reauth-code. Which one is needed is the server's call (GET /api/mfa/factors says).
 */
const accountPassword = z
  .string()
  .max(MAX_PASSWORD_LENGTH)
  .optional()
  .transform((value) => value || undefined);
const emailCode = z
  .union([z.literal(''), z.string().regex(/^\d{6}$/, messages.mfa.reauthCodeRequired)])
  .optional()
  .transform((value) => value || undefined);

/** POST /api/mfa/factors. The account password is asked again to change MFA (ASVS 7.5.1). */
export const enrolFactorSchema = z.discriminatedUnion('factor_type', [
  z.strictObject({
    factor_type: z.literal('totp'),
    friendly_name: friendlyName,
    // Shown in the authenticator app; defaults to WorkCred. A colon would split the app's label.
    issuer: z.string().trim().min(1).max(60).regex(/^[^:]+$/, 'The issuer cannot contain a colon').optional(),
    password: accountPassword,
    email_code: emailCode,
  }),
  z.strictObject({
    factor_type: z.literal('phone'),
    friendly_name: friendlyName,
    phone: z.string().trim().min(10, messages.mfa.invalidPhone).max(24, messages.mfa.invalidPhone),
    password: accountPassword,
    email_code: emailCode,
  }),
]);
export type EnrolFactorInput = z.infer<typeof enrolFactorSchema>;
export const challengeSchema = z.strictObject({ channel: z.enum(['sms']).optional() });
export type ChallengeInput = z.infer<typeof challengeSchema>;
export const verifyFactorSchema = z.strictObject({ challenge_id: z.uuid(), code: z.string().regex(/^\d{6}$/, messages.mfa.invalidOtp) });
export type VerifyFactorInput = z.infer<typeof verifyFactorSchema>;
export const unenrolFactorSchema = z.strictObject({ password: accountPassword, email_code: emailCode });
export type UnenrolFactorInput = z.input<typeof unenrolFactorSchema>;
export const factorParamsSchema = z.strictObject({ factorId: z.uuid() });

/** One second factor as the owner sees it: never the secret, the phone only masked. */
export const factorSchema = z.object({
  id: z.string(),
  factor_type: z.enum(factorTypes),
  friendly_name: z.string().nullable(),
  status: z.enum(factorStatuses),
  phone_hint: z.string().optional(),
  created_at: z.string(),
});
export type Factor = z.infer<typeof factorSchema>;
export const reauthMethods = ['password', 'email_code'] as const;
export type ReauthMethod = (typeof reauthMethods)[number];
/** reauth: what a change asks for, the password or an emailed code (no password on the account). */
export const factorListSchema = z.object({ factors: z.array(factorSchema), reauth: z.enum(reauthMethods) });
export const reauthCodeSentSchema = z.object({ email: z.string() });
export type FactorList = z.infer<typeof factorListSchema>;

/** 201 of POST /api/mfa/factors: the TOTP secret is shown this once, for the QR code. */
export const enrolledFactorSchema = z.object({
  id: z.string(),
  factor_type: z.enum(factorTypes),
  status: z.literal('unverified'),
  friendly_name: z.string().nullable(),
  totp: z.object({ secret: z.string(), uri: z.string() }).optional(),
  phone_hint: z.string().optional(),
});
export type EnrolledFactor = z.infer<typeof enrolledFactorSchema>;
export const challengeResultSchema = z.object({ id: z.string(), expires_at: z.string() });
export type ChallengeResult = z.infer<typeof challengeResultSchema>;
/**
 * `recovery_codes`: when this verification turned on two-step verification (the account's first
 * verified factor), its recovery codes, shown this once (issue 33, A7).
 */
export const verifyResultSchema = z.object({ aal: z.literal('aal2'), recovery_codes: z.array(z.string()).optional() });
export type VerifyResult = z.infer<typeof verifyResultSchema>;
