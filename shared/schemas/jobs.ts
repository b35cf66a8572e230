import { z } from 'zod';
import { messages } from '../messages.ts';

const text = messages.jobsManagement;
const tooLong = (max: number) => text.tooLong.replace('{max}', String(max));

/** Length limits of a job's fields (the spec shows none; the database checks title and description too). */
export const JOB_LIMITS = { title: 200, description: 20_000, location: 200, salary: 200, requirements: 10_000, benefits: 10_000 } as const;

/** The zone whose calendar decides what "today" is for an expiry date: the product serves India. */
export const JOB_TIME_ZONE = 'Asia/Kolkata';

/** Today's date in India as YYYY-MM-DD (en-CA formats dates that way). */
export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: JOB_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
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

/**
 * POST /api/jobs. Strict: company_id, status, is_deleted or anything else in the body is refused;
 * the company comes from the caller's profile. The Create New Job form validates with it too.
 */
export const createJobBodySchema = z.strictObject({
  title: requiredText(text.titleRequired, JOB_LIMITS.title),
  description: requiredText(text.descriptionRequired, JOB_LIMITS.description),
  location: optionalText(JOB_LIMITS.location),
  salary: optionalText(JOB_LIMITS.salary),
  requirements: optionalText(JOB_LIMITS.requirements),
  benefits: optionalText(JOB_LIMITS.benefits),
  expires_at: expiryDate,
});
export type CreateJobInput = z.input<typeof createJobBodySchema>;
export type CreateJobValues = z.output<typeof createJobBodySchema>;

/** One of the company's jobs as Jobs Management shows it. */
export const employerJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  salary: z.string().nullable(),
  requirements: z.string().nullable(),
  benefits: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  applications_count: z.number().int().nonnegative(),
});
export type EmployerJob = z.infer<typeof employerJobSchema>;

/** GET /api/jobs: the company's published, non-deleted jobs, newest first. */
export const employerJobListSchema = z.array(employerJobSchema);

/** One applicant of a job, as the Applications dialog lists them. */
export const jobApplicantSchema = z.object({
  id: z.string(),
  candidate_name: z.string(),
  applied_at: z.string(),
  status: z.string(),
});
export type JobApplicant = z.infer<typeof jobApplicantSchema>;

/** GET /api/jobs/:jobId/applications */
export const jobApplicantListSchema = z.array(jobApplicantSchema);
