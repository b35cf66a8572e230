import { z } from 'zod';
import { sourceTagSchema } from './pipeline.ts';
import { jobDetailsShape } from './jobs.ts';
import { publicScreeningQuestionSchema, screeningAnswersBodySchema } from './screening-questions.ts';

/** /api/public/jobs/:jobId and /api/jobs/:jobId/…: the id must be a uuid (400 otherwise, never a 5xx). */
export const jobIdParamsSchema = z.strictObject({ jobId: z.uuid('jobId must be a job id') });
export type JobIdParams = z.infer<typeof jobIdParamsSchema>;

/** GET /api/public/jobs/:jobId/share-image.png: `v` is the image's version, which the job page puts in the address (issue 33, C3). */
export const shareImageQuerySchema = z.strictObject({ v: z.string().max(64).optional() });

/** GET /api/public/jobs/:jobId: what a visitor may see of one published, non-deleted job. */
export const publicJobDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  company_name: z.string(),
  description: z.string(),
  requirements: z.string().nullable(),
  benefits: z.string().nullable(),
  location: z.string().nullable(),
  salary: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  ...jobDetailsShape,
  /** False once the job has expired or stopped: the page still explains the job but Apply is disabled. */
  accepting_applications: z.boolean(),
  /** True when the job is open but its company's plan stops it taking applications (its limit, or a lapse past the grace). */
  applications_stopped: z.boolean(),
  /** Asked on Apply (issue 36 §1): the words and choices only, never a knockout rule. */
  screening_questions: z.array(publicScreeningQuestionSchema),
});
export type PublicJobDetail = z.infer<typeof publicJobDetailSchema>;

/**
 * POST /api/jobs/:jobId/applications: who applies comes from the session. `source` is the ?src=
 * tag of the link the candidate followed (link, qr or drive:<id>); none means they found the job
 * on WorkCred (direct). `answers` answer the job's screening questions (issue 36 §1), checked on the server.
 */
export const applyToJobBodySchema = z.strictObject({ source: sourceTagSchema.optional(), answers: screeningAnswersBodySchema.optional() });
export type ApplyToJobBody = z.infer<typeof applyToJobBodySchema>;

/** 201 {status: 'received'} for a new application, 200 {status: 'already_applied'} for a repeat. */
export const applyToJobResultSchema = z.object({
  id: z.string(),
  status: z.enum(['received', 'already_applied']),
});
export type ApplyToJobResult = z.infer<typeof applyToJobResultSchema>;

/** GET /api/jobs/:jobId/applications/mine */
export const myApplicationSchema = z.object({
  applied: z.boolean(),
  status: z.string().optional(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;
