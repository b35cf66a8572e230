import { z } from 'zod';
import { fill } from '../fill.ts';
import { candidateEmailsMessages as text } from '../messages/candidate-emails.ts';
import { CANDIDATE_EMAIL_STAGES } from './pipeline.ts';

/** The merge fields a candidate email may use, written {{candidate_name}} in a template. */
export const MERGE_FIELDS = ['candidate_name', 'job_title', 'company_name', 'interview_time'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

export const CANDIDATE_EMAIL_LIMITS = { name: 100, subject: 200, body: 5000, templatesPerCompany: 50, sendsPerHour: 60 } as const;

const TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;
const mergeToken = (field: string) => `{{${field}}}`;

/** The distinct merge fields a text names, in order of first use. */
export function mergeFieldsIn(value: string): string[] {
  return [...new Set([...value.matchAll(TOKEN)].map((match) => match[1] ?? ''))];
}

export function unknownMergeFields(value: string): string[] {
  return mergeFieldsIn(value).filter((field) => !(MERGE_FIELDS as readonly string[]).includes(field));
}

/** Each {{field}} replaced by its value (plain text; the HTML part escapes separately). */
export function fillMergeFields(value: string, values: MergeValues): string {
  return value.replace(TOKEN, (whole, field: string) => ((MERGE_FIELDS as readonly string[]).includes(field) ? values[field as MergeField] : whole));
}

export const mergeFieldsList = MERGE_FIELDS.map(mergeToken).join(', ');
const knownFields = `${MERGE_FIELDS.slice(0, -1).map(mergeToken).join(', ')} or ${mergeToken(MERGE_FIELDS[MERGE_FIELDS.length - 1]!)}`;

/** "Unknown merge field: {{first_name}}. Use {{candidate_name}}, … or {{interview_time}}." */
export function unknownFieldsMessage(fields: string[]): string {
  return fill(text.unknownMergeFields, { fields: fields.map(mergeToken).join(', '), known: knownFields });
}

const tooLong = (max: number) => fill(text.tooLong, { max });
/** Line breaks and tabs belong in a message; other control characters do not. */
const noStrayControls = (value: string) => !/[\p{Cc}]/u.test(value.replace(/[\n\r\t]/g, ''));
const withKnownFields = (schema: z.ZodString) =>
  schema.superRefine((value, ctx) => {
    const unknown = unknownMergeFields(value);
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownFieldsMessage(unknown) });
  });

const subjectSchema = withKnownFields(
  z
    .string(text.subjectRequired)
    .trim()
    .min(1, text.subjectRequired)
    .max(CANDIDATE_EMAIL_LIMITS.subject, tooLong(CANDIDATE_EMAIL_LIMITS.subject))
    .refine((value) => !/\p{Cc}/u.test(value), text.invalidCharacters),
);
const bodySchema = withKnownFields(
  z.string(text.bodyRequired).trim().min(1, text.bodyRequired).max(CANDIDATE_EMAIL_LIMITS.body, tooLong(CANDIDATE_EMAIL_LIMITS.body)).refine(noStrayControls, text.invalidCharacters),
);

/** POST /api/settings/email-templates and PUT …/:templateId. */
export const emailTemplateBodySchema = z.strictObject({
  name: z
    .string(text.nameRequired)
    .trim()
    .min(1, text.nameRequired)
    .max(CANDIDATE_EMAIL_LIMITS.name, tooLong(CANDIDATE_EMAIL_LIMITS.name))
    .refine((value) => !/\p{Cc}/u.test(value), text.invalidCharacters),
  subject: subjectSchema,
  body: bodySchema,
  stage: z.enum(CANDIDATE_EMAIL_STAGES).nullable().optional(),
});
export type EmailTemplateInput = z.input<typeof emailTemplateBodySchema>;

export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  stage: z.enum(CANDIDATE_EMAIL_STAGES).nullable(),
  updated_at: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplateListSchema = z.object({ templates: z.array(emailTemplateSchema) });
export const emailTemplateParamsSchema = z.object({ templateId: z.uuid() });

/** GET /api/pipeline/applications/:applicationId/email: what the compose dialog needs. */
export const emailComposeSchema = z.object({
  to: z.string(),
  values: z.object({ candidate_name: z.string(), job_title: z.string(), company_name: z.string(), interview_time: z.string().nullable() }),
  templates: z.array(emailTemplateSchema.pick({ id: true, name: true, subject: true, body: true })),
});
export type EmailCompose = z.infer<typeof emailComposeSchema>;

/** POST /api/pipeline/applications/:applicationId/email */
export const sendCandidateEmailBodySchema = z.strictObject({
  template_id: z.uuid().nullable().optional(),
  subject: subjectSchema,
  body: bodySchema,
});
export type SendCandidateEmailInput = z.input<typeof sendCandidateEmailBodySchema>;
export const sentCandidateEmailSchema = z.object({ to: z.string(), subject: z.string(), sent_at: z.string() });

/** §2: each member's choice; GET/PUT /api/notifications/application-notices. */
export const applicationNoticeModes = ['instant', 'daily'] as const;
export const applicationNoticePreferenceSchema = z.strictObject({ mode: z.enum(applicationNoticeModes) });
export type ApplicationNoticePreference = z.infer<typeof applicationNoticePreferenceSchema>;
