import { z } from 'zod';
import { messages } from '../messages.ts';
import { documentTypes } from '../options.ts';
import { companyRoles } from '../permissions.ts';
import { employmentTypes, hiringTeamRoles, jobStatuses, MAX_PAY_PAISE, needsLocation, payPeriods, workModes, type EmploymentType, type PayPeriod, type WorkMode } from '../job-details.ts';
import { jobLifecycleMessages } from '../messages/job-lifecycle.ts';
import { screeningQuestionSchema, screeningQuestionsInputSchema } from './screening-questions.ts';

const text = messages.jobsManagement;
const life = jobLifecycleMessages;
const tooLong = (max: number) => text.tooLong.replace('{max}', String(max));

/** Length limits of a job's fields (the spec shows none; the database checks title and description too). */
export const JOB_LIMITS = { title: 200, description: 20_000, location: 200, salary: 200, requirements: 10_000, benefits: 10_000, department: 100, openings: 10_000 } as const;

/** The zone whose calendar decides what "today" is for an expiry date: the product serves India. */
export const JOB_TIME_ZONE = 'Asia/Kolkata';

/** India Standard Time is UTC+05:30 all year (no daylight saving since 1945). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * Today's date in India as YYYY-MM-DD. Shifted by IST's fixed offset rather than through
 * Intl.DateTimeFormat, whose construction cost about 0.4 ms a call on the server's hot paths (and
 * a first formatter loads locale data in a browser); tests/unit/today-in-india.test.ts holds the
 * two equal.
 */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Control characters other than line breaks and tabs (NUL above all, which PostgreSQL text cannot hold). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const hasNoControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

const requiredText = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, tooLong(max)).refine(hasNoControlCharacters, text.invalidCharacters);

/** An optional text field: blank means not given (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .refine(hasNoControlCharacters, text.invalidCharacters)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** An expiry date (YYYY-MM-DD) not before today in India; blank or null means the job does not expire. */
const expiryDate = z
  .string(text.invalidDate)
  .trim()
  .refine((value) => value === '' || isIsoDate(value), text.invalidDate)
  .refine((value) => value === '' || value >= todayInIndia(), text.expiryInPast)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const payPaise = z.number(life.payNotNumber).int(life.payNotNumber).positive(life.payNotNumber).max(MAX_PAY_PAISE, life.payTooHigh).nullable().optional();

/** The fields of a job: the spec's seven and the structured details of issue 36 §1 (all optional). */
const jobFieldsSchema = z.strictObject({
  title: requiredText(text.titleRequired, JOB_LIMITS.title),
  description: requiredText(text.descriptionRequired, JOB_LIMITS.description),
  location: optionalText(JOB_LIMITS.location),
  salary: optionalText(JOB_LIMITS.salary),
  requirements: optionalText(JOB_LIMITS.requirements),
  benefits: optionalText(JOB_LIMITS.benefits),
  expires_at: expiryDate,
  department: optionalText(JOB_LIMITS.department),
  employment_type: z.enum(employmentTypes, `employment_type must be one of ${employmentTypes.join(', ')}`).nullable().optional(),
  work_mode: z.enum(workModes, `work_mode must be one of ${workModes.join(', ')}`).nullable().optional(),
  openings: z.number(life.openingsInvalid).int(life.openingsInvalid).min(1, life.openingsInvalid).max(JOB_LIMITS.openings, life.openingsInvalid).nullable().optional(),
  /** Pay as numbers, in paise; the period says whether a year or a month. */
  pay_min_paise: payPaise,
  pay_max_paise: payPaise,
  pay_period: z.enum(payPeriods, life.payPeriodRequired).nullable().optional(),
  /** Asked on Apply (issue 36 §1); an edit sends the whole list, which replaces the one before. */
  screening_questions: screeningQuestionsInputSchema.optional(),
});

/** The details that depend on each other, as they stand (after an edit, the job's stored values fill what was not sent). */
export interface JobDetailValues {
  location?: string | null | undefined;
  work_mode?: WorkMode | null | undefined;
  pay_min_paise?: number | null | undefined;
  pay_max_paise?: number | null | undefined;
  pay_period?: PayPeriod | null | undefined;
}

/** What is wrong across fields: a reversed pay range, pay without its period or the reverse, an on-site or hybrid job with no place. */
export function jobDetailIssues(values: JobDetailValues): { path: keyof JobDetailValues; message: string }[] {
  const issues: { path: keyof JobDetailValues; message: string }[] = [];
  const min = values.pay_min_paise ?? null;
  const max = values.pay_max_paise ?? null;
  const period = values.pay_period ?? null;
  if (min !== null && max !== null && max < min) issues.push({ path: 'pay_max_paise', message: life.payRangeReversed });
  if ((min !== null || max !== null) && period === null) issues.push({ path: 'pay_period', message: life.payPeriodRequired });
  if (period !== null && min === null && max === null) issues.push({ path: 'pay_period', message: life.payPeriodWithoutPay });
  if (needsLocation(values.work_mode) && !values.location) issues.push({ path: 'location', message: life.locationRequiredForMode });
  return issues;
}

/**
 * POST /api/jobs. Strict: company_id, status, is_deleted or anything else in the body is refused;
 * the company comes from the caller's profile. `draft: true` saves it unpublished (issue 36 §1).
 * The Create New Job form validates with it too.
 */
