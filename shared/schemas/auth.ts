import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, roles } from '../options.ts';

export const signInSchema = z.object({
  email: z.email('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required').max(MAX_PASSWORD_LENGTH),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** What GET /api/me answers: the signed-in user's profile and session facts. */
export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    role: z.enum(roles),
    company_id: z.string().nullable(),
    company_name: z.string().nullable(),
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

export const factorTypes = ['totp', 'phone'] as const;

export const enrolFactorSchema = z.discriminatedUnion('factor_type', [
  z.strictObject({ factor_type: z.literal('totp'), friendly_name: z.string().trim().max(60).optional(), issuer: z.string().trim().max(60).optional(), password: z.string().min(1).max(MAX_PASSWORD_LENGTH) }),
  z.strictObject({ factor_type: z.literal('phone'), friendly_name: z.string().trim().max(60).optional(), phone: z.string().trim().min(10).max(20), password: z.string().min(1).max(MAX_PASSWORD_LENGTH) }),
]);
export const challengeSchema = z.strictObject({ channel: z.enum(['sms']).optional() });
export const verifyFactorSchema = z.strictObject({ challenge_id: z.uuid(), code: z.string().regex(/^\d{6}$/, 'Please enter a valid OTP') });
export const unenrolFactorSchema = z.strictObject({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) });
