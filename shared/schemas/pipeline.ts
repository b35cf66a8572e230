import { z } from 'zod';
import { messages } from '../messages.ts';
import { isIsoDate } from './jobs.ts';
import { SOURCE_TAG_PATTERN } from './source-tag.ts';
import { tagLabelSchema } from './candidate-record.ts';
import { screeningAnswerSchema } from './screening-questions.ts';

export { SOURCE_TAG_PATTERN };

/**
 * The hiring pipeline (issue 7 point 1).
 *
 *   GET  /api/pipeline/jobs/:jobId                          user (employer of the job's company) → JobPipeline
 *   POST /api/pipeline/jobs/:jobId/bulk-reject              user (employer)  {application_ids, note?} → BulkRejectResult
 *   GET  /api/pipeline/applications/:applicationId          user (employer)  → PipelineApplicationDetail
 *   POST /api/pipeline/applications/:applicationId/stage    user (employer)  {stage, note?, hire?} → StageChangeResult
 *   POST /api/pipeline/applications/:applicationId/withdraw user (the candidate who applied) → StageChangeResult
 *   GET  /api/pipeline/drives                               user (employer)  → Drive[]
 *   POST /api/pipeline/drives                               user (employer)  {name} → 201 Drive
 */
const text = messages.pipeline;
const fill = (template: string, max: number) => template.replace('{max}', String(max));

export const PIPELINE_STAGES = ['received', 'screening', 'shortlisted', 'interview', 'offered', 'hired', 'rejected', 'withdrawn'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];
/** The stages an application moves through in order (the board's columns, before rejected and withdrawn). */
export const OPEN_STAGES = ['received', 'screening', 'shortlisted', 'interview', 'offered'] as const;
/** No move leaves these. */
export const FINAL_STAGES = ['hired', 'rejected', 'withdrawn'] as const;
export const isFinalStage = (stage: string): boolean => (FINAL_STAGES as readonly string[]).includes(stage);

/** Stages the candidate is emailed about; received and screening are internal triage (see messages.pipeline.email). */
export const CANDIDATE_EMAIL_STAGES = ['shortlisted', 'interview', 'offered', 'hired', 'rejected'] as const;
export const concernsCandidate = (stage: string): boolean => (CANDIDATE_EMAIL_STAGES as readonly string[]).includes(stage);

/** referral, walk_in, added: a person the company added by hand or from a file, who confirmed (issue 36 §2, ADR 0030). */
export const APPLICATION_SOURCES = ['direct', 'link', 'qr', 'drive', 'referral', 'walk_in', 'added'] as const;
export type ApplicationSource = (typeof APPLICATION_SOURCES)[number];

/**
 * listed: at most this many cards of one stage in one answer. perStage: how many of each stage's
 * newest an answer lists unless asked for more (?show=screening:100), and the step of "Show more".
 */
export const PIPELINE_LIMITS = { note: 1000, hireTitle: 200, bulk: 200, driveName: 100, listed: 2000, perStage: 50 } as const;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const clean = (value: string) => !CONTROL_CHARACTERS.test(value);

/** An optional note: blank means none. */
export const noteSchema = z
  .string()
  .trim()
  .max(PIPELINE_LIMITS.note, fill(text.noteTooLong, PIPELINE_LIMITS.note))
  .refine(clean, text.invalidCharacters)
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const applicationIdParamsSchema = z.strictObject({ applicationId: z.uuid('applicationId must be an application id') });
export const pipelineJobParamsSchema = z.strictObject({ jobId: z.uuid('jobId must be a job id') });

export type StageLimits = Partial<Record<PipelineStage, number>>;

/** "screening:100,offered:100" → { screening: 100, offered: 100 }, or undefined with what is wrong. */
function parseStageLimits(value: string): { limits: StageLimits } | { error: string } {
  const limits: StageLimits = {};
  for (const part of value.split(',')) {
    if (part === '') continue;
    const [stage, count, extra] = part.split(':');
    if (extra !== undefined || !(PIPELINE_STAGES as readonly string[]).includes(stage ?? '')) return { error: text.showInvalid.replace('{value}', part.slice(0, 40)) };
    const n = Number(count);
    if (!/^\d{1,4}$/.test(count ?? '') || !Number.isInteger(n) || n < 1 || n > PIPELINE_LIMITS.listed) return { error: text.showInvalid.replace('{value}', part.slice(0, 40)) };
    limits[stage as PipelineStage] = n;
  }
  return { limits };
}

