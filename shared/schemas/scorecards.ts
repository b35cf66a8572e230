import { z } from 'zod';
import { scorecardsMessages as text } from '../messages/scorecards.ts';

/** Structured scorecards (issue 36 §4): a job's template, the interviewer's scorecard, and what each caller may see. */
export const SCORECARD_LIMITS = { minCriteria: 1, maxCriteria: 10, criterionName: 60, guidance: 300, notes: 5000 } as const;
export const SCORECARD_RATINGS = [1, 2, 3, 4] as const;
export const RECOMMENDATIONS = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const plain = (value: string) => !CONTROL_CHARACTERS.test(value);

const criterionName = z
  .string(text.criterionNameRequired)
  .trim()
  .min(1, text.criterionNameRequired)
  .max(SCORECARD_LIMITS.criterionName, text.criterionNameTooLong)
  .refine(plain, text.invalidCharacters);

const uniqueNames = (items: { name: string }[]) => new Set(items.map((item) => item.name.toLowerCase())).size === items.length;

// ── The job's template ──────────────────────────────────────────────────────────────────────────

export const templateCriterionSchema = z.strictObject({
  name: criterionName,
  guidance: z
    .string()
    .trim()
    .max(SCORECARD_LIMITS.guidance, text.guidanceTooLong)
    .refine(plain, text.invalidCharacters)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});
export type TemplateCriterion = z.output<typeof templateCriterionSchema>;

/** PUT /api/jobs/:jobId/scorecard-template: the whole ordered list at once. */
export const putScorecardTemplateBodySchema = z.strictObject({
  criteria: z
    .array(templateCriterionSchema, text.templateCount)
    .min(SCORECARD_LIMITS.minCriteria, text.templateCount)
    .max(SCORECARD_LIMITS.maxCriteria, text.templateCount)
    .refine(uniqueNames, text.duplicateCriteria),
});
export type PutScorecardTemplateBody = z.output<typeof putScorecardTemplateBodySchema>;
export type PutScorecardTemplateInput = z.input<typeof putScorecardTemplateBodySchema>;

export const scorecardTemplateSchema = z.object({
  job_id: z.string(),
  criteria: z.array(z.object({ name: z.string(), guidance: z.string().nullable() })),
  /** True while the job has no template of its own (the default criteria are shown). */
  is_default: z.boolean(),
  updated_at: z.string().meta({ format: 'date-time' }).nullable(),
});
export type ScorecardTemplate = z.infer<typeof scorecardTemplateSchema>;

// ── The interviewer's scorecard ─────────────────────────────────────────────────────────────────

export const scorecardRatingSchema = z.strictObject({
  name: criterionName,
  rating: z.number(text.ratingRange).int(text.ratingRange).min(1, text.ratingRange).max(4, text.ratingRange),
});

/**
 * PUT /api/interviews/:id/scorecard: the caller's own scorecard (one per interviewer; PUT replaces
 * it). The server checks the criteria against the job's template: each rated once, none other.
 */
export const scorecardBodySchema = z.strictObject({
  criteria: z
    .array(scorecardRatingSchema, text.ratingsRequired)
    .min(SCORECARD_LIMITS.minCriteria, text.ratingsRequired)
    .max(SCORECARD_LIMITS.maxCriteria, text.templateCount)
    .refine(uniqueNames, text.duplicateCriteria),
  recommendation: z.enum(RECOMMENDATIONS, text.recommendationRequired),
  notes: z
    .string()
    .trim()
    .max(SCORECARD_LIMITS.notes, text.notesTooLong)
    .refine(plain, text.invalidCharacters)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});
export type ScorecardBody = z.output<typeof scorecardBodySchema>;
export type ScorecardInput = z.input<typeof scorecardBodySchema>;

export const scorecardSchema = z.object({
  id: z.string(),
  interviewer_id: z.string(),
  interviewer_name: z.string(),
  /** As rated, in the template's order then; older scorecards keep their own criteria. */
  criteria: z.array(z.object({ name: z.string(), rating: z.number().int() })),
  /** Null only on scorecards left before recommendations existed. */
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
  /** The mean of the 1–4 ratings, to two decimals; null when there are none. */
  average_rating: z.number().nullable(),
  notes: z.string().nullable(),
  created_at: z.string().meta({ format: 'date-time' }),
  updated_at: z.string().meta({ format: 'date-time' }),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

/**
 * GET /api/interviews/:id/scorecards. An interviewer of the interview who has not submitted sees no
 * one's scores (`hidden`), only who has submitted; everyone else who may see the interview sees all.
 */
export const scorecardListSchema = z.object({
  scorecards: z.array(scorecardSchema),
  hidden: z.boolean(),
  interviewers: z.array(z.object({ id: z.string(), full_name: z.string(), submitted: z.boolean() })),
  /** The job's criteria now: what the caller's form rates. */
  template: z.array(z.object({ name: z.string(), guidance: z.string().nullable() })),
});
export type ScorecardList = z.infer<typeof scorecardListSchema>;

/** GET /api/pipeline/applications/:applicationId/scorecards: one row per interviewer per interview, hiding applied. */
export const scorecardSummarySchema = z.object({
  rows: z.array(
    z.object({
      interview_id: z.string(),
      starts_at_label: z.string(),
      interviewer_id: z.string(),
      interviewer_name: z.string(),
      submitted: z.boolean(),
      /** True when the caller must submit their own for this interview before seeing this one's scores. */
      hidden: z.boolean(),
      recommendation: z.enum(RECOMMENDATIONS).nullable(),
      average_rating: z.number().nullable(),
    }),
  ),
});
export type ScorecardSummary = z.infer<typeof scorecardSummarySchema>;

export const applicationIdParamsSchema = z.strictObject({ applicationId: z.uuid('Application not found') });

/** The mean of the ratings on the 1–4 scale, to two decimals (an older row's other values are left out). */
export function averageRating(criteria: { rating: number }[]): number | null {
  const ratings = criteria.map((criterion) => criterion.rating).filter((rating) => Number.isInteger(rating) && rating >= 1 && rating <= 4);
  if (ratings.length === 0) return null;
  return Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 100) / 100;
}
