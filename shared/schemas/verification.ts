import { z } from 'zod';
import { messages } from '../messages.ts';
import { epfoLookupViewSchema } from './epfo.ts';

const text = messages.verification;

export const verificationSubjects = ['phone', 'uan', 'resume', 'bank_statement', 'experience_letter', 'salary_slip'] as const;
export const verificationStatuses = ['pending', 'in_review', 'verified', 'rejected'] as const;
export const verificationDeciders = ['algorithm', 'provider', 'verification_team'] as const;
/** Profile fields a check can confirm. */
export const verifiableFields = ['phone', 'full_name', 'uan', 'current_employer', 'current_pay_lakh', 'salary_credits'] as const;

export type VerificationSubjectName = (typeof verificationSubjects)[number];
export type VerificationStatusName = (typeof verificationStatuses)[number];
export type VerifiableField = (typeof verifiableFields)[number];

/** Review queue page size. */
export const VERIFICATION_QUEUE_PAGE_SIZE = 50;
export const DECISION_REASON_MAX = 1000;

export const verificationSubjectSchema = z.enum(verificationSubjects, 'Unknown check');

export const verificationFlagSchema = z.object({
  rule: z.string(),
  outcome: z.enum(['match', 'mismatch', 'missing', 'not_checked']),
  expected: z.string().optional(),
  found: z.string().optional(),
  evidence: z.string().optional(),
  /** Document forensics: where the finding is (1-based page; [x0, y0, x1, y1] in points from the page's top-left). */
  page: z.number().int().optional(),
  rect: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  risk: z.enum(['low', 'medium', 'high']).optional(),
});
export type VerificationFlagView = z.infer<typeof verificationFlagSchema>;

const consentSchema = z.object({ granted_at: z.string(), purpose: z.string() }).nullable();

/** One check as its candidate sees it: never the name of the person who decided. */
export const candidateCheckSchema = z.object({
  subject: verificationSubjectSchema,
  /** null until the check has a row (no consent given yet). */
  id: z.string().nullable(),
  status: z.enum(verificationStatuses),
  reason: z.string().nullable(),
  decided_by: z.enum(verificationDeciders).nullable(),
  decided_at: z.string().nullable(),
  /** What the candidate agrees to before it runs. */
  purpose: z.string(),
  consent: consentSchema,
  flags: z.array(verificationFlagSchema),
  verified_fields: z.array(z.string()),
  /** Companies the candidate applied to that asked for this check (issue 15). */
  requested_by: z.array(z.string()),
  /** The phone check done by the code the candidate entered: the number it went to, masked ("+91•••••••210"); else null. */
  code_sent_to: z.string().nullable(),
  /** The UAN check's EPFO lookup (issue 34): progress, then the employers found; null otherwise. */
  epfo: epfoLookupViewSchema.nullable(),
  /** The UAN check: who EPFO is asked through ("Surepass"); null without a provider. */
  uan_provider: z.string().nullable(),
  /** The UAN check: the consent text of the stronger option (the member's OTP, then the passbook); null where the provider has no OTP flow. */
  otp_purpose: z.string().nullable(),
  /** A scan being read by OCR (issue 35): the pages read so far of those to read (null until rendered); null otherwise. */
  reading: z.object({ pages_done: z.number().int().min(0), page_count: z.number().int().min(0).nullable() }).nullable(),
});
export type CandidateCheck = z.infer<typeof candidateCheckSchema>;
export const candidateCheckListSchema = z.array(candidateCheckSchema);

export const subjectParamsSchema = z.strictObject({ subject: verificationSubjectSchema });
export const checkIdParamsSchema = z.strictObject({ checkId: z.uuid('checkId must be a check id') });
/** GET /api/verification/checks/:checkId/pages/:page: a 1-based page number written plainly ("1", never "01", "1.0" or "1e0"). */
export const checkPageParamsSchema = z.strictObject({
  checkId: z.uuid('checkId must be a check id'),
  page: z.string().regex(/^[1-9]\d{0,4}$/, text.pageParamInvalid).transform(Number),
});

/** The consent body: the purpose is fixed by the server, so nothing may be sent but an empty object. */
export const consentBodySchema = z.strictObject({}).nullish();

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const queueQuerySchema = z.strictObject({
  status: z.preprocess(emptyAsAbsent, z.enum(['open', ...verificationStatuses], 'status must be open, pending, in_review, verified or rejected').default('open')),
  page: z.preprocess(emptyAsAbsent, z.coerce.number('page must be a number').int('page must be a whole number').min(1, 'page must be at least 1').max(10_000, 'page is too large').default(1)),
});
export type QueueQuery = z.output<typeof queueQuerySchema>;

export const queueItemSchema = z.object({
  id: z.string(),
  candidate_id: z.string(),
  candidate_name: z.string(),
  candidate_code: z.string().nullable(),
  subject: verificationSubjectSchema,
  status: z.enum(verificationStatuses),
  document_id: z.string().nullable(),
  flags: z.array(verificationFlagSchema),
  consent_active: z.boolean(),
  updated_at: z.string(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;
export const queuePageSchema = z.object({ checks: z.array(queueItemSchema), has_more: z.boolean() });
export type QueuePage = z.infer<typeof queuePageSchema>;

export const checkHistoryEntrySchema = z.object({
  action: z.string(),
  actor_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

/** The admin's view of one check. */
export const checkDetailSchema = queueItemSchema.extend({
  reason: z.string().nullable(),
  decided_by: z.enum(verificationDeciders).nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  verified_fields: z.array(z.string()),
  provider: z.string().nullable(),
  provider_reference: z.string().nullable(),
  consent: consentSchema,
  history: z.array(checkHistoryEntrySchema),
  /** The UAN check's latest EPFO lookup with its evidence (issue 34); null for other checks. */
  epfo: epfoLookupViewSchema.nullable(),
});
export type CheckDetail = z.infer<typeof checkDetailSchema>;

export const decisionBodySchema = z
  .strictObject({
    status: z.enum(['verified', 'rejected'], 'status must be verified or rejected'),
    reason: z.string().trim().max(DECISION_REASON_MAX, text.reasonTooLong).optional(),
    verified_fields: z.array(z.enum(verifiableFields)).max(verifiableFields.length).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'rejected' && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: text.reasonRequired });
  });
export type DecisionBody = z.output<typeof decisionBodySchema>;
