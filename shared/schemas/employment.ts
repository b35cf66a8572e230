/**
 * Onboard and Manage, and the portable verified record (issue 7 points 5 and 6).
 *
 *   GET    /api/employees?status=active|relieved|all     user (employer) → Employee[]
 *   POST   /api/employees                                user (employer) → Employee (201; someone not hired through WorkCred)
 *   PATCH  /api/employees/:employmentId                  user (employer) → Employee (active only)
 *   POST   /api/employees/:employmentId/relieve          user (employer) → Employee (409 if relieved)
 *   GET    /api/employment-records/mine                  user            → MyEmploymentRecords (the caller's own, and what awaits their confirmation)
 *   POST   /api/employment-records/:employmentId/confirm user (the person) → EmploymentRecord (an employment a company added)
 *   POST   /api/employment-records/:employmentId/decline user (the person) → 204
 *   GET    /api/employment-records/shared/:candidateId   user (employer) → SharedRecord (404 without consent)
 *   GET    /api/record-shares/mine                       user (candidate)→ RecordSharesOverview
 *   POST   /api/record-shares                            user (candidate)→ RecordShare (201 new, 200 already shared)
 *   DELETE /api/record-shares/:shareId                   user (candidate)→ 204 (own shares only)
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { isIsoDate, todayInIndia } from './jobs.ts';
import { epfoLookupMethods } from './epfo.ts';

const text = messages.employment;
const fillMax = (template: string, max: number) => template.replace('{max}', String(max));

export const EMPLOYMENT_LIMITS = { title: 200, reason: 500 } as const;
/** A last working day may be recorded ahead of time (notice period), but not further than this. */
export const MAX_DAYS_AHEAD_FOR_LAST_DAY = 90;
/** The Employees list is capped (SECURITY: page sizes capped); a company with more filters by status. */
export const EMPLOYEES_LIST_CAP = 1000;
/** Views listed per share on the candidate's card (the newest); view_count says how many in all. */
export const VIEWS_LISTED_PER_SHARE = 50;
export const EARLIEST_JOINING_DATE = '1950-01-01';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const noControl = (value: string) => !CONTROL_CHARACTERS.test(value);
// eslint-disable-next-line no-control-regex -- a title is one line
const LINE_BREAKS_OR_CONTROL = /[\u0000-\u001F\u007F]/;

const DAY_MS = 24 * 60 * 60 * 1000;
/** India's date `days` from today, YYYY-MM-DD. */
export function indiaDateFromToday(days: number, now: Date = new Date()): string {
  return todayInIndia(new Date(now.getTime() + days * DAY_MS));
}

const isoDate = (message: string) => z.string(message).trim().refine(isIsoDate, text.invalidDate).meta({ format: 'date' });

export const employmentTitleSchema = z
  .string(text.titleRequired)
  .trim()
  .min(1, text.titleRequired)
  .max(EMPLOYMENT_LIMITS.title, fillMax(text.titleTooLong, EMPLOYMENT_LIMITS.title))
  .refine((value) => !LINE_BREAKS_OR_CONTROL.test(value), text.invalidCharacters);

export const joiningDateSchema = isoDate(text.invalidDate).refine(
  (value) => value >= EARLIEST_JOINING_DATE && value <= indiaDateFromToday(365),
  text.joiningDateOutOfRange,
);

export const employeeStatusFilters = ['active', 'relieved', 'all'] as const;
export type EmployeeStatusFilter = (typeof employeeStatusFilters)[number];

export const employeesQuerySchema = z.strictObject({
  status: z.enum(employeeStatusFilters, text.invalidStatus).default('active'),
});

export const employmentIdParamsSchema = z.strictObject({ employmentId: z.uuid(text.employmentNotFound) });
export const shareIdParamsSchema = z.strictObject({ shareId: z.uuid(text.shareNotFound) });
export const candidateIdParamsSchema = z.strictObject({ candidateId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, text.recordNotShared) });

/** PATCH /api/employees/:employmentId. Strict: status, company or dates of relieving cannot be set here. */
export const updateEmploymentBodySchema = z
  .strictObject({ title: employmentTitleSchema.optional(), joining_date: joiningDateSchema.optional() })
  .refine((body) => body.title !== undefined || body.joining_date !== undefined, text.nothingToChange);
export type UpdateEmploymentInput = z.input<typeof updateEmploymentBodySchema>;

/**
 * POST /api/employees/:employmentId/relieve. That the day is not before the joining date is
 * checked against the row on the server (and in the dialog, which knows the joining date).
 */
