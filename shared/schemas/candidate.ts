import { z } from 'zod';
import { messages } from '../messages.ts';
import { documentTypes, MIN_PHONE_LENGTH, OTP_LENGTH } from '../options.ts';

/**
 * The candidate registration and candidate dashboard API (issue 5), shared by server and browser.
 * Routes:
 *   POST /api/candidate/registration/email          public  {email} → 202 {sent: true}
 *   POST /api/candidate/registration/email/verify   public  {email, otp} → 200 RegistrationState + session cookie
 *   GET  /api/candidate/registration                user    → RegistrationState
 *   POST /api/candidate/verify-phone                user    {action:'send', phone} → 200 PhoneSendResult
 *                                                            {action:'verify', phone, otp} → 200 {verified}
 *   PUT  /api/candidate/profile/uan                 user    {uan} or {no_uan: true} → RegistrationState
 *   PUT  /api/candidate/profile/personal            user    {full_name, education} → RegistrationState
 *   PUT  /api/candidate/profile/professional        user    {current_employer, notice_period_days, experience_years} → RegistrationState
 *   POST /api/candidate/registration/complete       user    {} → RegistrationState
 *   GET  /api/candidate/applications                user    → CandidateApplication[]
 *   PUT  /api/candidate/documents/:type             user    body: the PDF bytes (Content-Type application/pdf) → 201 CandidateDocument
 *   GET  /api/candidate/documents                   user    → CandidateDocument[]
 *   GET  /api/documents/:documentId                 user    → the PDF (owner, admins, employers the candidate applied to; else 404)
 *   GET  /api/candidates/:candidateId/documents     user    → CandidateDocument[] (same rule)
 * Only candidates use the /api/candidate/* routes: other roles get 403.
 */

const c = messages.candidate;

export const registrationSteps = ['email', 'verification', 'uan', 'personal', 'professional', 'documents'] as const;
export type RegistrationStep = (typeof registrationSteps)[number];
export type DocumentType = (typeof documentTypes)[number];
export const documentTypeSchema = z.enum(documentTypes);

/** Spec: "a standard email pattern, case-insensitive". Stored lower-case. */
export const candidateEmailSchema = z
  .string(c.registration.invalidEmail)
  .trim()
  .max(254, c.registration.invalidEmail)
  .pipe(z.email(c.registration.invalidEmail))
  .transform((email) => email.toLowerCase());

export const otpSchema = z
  .string(c.phone.invalidOtp)
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), c.phone.invalidOtp);

/** Spec: phone required, at least 10 characters. The server also normalises it to E.164. */
export const phoneSchema = z.string(c.phone.invalidPhone).trim().min(MIN_PHONE_LENGTH, c.phone.invalidPhone).max(20, c.phone.invalidPhone);

export const startEmailBodySchema = z.strictObject({ email: candidateEmailSchema });
export const verifyEmailBodySchema = z.strictObject({ email: candidateEmailSchema, otp: otpSchema });

export const verifyPhoneBodySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('send'), phone: phoneSchema }),
  z.strictObject({ action: z.literal('verify'), phone: phoneSchema, otp: otpSchema }),
]);
export type VerifyPhoneBody = z.infer<typeof verifyPhoneBodySchema>;

export const phoneSendResultSchema = z.object({
  sent: z.literal(true),
  /** The number the code went to, masked: "+91•••••••210". */
  phone: z.string(),
  /** Seconds until another code may be requested. */
  resend_after_seconds: z.number().int(),
});
/** A wrong code answers 200 {verified: false}; expired or exhausted codes answer 400 with a message. */
export const phoneVerifyResultSchema = z.object({ verified: z.boolean() });

export const uanSchema = z.string(c.uan.invalid).trim().regex(/^\d{12}$/, c.uan.invalid);
/**
 * The UAN step: the 12-digit UAN, or {no_uan: true} for "I don't have a UAN yet" (issue 33: a
 * fresher has none until their first employer's payroll makes one). Exactly one of the two.
 */
export const uanBodySchema = z
  .strictObject({ uan: uanSchema.optional(), no_uan: z.literal(true, c.uan.noUanInvalid).optional() })
  .superRefine((body, ctx) => {
    if (body.uan !== undefined && body.no_uan) ctx.addIssue({ code: 'custom', path: ['no_uan'], message: c.uan.eitherUanOrNone });
    else if (body.uan === undefined && !body.no_uan) ctx.addIssue({ code: 'custom', path: ['uan'], message: c.uan.invalid });
  });