/** GET /api/pipeline/jobs/:jobId?show=<stage>:<count>,…: how many of a stage's newest to list, when more than perStage. */
export const pipelineQuerySchema = z.strictObject({
  show: z
    .string()
    .max(400, text.showInvalid.replace('{value}', '…'))
    .transform((value, ctx) => {
      const parsed = parseStageLimits(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.limits;
    })
    .optional(),
  /** Only candidates with this company tag (issue 36 §2), compared without case. */
  tag: tagLabelSchema.optional(),
});

/** The query string for these limits (stages at the default are left out). */
export function stageLimitsQuery(limits: StageLimits): string {
  return PIPELINE_STAGES.filter((stage) => (limits[stage] ?? PIPELINE_LIMITS.perStage) !== PIPELINE_LIMITS.perStage)
    .map((stage) => `${stage}:${limits[stage]}`)
    .join(',');
}

export const hireDetailsSchema = z.strictObject({
  title: z.string(text.titleRequired).trim().min(1, text.titleRequired).max(PIPELINE_LIMITS.hireTitle, fill(text.titleTooLong, PIPELINE_LIMITS.hireTitle)).refine(clean, text.invalidCharacters),
  joining_date: z.string(text.joiningDateInvalid).trim().refine(isIsoDate, text.joiningDateInvalid).meta({ format: 'date' }),
});
export type HireDetails = z.output<typeof hireDetailsSchema>;

/** POST …/stage. Moving to hired needs `hire`; any other stage refuses it. */
export const moveStageBodySchema = z
  .strictObject({
    stage: z.enum(PIPELINE_STAGES, text.invalidStage),
    note: noteSchema,
    hire: hireDetailsSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.stage === 'hired' && !body.hire) ctx.addIssue({ code: 'custom', path: ['hire'], message: text.hireDetailsRequired });
    if (body.stage !== 'hired' && body.hire) ctx.addIssue({ code: 'custom', path: ['hire'], message: text.hireOnlyWhenHiring });
  });
export type MoveStageInput = z.input<typeof moveStageBodySchema>;
export type MoveStageValues = z.output<typeof moveStageBodySchema>;

export const bulkRejectBodySchema = z.strictObject({
  application_ids: z
    .array(z.uuid(text.bulkNotFound), fill(text.bulkIdsInvalid, PIPELINE_LIMITS.bulk))
    .min(1, fill(text.bulkIdsInvalid, PIPELINE_LIMITS.bulk))
    .max(PIPELINE_LIMITS.bulk, fill(text.bulkIdsInvalid, PIPELINE_LIMITS.bulk)),
  note: noteSchema,
});
export type BulkRejectInput = z.input<typeof bulkRejectBodySchema>;

/** Withdrawing takes no fields. */
export const withdrawBodySchema = z.strictObject({}).optional();

export const driveNameSchema = z
  .string(text.driveNameRequired)
  .trim()
  .min(1, text.driveNameRequired)
  .max(PIPELINE_LIMITS.driveName, fill(text.driveNameTooLong, PIPELINE_LIMITS.driveName))
  .refine(clean, text.invalidCharacters);
export const createDriveBodySchema = z.strictObject({ name: driveNameSchema });

export const driveSchema = z.object({ id: z.string(), name: z.string(), created_at: z.string(), applications: z.number().int() });
export type Drive = z.infer<typeof driveSchema>;
export const driveListSchema = z.array(driveSchema);

export const sourceTagSchema = z.string(text.sourceInvalid).max(60, text.sourceInvalid).regex(SOURCE_TAG_PATTERN, text.sourceInvalid);
/** The tag a job link carries: the QR code and the copied link say where the candidate came from. */
export function sourceTag(kind: 'link' | 'qr', driveId?: string | null): string {
  return driveId ? `drive:${driveId}` : kind;
}