export const relieveBodySchema = z.strictObject({
  last_working_day: z
    .string(text.lastDayRequired)
    .trim()
    .min(1, text.lastDayRequired)
    .refine(isIsoDate, text.invalidDate)
    .refine((value) => value <= indiaDateFromToday(MAX_DAYS_AHEAD_FOR_LAST_DAY), text.lastDayTooFar)
    .meta({ format: 'date' }),
  reason: z
    .string(text.reasonRequired)
    .trim()
    .min(1, text.reasonRequired)
    .max(EMPLOYMENT_LIMITS.reason, fillMax(text.reasonTooLong, EMPLOYMENT_LIMITS.reason))
    .refine(noControl, text.invalidCharacters),
});
export type RelieveInput = z.input<typeof relieveBodySchema>;

/** The candidate ID a candidate is given at registration (WC-7K3F9Q), written in any case. */
export const CANDIDATE_CODE_PATTERN = /^WC-[0-9A-HJKMNP-TV-Z]{6}$/;

/**
 * POST /api/employees: records someone the company employs who was not hired through WorkCred.
 * By candidate ID only, the ID candidates are told to quote to employers: looking people up by
 * email would let any employer test which addresses have a WorkCred account.
 */
export const addEmployeeBodySchema = z.strictObject({
  candidate_code: z
    .string(text.candidateCodeInvalid)
    .trim()
    .toUpperCase()
    .refine((value) => CANDIDATE_CODE_PATTERN.test(value), text.candidateCodeInvalid),
  title: employmentTitleSchema,
  joining_date: joiningDateSchema,
});
export type AddEmployeeInput = z.input<typeof addEmployeeBodySchema>;

/**
 * Where an employment stands on a given day (India's date), from its recorded dates (issue 33 A2):
 * joining (the joining date is ahead), active, notice (relieving recorded, the last working day
 * still ahead) and relieved (the last working day has come). A relieving recorded ahead of time is
 * a notice period, never a relieving that has happened.
 */
export const employmentStates = ['joining', 'active', 'notice', 'relieved'] as const;
export type EmploymentState = (typeof employmentStates)[number];
export const employmentStatusSchema = z.enum(employmentStates);

export function employmentState(row: { status: 'active' | 'relieved'; joining_date: string; last_working_day: string | null }, today: string): EmploymentState {
  if (row.status === 'relieved' && row.last_working_day !== null) return row.last_working_day <= today ? 'relieved' : 'notice';
  return row.joining_date > today ? 'joining' : 'active';
}

/**
 * The source of an employment (issue 33 A1): a hire through the company's own pipeline, or the
 * person's confirmation. One added directly is unconfirmed until the person confirms it: only the
 * company sees it, and it is not part of the person's record. The person may decline it.
 */
export const confirmations = ['unconfirmed', 'confirmed', 'declined'] as const;
export type Confirmation = (typeof confirmations)[number];
export const confirmationSchema = z.enum(confirmations);
export const confirmedBySchema = z.enum(['hire', 'person']);

/** One of the company's employees (an employment record) as Team → Employees shows it. */
export const employeeSchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  /** Null until the person confirms, unless they applied to the company: a candidate ID alone reveals no name. */
  full_name: z.string().nullable(),
  candidate_code: z.string().nullable(),
  title: z.string(),
  joining_date: z.string().meta({ format: 'date' }),
  last_working_day: z.string().meta({ format: 'date' }).nullable(),
  relieving_reason: z.string().nullable(),
  status: employmentStatusSchema,
  confirmation: confirmationSchema,
  /** hire: hired through the company's pipeline; person: the person confirmed it. */
  confirmed_by: confirmedBySchema.nullable(),
  /** When it was hired, or confirmed or declined by the person. */
  confirmed_at: z.string().meta({ format: 'date-time' }).nullable(),
  application_id: z.string().nullable(),
  job_title: z.string().nullable(),
  created_at: z.string().meta({ format: 'date-time' }),
  /** When the relieving was recorded (null while active). */
  relieved_at: z.string().meta({ format: 'date-time' }).nullable(),
});
export type Employee = z.infer<typeof employeeSchema>;
export const employeeListSchema = z.array(employeeSchema);