export const personalBodySchema = z.strictObject({
  full_name: z.string(c.personal.fullNameRequired).trim().min(1, c.personal.fullNameRequired).max(100, c.personal.fullNameTooLong),
  education: z.string(c.personal.educationRequired).trim().min(1, c.personal.educationRequired).max(200, c.personal.educationTooLong),
  /**
   * Issue 18: "I am 18 or older" and the privacy notice, ticked once at registration (the server
   * refuses the step until both are recorded, or a guardian's consent is, for the age).
   */
  adult_confirmed: z.boolean().optional(),
  notice_accepted: z.boolean().optional(),
});

export const professionalBodySchema = z.strictObject({
  current_employer: z.string(c.professional.currentEmployerRequired).trim().min(1, c.professional.currentEmployerRequired).max(200, c.professional.currentEmployerTooLong),
  notice_period_days: z.number(c.professional.noticePeriodInvalid).int(c.professional.noticePeriodInvalid).min(0, c.professional.noticePeriodInvalid).max(365, c.professional.noticePeriodInvalid),
  experience_years: z
    .number(c.professional.experienceInvalid)
    .min(0, c.professional.experienceInvalid)
    .max(60, c.professional.experienceInvalid)
    .refine((years) => Number.isInteger(years * 10), c.professional.experienceInvalid),
});

export const candidateDocumentSchema = z.object({
  id: z.string(),
  document_type: documentTypeSchema,
  original_name: z.string().nullable(),
  size_bytes: z.number().int(),
  created_at: z.string(),
  /** Where to download it: /api/documents/{id}. */
  url: z.string(),
});
export type CandidateDocument = z.infer<typeof candidateDocumentSchema>;
export const candidateDocumentListSchema = z.array(candidateDocumentSchema);

export const registrationStateSchema = z.object({
  /** The first unfinished step, or 'documents' until Complete Registration; null once completed. */
  step: z.enum(registrationSteps).nullable(),
  completed: z.boolean(),
  candidate_code: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  mobile_verified: z.boolean(),
  uan: z.string().nullable(),
  /** "I don't have a UAN yet": the UAN step is done without one; the UAN (EPFO) check waits for it. */
  no_uan: z.boolean(),
  full_name: z.string(),
  education: z.string().nullable(),
  current_employer: z.string().nullable(),
  notice_period_days: z.number().int().nullable(),
  experience_years: z.number().nullable(),
  /** Issue 18: the age declaration (or a guardian's consent) and the privacy notice are recorded. */
  declared: z.boolean(),
  /** When a platform admin recorded a parent's or guardian's consent (a person under 18); then "I am 18 or older" is not asked. */
  guardian_consent_at: z.string().nullable(),
  documents: candidateDocumentListSchema,
});
export type RegistrationState = z.infer<typeof registrationStateSchema>;

export const candidateApplicationSchema = z.object({
  id: z.string(),
  job_id: z.string(),
  job_title: z.string(),
  company_name: z.string(),
  /** The stage (messages.pipeline.stageLabels; candidateDashboard.statusLabels words it for the candidate). */
  status: z.string(),
  applied_at: z.string(),
  /** When the stage last changed. */
  stage_changed_at: z.string(),
  /** The stages reached and when, oldest first. A rejection's note is the reason shown to the candidate; other notes stay with the employer. */
  history: z.array(z.object({ stage: z.string(), at: z.string(), reason: z.string().nullable() })),
  /** False when the job was deleted or expired since: the title is kept but the link goes nowhere. */
  job_open: z.boolean(),
});
export type CandidateApplication = z.infer<typeof candidateApplicationSchema>;
export const candidateApplicationListSchema = z.array(candidateApplicationSchema);

/** Progress of the spec: (step index + 1) / 6 as a percentage. */
export function registrationProgress(step: RegistrationStep): number {
  return Math.round(((registrationSteps.indexOf(step) + 1) / registrationSteps.length) * 100);
}

/** The server refuses bodies over this while streaming an upload (413, nothing stored). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
