import { z } from 'zod';
import { fill } from '../fill.ts';
import { lettersMessages as text } from '../messages/letters.ts';

/**
 * Letters a company issues (issue 17).
 *
 *   GET  /api/letters/templates                 owner, admin → LetterTemplate[] (all four kinds)
 *   PUT  /api/letters/templates/:kind           owner, admin → LetterTemplate
 *   DELETE /api/letters/templates/:kind         owner, admin → LetterTemplate (back to the default)
 *   GET  /api/letters                           owner, admin, recruiter → CompanyLetter[]
 *   POST /api/letters                           owner, admin, recruiter → CompanyLetter (201)
 *   POST /api/letters/:letterId/revoke          owner, admin, recruiter → CompanyLetter
 *   GET  /api/letters/:letterId/pdf             the company's members above, or the person → application/pdf
 *   GET  /api/candidate/letters                 the candidate → MyLetter[]
 *   GET  /api/public/letters/:code              anyone → PublicLetter, or 404 "No letter found for this code"
 *   POST /api/public/letters/:code/compare      anyone, body: the PDF → { matches }
 */
export const letterKinds = ['offer', 'appointment', 'relieving', 'experience'] as const;
export type LetterKind = (typeof letterKinds)[number];

export const LETTER_MERGE_FIELDS = ['candidate_name', 'candidate_id', 'job_title', 'company_name', 'joining_date', 'last_working_day', 'annual_ctc_lakh', 'issue_date'] as const;
export type LetterMergeField = (typeof LETTER_MERGE_FIELDS)[number];
export type LetterValues = Record<LetterMergeField, string>;

export const LETTER_LIMITS = { subject: 200, body: 10_000, reason: 500, compareBytes: 10 * 1024 * 1024, codeLength: 12 } as const;
/** Crockford base32 without I, L, O, U: no two characters look alike. */
export const LETTER_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** The wording a company starts with; owners and admins change it in Settings → Letters. */
export const DEFAULT_LETTER_TEMPLATES: Record<LetterKind, { subject: string; body: string }> = {
  offer: {
    subject: 'Offer of employment',
    body: [
      'Dear {{candidate_name}},',
      'We are pleased to offer you the position of {{job_title}} at {{company_name}}. Your annual cost to company (CTC) will be INR {{annual_ctc_lakh}}.',
      'We would like you to join us on {{joining_date}}. Please confirm your acceptance by replying to this letter before that date.',
      'We look forward to welcoming you to the team.',
    ].join('\n\n'),
  },
  appointment: {
    subject: 'Letter of appointment',
    body: [
      'Dear {{candidate_name}},',
      'Further to your acceptance of our offer, we are pleased to appoint you as {{job_title}} at {{company_name}} with effect from {{joining_date}}.',
      'Your employment is governed by the policies of the company as amended from time to time. Your candidate ID with WorkCred is {{candidate_id}}.',
      'We wish you a rewarding career with us.',
    ].join('\n\n'),
  },
  relieving: {
    subject: 'Relieving letter',
    body: [
      'Dear {{candidate_name}},',
      'This is to confirm that you have been relieved of your duties as {{job_title}} at {{company_name}} at the close of business on {{last_working_day}}.',
      'We confirm that you have handed over your responsibilities and that there are no dues outstanding from you.',
      'We wish you success in your future endeavours.',
    ].join('\n\n'),
  },
  experience: {
    subject: 'Experience certificate',
    body: [
      'To whom it may concern,',
      'This is to certify that {{candidate_name}} was employed with {{company_name}} as {{job_title}} from {{joining_date}} to {{last_working_day}}.',
      'During this period we found their work and conduct to be good.',
      'We wish them every success in their career.',
    ].join('\n\n'),
  },
};

/** The merge fields a text uses, in order of first use. */
export function mergeFieldsIn(value: string): string[] {
  return [...new Set([...value.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((match) => match[1] ?? ''))];
}

/** Fills {{field}} with its value; every field was checked when the template was saved. */
export function renderLetterText(template: string, values: LetterValues): string {
  return template.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, field: string) => (field in values ? values[field as LetterMergeField] : whole));
}

/** Annual CTC in paise as Indian letters write it: 1250000_00 → "12.5 lakh". */
export function paiseInLakh(paise: number): string {
  const lakh = paise / 100 / 100_000;
  return `${lakh.toLocaleString('en-IN', { maximumFractionDigits: 2 })} lakh`;
}

/** ₹ lakh as typed ("12.5", "1,25.5") to integer paise; null unless a positive amount with at most two decimals. */
export function lakhToPaise(value: string): number | null {
  const trimmed = value.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const paise = Math.round(Number(trimmed) * 100_000 * 100);
  return paise > 0 ? paise : null;
}