export const verificationBadgeSchema = z.string();

export const pipelineDocumentSchema = z.object({ id: z.string(), document_type: z.string(), url: z.string() });

export const pipelineApplicationSchema = z.object({
  id: z.string(),
  candidate_id: z.string(),
  candidate_code: z.string().nullable(),
  name: z.string(),
  experience_years: z.number().nullable(),
  notice_period_days: z.number().int().nullable(),
  stage: z.enum(PIPELINE_STAGES),
  stage_changed_at: z.string().meta({ format: 'date-time' }),
  applied_at: z.string().meta({ format: 'date-time' }),
  source: z.enum(APPLICATION_SOURCES),
  source_drive_id: z.string().nullable(),
  source_drive_name: z.string().nullable(),
  /** Subjects of the candidate's verified checks (phone, uan, resume…). */
  verified: z.array(verificationBadgeSchema),
  documents: z.array(pipelineDocumentSchema),
  /** A screening answer knocked it out (issue 36 §1): the card's "Knocked out" badge. */
  knocked_out: z.boolean(),
});
export type PipelineApplication = z.infer<typeof pipelineApplicationSchema>;

/** A card on the board: the application and the company's tags on its candidate (issue 36 §2; not in the public API). */
export const pipelineCardSchema = pipelineApplicationSchema.extend({ tags: z.array(z.string()) });
export type PipelineCard = z.infer<typeof pipelineCardSchema>;

export const jobPipelineSchema = z.object({
  job: z.object({ id: z.string(), title: z.string() }),
  applications: z.array(pipelineCardSchema),
  /** Every stage, zero included. */
  stage_counts: z.record(z.enum(PIPELINE_STAGES), z.number().int()),
  /** Per source: direct, link, qr, and one entry per drive. */
  source_counts: z.array(z.object({ source: z.enum(APPLICATION_SOURCES), drive_id: z.string().nullable(), drive_name: z.string().nullable(), count: z.number().int() })),
  total: z.number().int(),
  /** True when some stage has more applications than are listed (each stage lists its newest first; ?show= lists more). */
  capped: z.boolean(),
});
export type JobPipeline = z.infer<typeof jobPipelineSchema>;

export const stageEventSchema = z.object({
  id: z.string(),
  from_stage: z.enum(PIPELINE_STAGES).nullable(),
  to_stage: z.enum(PIPELINE_STAGES),
  actor_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string().meta({ format: 'date-time' }),
});
export type StageEvent = z.infer<typeof stageEventSchema>;

export const pipelineApplicationDetailSchema = pipelineCardSchema.extend({
  job_id: z.string(),
  job_title: z.string(),
  email: z.string(),
  /** The candidate's phone and whether they verified it (issue 36 §2: the panel shows it). */
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  /** The resume shown inline in the panel (sandboxed), or null when none is uploaded. */
  resume_url: z.string().nullable(),
  current_employer: z.string().nullable(),
  history: z.array(stageEventSchema),
  /** The answers to the job's screening questions, each with the question as it was asked (empty: none asked). */
  screening_answers: z.array(screeningAnswerSchema),
  /** Why the answers knocked it out; null when they did not. */
  knockout_reason: z.string().nullable(),
});
export type PipelineApplicationDetail = z.infer<typeof pipelineApplicationDetailSchema>;

export const stageChangeResultSchema = z.object({
  id: z.string(),
  stage: z.enum(PIPELINE_STAGES),
  stage_changed_at: z.string().meta({ format: 'date-time' }),
  employment_id: z.string().nullable(),
});
export type StageChangeResult = z.infer<typeof stageChangeResultSchema>;

export const bulkRejectResultSchema = z.object({
  rejected: z.array(z.string()),
  /** Already hired, rejected or withdrawn: left as they were. */
  skipped: z.array(z.string()),
});
export type BulkRejectResult = z.infer<typeof bulkRejectResultSchema>;