/** An employment in a person's history, with who recorded it and when ("confirmed by X on D"). */
export const employmentRecordSchema = z.object({
  id: z.string(),
  company_name: z.string(),
  title: z.string(),
  joining_date: z.string().meta({ format: 'date' }),
  last_working_day: z.string().meta({ format: 'date' }).nullable(),
  status: employmentStatusSchema,
  relieving_reason: z.string().nullable(),
  /** The company that recorded it (the employer itself) and when it recorded the hire and the relieving. */
  recorded_by: z.string(),
  recorded_at: z.string(),
  /** Hired through an application on WorkCred (false: the employer added the person directly). */
  hired_through_workcred: z.boolean(),
  /** The source: the hire, or the person's confirmation (with when). */
  confirmed_by: confirmedBySchema,
  confirmed_at: z.string().meta({ format: 'date-time' }),
  relieved_recorded_at: z.string().nullable(),
  /** EPFO's records confirm this employment too (issue 34): through whom, and when; null otherwise. */
  epfo: z.object({ provider_label: z.string(), confirmed_at: z.string(), method: z.enum(epfoLookupMethods) }).nullable(),
});
export type EmploymentRecord = z.infer<typeof employmentRecordSchema>;

/** The employments EPFO's records hold (issue 34): "EPFO records via Surepass, 27 Nov 2026". */
export const epfoHistoryRecordSchema = z.object({
  provider_label: z.string(),
  confirmed_at: z.string(),
  /** uan: "EPFO records via …"; passbook_otp: "EPFO passbook via …, confirmed by the member’s OTP". */
  method: z.enum(epfoLookupMethods),
  employers: z.array(z.object({ establishment: z.string(), joined: z.string().nullable(), exited: z.string().nullable() })),
});
export type EpfoHistoryRecord = z.infer<typeof epfoHistoryRecordSchema>;

export const verificationSubjects = ['phone', 'uan', 'resume', 'bank_statement', 'experience_letter', 'salary_slip'] as const;
export const deciders = ['algorithm', 'provider', 'verification_team'] as const;

/** A verified check behind the history: what, who decided (a kind, never a person's name) and when. */
export const verifiedCheckSchema = z.object({
  subject: z.enum(verificationSubjects),
  status: z.literal('verified'),
  decided_by: z.enum(deciders).nullable(),
  decided_at: z.string().nullable(),
  verified_fields: z.array(z.string()),
});
export type VerifiedCheck = z.infer<typeof verifiedCheckSchema>;

export const employmentRecordsSchema = z.object({
  employments: z.array(employmentRecordSchema),
  checks: z.array(verifiedCheckSchema),
  /** What EPFO's records confirm, when the candidate verified with EPFO; null otherwise (and when not shared). */
  epfo: epfoHistoryRecordSchema.nullable(),
});
export type EmploymentRecords = z.infer<typeof employmentRecordsSchema>;

/** An employment a company added that waits for the person's confirmation (only they and the company see it). */
export const pendingEmploymentSchema = employmentRecordSchema.pick({ id: true, company_name: true, title: true, joining_date: true, last_working_day: true, status: true, recorded_at: true });
export type PendingEmployment = z.infer<typeof pendingEmploymentSchema>;

/** GET /api/employment-records/mine: the record, and what waits for the person's confirmation. */
export const myEmploymentRecordsSchema = employmentRecordsSchema.extend({ pending: z.array(pendingEmploymentSchema) });
export type MyEmploymentRecords = z.infer<typeof myEmploymentRecordsSchema>;

/**
 * GET /api/employment-records/shared/:candidateId. shared: the candidate consented (the whole
 * history, and this read is logged for them); not shared: only the caller's own company's
 * employments of the person, no checks.
 */
export const sharedRecordSchema = employmentRecordsSchema.extend({
  shared: z.boolean(),
  shared_at: z.string().nullable(),
  candidate_name: z.string(),
  candidate_code: z.string().nullable(),
});
export type SharedRecord = z.infer<typeof sharedRecordSchema>;

/** POST /api/record-shares. Strict: the purpose is the server's text, never the caller's. */
export const createShareBodySchema = z.strictObject({ company_id: z.uuid(text.invalidCompany) });

export const recordViewSchema = z.object({
  viewed_at: z.string(),
  /** The viewer's name, or null when their account no longer exists. */
  viewer_name: z.string().nullable(),
  company_name: z.string(),
});

export const recordShareSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  purpose: z.string(),
  granted_at: z.string(),
  revoked_at: z.string().nullable(),
  view_count: z.number().int().nonnegative(),
  views: z.array(recordViewSchema),
});
export type RecordShare = z.infer<typeof recordShareSchema>;

export const recordSharesOverviewSchema = z.object({
  shares: z.array(recordShareSchema),
  /** Companies the candidate applied to, for the share control; shared: an active share exists. */
  companies: z.array(z.object({ id: z.string(), name: z.string(), shared: z.boolean() })),
});
export type RecordSharesOverview = z.infer<typeof recordSharesOverviewSchema>;
