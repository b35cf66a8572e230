import { TZDate } from '@date-fns/tz';
// The function's own module: the package's index loads every function (120 ms of a server's start-up).
import { format } from 'date-fns/format';
import { z } from 'zod';
import { messages } from '../messages.ts';

const text = messages.interviews;

/** Interviews are entered and shown in India's time; the database keeps UTC. */
export const INTERVIEW_TIME_ZONE = 'Asia/Kolkata';
export const INTERVIEW_MODES = ['video', 'phone', 'in_person'] as const;
export type InterviewMode = (typeof INTERVIEW_MODES)[number];
/** no_show: the time passed and the candidate did not attend (issue 36 §4); undoing it gives scheduled. */
export const INTERVIEW_STATUSES = ['scheduled', 'cancelled', 'completed', 'no_show'] as const;
export const INTERVIEW_LIMITS = { minDuration: 15, maxDuration: 480, location: 500, reason: 500, interviewers: 10 } as const;
/** What the dialog offers; the API takes any whole number of minutes in range. */
export const DURATION_CHOICES = [15, 30, 45, 60, 90, 120, 180, 240] as const;

// ── IST wall time ⇄ UTC ─────────────────────────────────────────────────────────────────────────

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * 'YYYY-MM-DDTHH:mm' read as a wall-clock time in Asia/Kolkata → the UTC instant, or null when it
 * is not a real time (2026-02-30, 24:10). Converted through the zone database, not a hard-coded
 * +05:30, so it stays right if the zone's rules ever change.
 */
export function istLocalToUtc(value: string): Date | null {
  const match = LOCAL_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const zoned = TZDate.tz(INTERVIEW_TIME_ZONE, year, month - 1, day, hour, minute);
  // 31 November rolls over to 1 December: refuse it rather than move the interview.
  if (zoned.getFullYear() !== year || zoned.getMonth() !== month - 1 || zoned.getDate() !== day) return null;
  return new Date(zoned.getTime());
}

/** The UTC instant as 'YYYY-MM-DDTHH:mm' wall time in Asia/Kolkata (what the form inputs hold). */
export function utcToIstLocal(instant: Date | string): string {
  return format(new TZDate(new Date(instant).getTime(), INTERVIEW_TIME_ZONE), "yyyy-MM-dd'T'HH:mm");
}

/** "Mon, 23 Nov 2026, 10:30 AM IST": how every screen and email shows an interview's time. */
export function formatIst(instant: Date | string): string {
  return `${format(new TZDate(new Date(instant).getTime(), INTERVIEW_TIME_ZONE), 'EEE, d MMM yyyy, h:mm a')} IST`;
}

/** "Monday, 23 November 2026": a day heading in IST. */
export function formatIstDay(instant: Date | string): string {
  return format(new TZDate(new Date(instant).getTime(), INTERVIEW_TIME_ZONE), 'EEEE, d MMMM yyyy');
}

/** "10:30 AM": the time of day in IST. */
export function formatIstTime(instant: Date | string): string {
  return format(new TZDate(new Date(instant).getTime(), INTERVIEW_TIME_ZONE), 'h:mm a');
}

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const startsAtIst = z.string(text.invalidStart).refine((value) => istLocalToUtc(value) !== null, text.invalidStart);
const duration = z.number(text.durationRange).int(text.durationRange).min(INTERVIEW_LIMITS.minDuration, text.durationRange).max(INTERVIEW_LIMITS.maxDuration, text.durationRange);
const mode = z.enum(INTERVIEW_MODES, text.modeRequired);
const location = z
  .string(text.locationRequired)
  .trim()
  .min(1, text.locationRequired)
  .max(INTERVIEW_LIMITS.location, text.locationTooLong)
  .refine((value) => !CONTROL_CHARACTERS.test(value), text.invalidCharacters);