const templateText = (max: number, required: string, tooLong: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .superRefine((value, context) => {
      const unknown = mergeFieldsIn(value).find((field) => !(LETTER_MERGE_FIELDS as readonly string[]).includes(field));
      if (unknown !== undefined) context.addIssue({ code: 'custom', message: fill(text.unknownField, { field: `{{${unknown}}}`, fields: LETTER_MERGE_FIELDS.join(', ') }) });
    });

export const letterKindParamsSchema = z.strictObject({ kind: z.enum(letterKinds, text.invalidKind) });
export const letterTemplateBodySchema = z.strictObject({
  subject: templateText(LETTER_LIMITS.subject, text.subjectRequired, text.subjectTooLong),
  body: templateText(LETTER_LIMITS.body, text.bodyRequired, text.bodyTooLong),
});
export type LetterTemplateInput = z.input<typeof letterTemplateBodySchema>;

export const letterTemplateSchema = z.object({
  kind: z.enum(letterKinds),
  subject: z.string(),
  body: z.string(),
  customised: z.boolean(),
  updated_at: z.string().nullable(),
});
export type LetterTemplate = z.infer<typeof letterTemplateSchema>;
export const letterTemplateListSchema = z.array(letterTemplateSchema);

const isoDate = z.iso.date(text.offerNeedsTerms);
/** Annual CTC in integer paise, at most ₹100 crore. */
const ctcPaise = z.number(text.invalidCtc).int(text.invalidCtc).positive(text.invalidCtc).max(1_000_000_000_00, text.invalidCtc);

export const issueLetterBodySchema = z
  .strictObject({
    kind: z.enum(letterKinds, text.invalidKind),
    application_id: z.uuid(text.applicationNotFound).optional(),
    employment_id: z.uuid(text.employmentNotFound).optional(),
    joining_date: isoDate.optional(),
    annual_ctc_paise: ctcPaise.optional(),
  })
  .superRefine((body, context) => {
    const wantsApplication = body.kind === 'offer';
    if (wantsApplication ? !body.application_id || body.employment_id : !body.employment_id || body.application_id) {
      context.addIssue({ code: 'custom', path: [wantsApplication ? 'application_id' : 'employment_id'], message: text.exactlyOneTarget });
    }
    if (body.kind === 'offer' && (!body.joining_date || body.annual_ctc_paise === undefined)) {
      context.addIssue({ code: 'custom', path: [body.joining_date ? 'annual_ctc_paise' : 'joining_date'], message: text.offerNeedsTerms });
    }
  });
export type IssueLetterInput = z.infer<typeof issueLetterBodySchema>;

export const letterIdParamsSchema = z.strictObject({ letterId: z.uuid(text.letterNotFound) });
export const revokeLetterBodySchema = z.strictObject({
  reason: z.string(text.reasonRequired).trim().min(3, text.reasonRequired).max(LETTER_LIMITS.reason, text.reasonTooLong),
});
export const letterCodeParamsSchema = z.strictObject({ code: z.string().max(64) });

const letterFacts = {
  id: z.string(),
  kind: z.enum(letterKinds),
  code: z.string(),
  recipient_name: z.string(),
  title: z.string(),
  joining_date: z.string().nullable(),
  last_working_day: z.string().nullable(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
};
export const companyLetterSchema = z.object({
  ...letterFacts,
  recipient_id: z.string(),
  issued_by_name: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  application_id: z.string().nullable(),
  employment_id: z.string().nullable(),
});
export type CompanyLetter = z.infer<typeof companyLetterSchema>;
export const companyLetterListSchema = z.array(companyLetterSchema);

export const myLetterSchema = z.object({ ...letterFacts, company_name: z.string() });
export type MyLetter = z.infer<typeof myLetterSchema>;
export const myLetterListSchema = z.array(myLetterSchema);

/** What anyone may see at /verify/<code>: who issued it, to whom, the kind and the dates it states; never pay. */
export const publicLetterSchema = z.object({
  code: z.string(),
  kind: z.enum(letterKinds),
  company_name: z.string(),
  recipient_name: z.string(),
  title: z.string(),
  joining_date: z.string().nullable(),
  last_working_day: z.string().nullable(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type PublicLetter = z.infer<typeof publicLetterSchema>;
export const compareResultSchema = z.object({ matches: z.boolean() });

/** A date as letters write it, in IST: "2027-01-04" or an instant → "4 January 2027". */
export function letterDate(value: string | Date): string {
  const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+05:30`) : new Date(value);
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(at);
}
