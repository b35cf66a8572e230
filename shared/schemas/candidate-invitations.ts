import { z } from 'zod';
import { candidateInvitationsMessages as text } from '../messages/candidate-invitations.ts';
import { csvImportPreviewSchema } from './csv-import.ts';

/** How long a person has to answer before what the company recorded is deleted. */
export const INVITATION_VALID_DAYS = 30;
export const INVITATION_SOURCES = ['referral', 'walk_in', 'added'] as const;
export type InvitationSource = (typeof INVITATION_SOURCES)[number];

const nameSchema = z.string(text.nameRequired).trim().min(1, text.nameRequired).max(120, text.nameTooLong);
export const invitationEmailSchema = z
  .string(text.emailInvalid)
  .trim()
  .max(254, text.emailInvalid)
  .pipe(z.email(text.emailInvalid))
  .transform((email) => email.toLowerCase());
const phoneSchema = z
  .string(text.phoneInvalid)
  .trim()
  .refine((value) => value === '' || (/^[+\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 10 && value.length <= 20), text.phoneInvalid)
  .transform((value) => value || null);
const referrerSchema = z
  .string(text.referrerTooLong)
  .trim()
  .max(120, text.referrerTooLong)
  .transform((value) => value || null);

/** POST /api/pipeline/jobs/:jobId/invitations: a referral or a walk-in, as the recruiter was told. */
export const invitationBodySchema = z
  .strictObject({
    full_name: nameSchema,
    email: invitationEmailSchema,
    phone: phoneSchema.nullable().optional().transform((value) => value ?? null),
    source: z.enum(INVITATION_SOURCES, text.sourceInvalid),
    referrer_name: referrerSchema.nullable().optional().transform((value) => value ?? null),
  })
  .superRefine((body, ctx) => {
    if (body.referrer_name && body.source !== 'referral') ctx.addIssue({ code: 'custom', path: ['referrer_name'], message: text.referrerOnlyForReferral });
  });
export type InvitationBody = z.output<typeof invitationBodySchema>;
export type InvitationInput = z.input<typeof invitationBodySchema>;

/** A CSV row's Source cell: the words a person writes, to the stored value; empty is "added". */
export function invitationSourceOf(cell: string): InvitationSource | null {
  const word = cell.trim().toLowerCase().replace(/[\s_-]+/g, '');
  if (word === '' || word === 'added' || word === 'addedbytheteam' || word === 'sourced') return 'added';
  if (word === 'referral' || word === 'referred') return 'referral';
  if (word === 'walkin') return 'walk_in';
  return null;
}

/** The resume the company attached (the company's copy until the person answers), or null. */
export const invitationResumeSchema = z.object({ name: z.string().nullable(), size_bytes: z.number().int() }).nullable();
export type InvitationResume = z.infer<typeof invitationResumeSchema>;

/** What the company recorded about the person, and where the invitation stands: both sides see it. */
const recordedSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  source: z.enum(INVITATION_SOURCES),
  referrer_name: z.string().nullable(),
  status: z.enum(['pending', 'confirmed', 'declined', 'withdrawn']),
  resume: invitationResumeSchema,
});

/** What the company sees of an invitation: what it recorded, and where it stands. */
export const candidateInvitationSchema = recordedSchema.extend({
  id: z.string(),
  job_id: z.string(),
  invited_by: z.string().nullable(),
  created_at: z.string().meta({ format: 'date-time' }),
  expires_at: z.string().meta({ format: 'date-time' }),
});
export type CandidateInvitation = z.infer<typeof candidateInvitationSchema>;
export const candidateInvitationListSchema = z.object({ invitations: z.array(candidateInvitationSchema) });
export const invitationJobParamsSchema = z.strictObject({ jobId: z.uuid(text.jobNotFound) });
export const invitationParamsSchema = z.strictObject({ invitationId: z.uuid(text.invitationNotFound) });

/** The CSV import's row values as the preview shows them. */
const invitationImportValuesSchema = z.object({ full_name: z.string(), email: z.string(), phone: z.string(), source: z.string(), referrer_name: z.string() });
export type InvitationImportValues = z.infer<typeof invitationImportValuesSchema>;
export const invitationImportPreviewSchema = csvImportPreviewSchema(invitationImportValuesSchema);
export const invitationImportResultSchema = z.object({ imported: z.number().int(), invitations: z.array(candidateInvitationSchema) });

/** The person's page: the token from the link's fragment, in the body (never in a URL the server logs). */
export const invitationTokenBodySchema = z.strictObject({ token: z.string(text.linkInvalid).min(20, text.linkInvalid).max(100, text.linkInvalid) });
export const invitationAnswerBodySchema = z.strictObject({
  token: invitationTokenBodySchema.shape.token,
  answer: z.enum(['confirm', 'decline'], text.linkInvalid),
  /** Confirming: whether the resume the company attached becomes the person's own. Only a yes keeps it. */
  keep_resume: z.boolean(text.keepResumeInvalid).optional(),
});

/** What the person sees: who added them, for what, and everything recorded about them. */
export const invitationForCandidateSchema = recordedSchema.extend({
  company_name: z.string(),
  job_title: z.string(),
  job_location: z.string().nullable(),
  expires_at: z.string().meta({ format: 'date-time' }),
  expires_label: z.string(),
});
export type InvitationForCandidate = z.infer<typeof invitationForCandidateSchema>;
export const invitationAnswerResultSchema = z.object({ status: z.enum(['confirmed', 'declined']), company_name: z.string(), job_title: z.string(), email: z.string(), resume_kept: z.boolean() });
export type InvitationAnswerResult = z.infer<typeof invitationAnswerResultSchema>;