const interviewerIds = z
  .array(
    z
      .string()
      .min(1)
      .max(100)
      .refine((value) => !CONTROL_CHARACTERS.test(value), text.interviewerNotInTeam),
    text.interviewersRequired,
  )
  .min(1, text.interviewersRequired)
  .max(INTERVIEW_LIMITS.interviewers, text.tooManyInterviewers)
  .refine((ids) => new Set(ids).size === ids.length, text.duplicateInterviewers);

/** A video link must be an https:// address; phone numbers are checked on the server (libphonenumber). */
export function locationProblem(modeValue: InterviewMode, value: string): string | null {
  if (modeValue === 'video') {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.includes('.') && !/\s/.test(value) ? null : text.invalidVideoLink;
    } catch {
      return text.invalidVideoLink;
    }
  }
  if (modeValue === 'phone') return /^[+\d][\d\s()-]{6,24}$/.test(value) ? null : text.invalidPhone;
  return value.length >= 5 ? null : text.addressTooShort;
}

/** POST /api/interviews. Strict: company, status, sequence… come from the server, never the body. */
export const scheduleInterviewBodySchema = z
  .strictObject({
    application_id: z.uuid(text.applicationRequired),
    starts_at_ist: startsAtIst,
    duration_minutes: duration,
    mode,
    location,
    interviewer_ids: interviewerIds,
    /** Schedule even though an interviewer is busy then (the answer without it is 409 with the conflicts). */
    allow_conflicts: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const problem = locationProblem(body.mode, body.location);
    if (problem) ctx.addIssue({ code: 'custom', path: ['location'], message: problem });
  });
export type ScheduleInterviewBody = z.output<typeof scheduleInterviewBodySchema>;

/**
 * POST /api/v1/interviews: the start as `starts_at`, an ISO 8601 instant with any offset (what
 * integrators send: 2026-12-10T06:00:00Z), or as the dialog's `starts_at_ist`; one of them (issue
 * 33 C1). Answers and the rest of the API read the same: the instant is turned into IST wall time.
 */
export const v1ScheduleInterviewBodySchema = z
  .strictObject({
    ...scheduleInterviewBodySchema.shape,
    starts_at: z.iso.datetime({ offset: true, message: text.startsAtInvalid }).optional().meta({ description: 'When it starts, ISO 8601 with an offset (Z for UTC)' }),
    starts_at_ist: startsAtIst.optional().meta({ description: 'Or: when it starts as wall time in India, YYYY-MM-DDTHH:mm' }),
  })
  .superRefine((body, ctx) => {
    if ((body.starts_at === undefined) === (body.starts_at_ist === undefined)) ctx.addIssue({ code: 'custom', path: ['starts_at'], message: text.startsAtEither });
    else if (body.starts_at !== undefined && new Date(body.starts_at).getUTCSeconds() + new Date(body.starts_at).getUTCMilliseconds() !== 0) ctx.addIssue({ code: 'custom', path: ['starts_at'], message: text.startsAtWholeMinute });
    const problem = locationProblem(body.mode, body.location);
    if (problem) ctx.addIssue({ code: 'custom', path: ['location'], message: problem });
  })
  .transform(({ starts_at: startsAt, starts_at_ist: startsAtIstValue, ...rest }): ScheduleInterviewBody => ({ ...rest, starts_at_ist: startsAtIstValue ?? utcToIstLocal(startsAt!) }));

/** PATCH /api/interviews/:id: any of the schedule's fields; a new mode needs its location. */
export const rescheduleInterviewBodySchema = z
  .strictObject({
    starts_at_ist: startsAtIst.optional(),
    duration_minutes: duration.optional(),
    mode: mode.optional(),
    location: location.optional(),
    interviewer_ids: interviewerIds.optional(),
    allow_conflicts: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const { allow_conflicts: _ignored, ...changes } = body;
    if (Object.values(changes).every((value) => value === undefined)) ctx.addIssue({ code: 'custom', path: [], message: text.nothingToChange });
    if (body.mode !== undefined && body.location === undefined) ctx.addIssue({ code: 'custom', path: ['location'], message: text.locationRequired });
    if (body.mode !== undefined && body.location !== undefined) {
      const problem = locationProblem(body.mode, body.location);
      if (problem) ctx.addIssue({ code: 'custom', path: ['location'], message: problem });
    }
  });