export const createJobBodySchema = jobFieldsSchema.extend({ draft: z.boolean('draft must be true or false').optional() }).superRefine((body, context) => {
  for (const issue of jobDetailIssues(body)) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type CreateJobInput = z.input<typeof createJobBodySchema>;

/** PATCH /api/v1/jobs/:id: any of the fields of a new job; those not sent stay as they are (the service checks the details across fields with the stored ones). */
export const updateJobBodySchema = jobFieldsSchema.partial().refine((body) => Object.values(body).some((value) => value !== undefined), text.nothingToUpdate);
export type UpdateJobValues = z.output<typeof updateJobBodySchema>;
export type CreateJobValues = z.output<typeof createJobBodySchema>;

/** The structured details as a job carries them in answers. */
export const jobDetailsShape = {
  department: z.string().nullable(),
  employment_type: z.enum(employmentTypes).nullable(),
  work_mode: z.enum(workModes).nullable(),
  openings: z.number().int().nullable(),
  pay_min_paise: z.number().int().nullable(),
  pay_max_paise: z.number().int().nullable(),
  pay_period: z.enum(payPeriods).nullable(),
};
export type JobDetails = { department: string | null; employment_type: EmploymentType | null; work_mode: WorkMode | null; openings: number | null; pay_min_paise: number | null; pay_max_paise: number | null; pay_period: PayPeriod | null };

/** One of the company's jobs as Jobs Management shows it. */
export const employerJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  salary: z.string().nullable(),
  requirements: z.string().nullable(),
  benefits: z.string().nullable(),
  expires_at: z.string().meta({ format: 'date-time' }).nullable(),
  created_at: z.string().meta({ format: 'date-time' }),
  applications_count: z.number().int().nonnegative(),
  /** A draft is not public and takes no applications until it is published (issue 36 §1). */
  status: z.enum(jobStatuses),
  ...jobDetailsShape,
  /** The questions asked on Apply, knockout rules included (issue 36 §1). */
  screening_questions: z.array(screeningQuestionSchema),
});
export type EmployerJob = z.infer<typeof employerJobSchema>;

/**
 * Jobs Management loads the company's jobs a page at a time (a company may have thousands); the
 * most a caller may ask for in one page is capped (SECURITY: page sizes capped).
 */
export const EMPLOYER_JOBS_PAGE_SIZE = 30;
export const EMPLOYER_JOBS_MAX_PAGE_SIZE = 100;
/** A cursor is a few dozen characters; anything much longer is not one of ours. */
export const EMPLOYER_JOBS_MAX_CURSOR_LENGTH = 200;
export const EMPLOYER_JOBS_INVALID_CURSOR = 'cursor is not a valid page cursor; load the list again from the first page';

// An empty ?limit= or ?cursor= is treated as absent, so a hand-edited URL still works.
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/**
 * GET /api/jobs?limit=&cursor=. `cursor` is the `next_cursor` of the previous page, opaque to
 * clients; the server decodes it (server/features/jobs/job-cursor.ts) and refuses a malformed one.
 */
export const employerJobsQuerySchema = z.strictObject({
  limit: z.preprocess(
    emptyAsAbsent,
    z.coerce
      .number('limit must be a number')
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(EMPLOYER_JOBS_MAX_PAGE_SIZE, `limit can be at most ${EMPLOYER_JOBS_MAX_PAGE_SIZE}`)
      .default(EMPLOYER_JOBS_PAGE_SIZE),
  ),
  cursor: z.preprocess(emptyAsAbsent, z.string('cursor must be text').max(EMPLOYER_JOBS_MAX_CURSOR_LENGTH, EMPLOYER_JOBS_INVALID_CURSOR).optional()),
});

/** GET /api/jobs: a page of the company's non-deleted jobs (drafts too), newest first; next_cursor is null on the last page. */
export const employerJobsPageSchema = z.object({
  jobs: z.array(employerJobSchema),
  next_cursor: z.string().nullable(),
});
export type EmployerJobsPage = z.infer<typeof employerJobsPageSchema>;

/** One applicant of a job, as the Applications dialog lists them. */
export const jobApplicantSchema = z.object({
  id: z.string(),
  candidate_name: z.string(),
  /** The short ID the candidate was given at registration (WC-…), if they registered. */
  candidate_code: z.string().nullable(),
  applied_at: z.string().meta({ format: 'date-time' }),
  status: z.string(),
  /** The candidate's current documents: an employer the candidate applied to may read them. */
  documents: z.array(z.object({ id: z.string(), document_type: z.enum(documentTypes), url: z.string() })),
});
export type JobApplicant = z.infer<typeof jobApplicantSchema>;

/** GET /api/jobs/:jobId/applications */
export const jobApplicantListSchema = z.array(jobApplicantSchema);

/** The most people on one job's hiring team. */
export const HIRING_TEAM_MAX = 50;

/** PUT /api/jobs/:jobId/team: the whole team (replaces the one before); an empty list clears it. */
export const putHiringTeamBodySchema = z.strictObject({
  members: z
    .array(z.strictObject({ user_id: z.string('user_id must be a member id').min(1, 'user_id must be a member id').max(100, 'user_id must be a member id'), team_role: z.enum(hiringTeamRoles, `team_role must be one of ${hiringTeamRoles.join(', ')}`) }), 'members must be a list')
    .max(HIRING_TEAM_MAX, life.teamTooLarge.replace('{max}', String(HIRING_TEAM_MAX)))
    .refine((members) => new Set(members.map((member) => member.user_id)).size === members.length, life.teamDuplicate),
});
export type PutHiringTeamBody = z.infer<typeof putHiringTeamBodySchema>;

/** GET/PUT /api/jobs/:jobId/team: the team, and the company's members who could be on it. */
export const hiringTeamSchema = z.object({
  members: z.array(z.object({ user_id: z.string(), full_name: z.string().nullable(), email: z.string(), company_role: z.enum(companyRoles), team_role: z.enum(hiringTeamRoles) })),
  available: z.array(z.object({ user_id: z.string(), full_name: z.string().nullable(), email: z.string(), company_role: z.enum(companyRoles) })),
});
export type HiringTeam = z.infer<typeof hiringTeamSchema>;
