import { z } from 'zod';
import { messages } from '../messages.ts';

/**
 * EPFO employment history (issue 34): what a lookup concluded, as stored (epfo_lookups.result)
 * and as shown to the candidate, the companies they applied to, and the verification team.
 * Only derived facts: never the provider's answer.
 */

export const claimSources = ['current_employer', 'experience_letter', 'salary_slip', 'workcred_record'] as const;
export const epfoFlagCodes = ['claimed_employer_not_in_epfo', 'dates_differ', 'dual_employment', 'gap', 'filings_stopped'] as const;

export const epfoClaimSchema = z.object({ employer: z.string(), source: z.enum(claimSources) });
export type EpfoClaim = z.infer<typeof epfoClaimSchema>;

export const epfoEmployerSchema = z.object({
  establishment: z.string(),
  /** YYYY-MM-DD, null when EPFO has none. */
  joined: z.string().nullable(),
  /** YYYY-MM-DD; null while employed there (or no exit marked). */
  exited: z.string().nullable(),
  /** YYYY-MM: the last month PF was filed. */
  last_contribution: z.string().nullable(),
  /** The candidate's claims this establishment confirms (employer matched strongly, dates agree). */
  confirms: z.array(epfoClaimSchema),
});
export type EpfoEmployer = z.infer<typeof epfoEmployerSchema>;

export const epfoFlagSchema = z.object({
  code: z.enum(epfoFlagCodes),
  severity: z.enum(['blocking', 'info']),
  /** One line naming what was found. */
  detail: z.string(),
  evidence: z.record(z.string(), z.unknown()),
});
export type EpfoFlag = z.infer<typeof epfoFlagSchema>;

export const epfoFindingsSchema = z.object({
  /** false: EPFO has no employment under the UAN. */
  found: z.boolean(),
  name_on_record: z.string().nullable(),
  name_match: z.enum(['strong', 'weak', 'none']).nullable(),
  employers: z.array(epfoEmployerSchema),
  /** Claims no establishment confirms. */
  unconfirmed_claims: z.array(epfoClaimSchema),
  flags: z.array(epfoFlagSchema),
  decision: z.enum(['verified', 'in_review']),
  /** Why it went to review, one line each; empty when verified. */
  reasons: z.array(z.string()),
});
export type EpfoFindings = z.infer<typeof epfoFindingsSchema>;

/** 'ended': an OTP session that stopped without a decision (its otp.ended says why). */
export const epfoLookupStates = ['asking', 'retrying', 'decided', 'gave_up', 'cancelled', 'ended'] as const;
/** uan: the employment history by UAN; passbook_otp: the member's OTP, then their passbook (the stronger option). */
export const epfoLookupMethods = ['uan', 'passbook_otp'] as const;
export const epfoOtpSteps = ['sending', 'awaiting_code', 'checking', 'reading'] as const;
export const epfoOtpEnds = ['expired', 'too_many_wrong', 'unavailable', 'cancelled'] as const;

/** Where an OTP passbook session stands, for the candidate's screen (never the code or the provider's session). */
export const epfoOtpViewSchema = z.object({
  /** null once the session ended or decided. */
  step: z.enum(epfoOtpSteps).nullable(),
  /** The EPFO mobile the code went to, as the provider masks it. */
  masked_mobile: z.string().nullable(),
  expires_at: z.string().nullable(),
  tries_left: z.number().int(),
  /** When a new code may be asked for; null: no more for this session. */
  resend_at: z.string().nullable(),
  /** The last code was wrong, could not be checked, or must be typed again. */
  notice: z.enum(['wrong_code', 'not_checked', 'code_lost']).nullable(),
  ended: z.enum(epfoOtpEnds).nullable(),
});
export type EpfoOtpView = z.infer<typeof epfoOtpViewSchema>;

/** POST /api/verification/epfo/otp/code: the code EPFO texted (spaces allowed, as people copy it). */
export const epfoOtpCodeBodySchema = z.strictObject({
  code: z.preprocess((value) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value), z.string(messages.epfo.otpCodeFormat).regex(/^\d{6}$/, messages.epfo.otpCodeFormat)),
});

/** The latest EPFO lookup of a candidate, with its findings once decided. */
export const epfoLookupViewSchema = z.object({
  id: z.string(),
  state: z.enum(epfoLookupStates),
  provider: z.string(),
  /** "Surepass": for "EPFO records via Surepass, 27 Nov 2026". */
  provider_label: z.string(),
  requested_at: z.string(),
  /** When a provider that could not answer is asked again (retrying). */
  next_attempt_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  findings: epfoFindingsSchema.nullable(),
  method: z.enum(epfoLookupMethods),
  /** The OTP session, on the candidate's own view while it runs or after it ended; null otherwise. */
  otp: epfoOtpViewSchema.nullable(),
});
export type EpfoLookupView = z.infer<typeof epfoLookupViewSchema>;

/** GET /api/pipeline/candidates/:candidateId/epfo: the employer's view (null: none decided yet). */
export const employerEpfoViewSchema = z.object({ lookup: epfoLookupViewSchema.nullable() });
export type EmployerEpfoView = z.infer<typeof employerEpfoViewSchema>;

/** GET /api/verification/provider-calls: calls to outside sources per provider per day (platform admins). */
export const providerCallsQuerySchema = z.strictObject({
  days: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number('days must be a number').int('days must be a whole number').min(1, 'days must be at least 1').max(90, 'days can be at most 90').default(14)),
});
export const providerCallDaySchema = z.object({
  /** YYYY-MM-DD in India. */
  day: z.string(),
  provider: z.string(),
  kind: z.enum(['epfo_history', 'epfo_passbook', 'digilocker']),
  calls: z.number().int(),
  /** Calls that got no answer (unavailable, rate limited, refused, an error); "not found" is an answer. */
  failures: z.number().int(),
  average_ms: z.number().int(),
});
export const providerCallsSchema = z.object({
  days: z.array(providerCallDaySchema),
  /** Calls made for each company this month (IST), for its plan's checks; WorkCred's own as company null. */
  by_company: z.array(z.object({ company_id: z.string().nullable(), company_name: z.string().nullable(), calls: z.number().int() })),
});
export type ProviderCalls = z.infer<typeof providerCallsSchema>;

/** POST /api/employment-records/shared/:candidateId/epfo-refresh: when the candidate was asked. */
export const epfoRefreshRequestSchema = z.object({ requested_at: z.string() });