export type RescheduleInterviewBody = z.output<typeof rescheduleInterviewBodySchema>;

export const cancelInterviewBodySchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(INTERVIEW_LIMITS.reason, text.reasonTooLong)
    .refine((value) => !CONTROL_CHARACTERS.test(value), text.invalidCharacters)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});

/** POST /api/interviews/:id/no-show takes no fields; anything sent is refused. */
export const noShowBodySchema = z.strictObject({});

export const interviewIdParamsSchema = z.strictObject({ id: z.uuid(text.notFound) });

/**
 * GET /api/interviews: the company's interviews. view: upcoming (not yet started, soonest first),
 * past (started, newest first), cancelled, or all (upcoming first, then the past). from/to bound
 * the start time (ISO instants); application_id narrows to one application.
 */
export const listInterviewsQuerySchema = z.strictObject({
  view: z.enum(['upcoming', 'past', 'cancelled', 'all']).default('all'),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  application_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ListInterviewsQuery = z.output<typeof listInterviewsQuerySchema>;

// ── Responses ───────────────────────────────────────────────────────────────────────────────────

export const interviewConflictSchema = z.object({
  interviewer_id: z.string(),
  interviewer_name: z.string(),
  interview_id: z.string(),
  scheduled_at: z.string().meta({ format: 'date-time' }),
  starts_at_label: z.string(),
  duration_minutes: z.number().int(),
});
export type InterviewConflict = z.infer<typeof interviewConflictSchema>;

export const interviewSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  job_id: z.string(),
  job_title: z.string(),
  candidate_id: z.string(),
  candidate_name: z.string(),
  /** UTC ISO. */
  scheduled_at: z.string().meta({ format: 'date-time' }),
  /** 'YYYY-MM-DDTHH:mm' in Asia/Kolkata. */
  starts_at_ist: z.string(),
  /** "Mon, 23 Nov 2026, 10:30 AM IST". */
  starts_at_label: z.string(),
  duration_minutes: z.number().int(),
  mode: z.enum(INTERVIEW_MODES),
  location: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  sequence: z.number().int(),
  cancel_reason: z.string().nullable(),
  interviewers: z.array(z.object({ id: z.string(), full_name: z.string() })),
  scorecard_count: z.number().int(),
  created_at: z.string().meta({ format: 'date-time' }),
  updated_at: z.string().meta({ format: 'date-time' }),
});
export type Interview = z.infer<typeof interviewSchema>;

/** A schedule or reschedule: the interview and the conflicts it was saved despite (allow_conflicts). */
export const savedInterviewSchema = interviewSchema.extend({ conflicts: z.array(interviewConflictSchema) });
export type SavedInterview = z.infer<typeof savedInterviewSchema>;

export const interviewListSchema = z.object({ interviews: z.array(interviewSchema) });
export type InterviewList = z.infer<typeof interviewListSchema>;

/** 409 INTERVIEW_CONFLICT: nothing saved; send again with allow_conflicts: true to go ahead. */
export const interviewConflictErrorSchema = z.object({ code: z.literal('INTERVIEW_CONFLICT'), message: z.string(), conflicts: z.array(interviewConflictSchema) });

/** GET /api/interviews/mine: a candidate's own interviews, as they see them. */
export const myInterviewSchema = z.object({
  id: z.string(),
  company_name: z.string(),
  job_title: z.string(),
  scheduled_at: z.string().meta({ format: 'date-time' }),
  starts_at_label: z.string(),
  duration_minutes: z.number().int(),
  mode: z.enum(INTERVIEW_MODES),
  location: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  cancel_reason: z.string().nullable(),
});
export type MyInterview = z.infer<typeof myInterviewSchema>;
export const myInterviewListSchema = z.object({ interviews: z.array(myInterviewSchema) });
