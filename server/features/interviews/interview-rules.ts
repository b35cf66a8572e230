import { sql, type Kysely, type Transaction } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { messages } from '../../../shared/messages.ts';
import { formatIst, INTERVIEW_LIMITS, istLocalToUtc, locationProblem, type InterviewConflict, type InterviewMode } from '../../../shared/schemas/interviews.ts';
import type { ApplicationStage, DB } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';

const text = messages.interviews;

/** The start as a UTC instant; a time that is not in the future is refused (400). */
export function startFromIst(startsAtIst: string, now: Date): Date {
  const start = istLocalToUtc(startsAtIst);
  if (!start) throw badRequest(text.invalidStart, 'INVALID_START');
  if (start.getTime() <= now.getTime()) throw badRequest(text.startInPast, 'START_IN_PAST');
  return start;
}

/**
 * The location as stored: a video link must be https; a phone number is normalised with
 * libphonenumber (Indian when it has no country code) to its international form; an address is
 * kept as written.
 */
export function normaliseLocation(mode: InterviewMode, location: string): string {
  const value = location.trim();
  const problem = locationProblem(mode, value);
  if (problem) throw badRequest(problem, 'INVALID_LOCATION');
  if (mode !== 'phone') return value;
  const parsed = parsePhoneNumberFromString(value, 'IN');
  if (!parsed || !parsed.isValid()) throw badRequest(text.invalidPhone, 'INVALID_LOCATION');
  return parsed.formatInternational();
}

/** Every interviewer must be an employer of the company (not suspended); anything else is 400. */
export async function checkInterviewers(trx: Transaction<DB>, companyId: string, ids: string[]): Promise<void> {
  const members = await trx
    .selectFrom('user_profiles')
    .select('id')
    .where('id', 'in', ids)
    .where('company_id', '=', companyId)
    .where('role', '=', 'employer')
    .where('suspended_at', 'is', null)
    .execute();
  if (members.length !== new Set(ids).size) throw badRequest(text.interviewerNotInTeam, 'INTERVIEWER_NOT_IN_TEAM');
}

/**
 * The interviewers' other scheduled interviews overlapping [start, start + duration). Interviewers
 * are the company's people, so only the company's interviews starting in the 8 hours (the longest
 * interview) before the end are candidates: interviews_company_idx finds them without walking an
 * interviewer's whole history. Holds the interviewers' calendars (advisory locks) until the
 * caller's transaction ends, so the check and the insert that follows it are one step.
 */
export async function findConflicts(trx: Transaction<DB>, companyId: string, interviewerIds: string[], start: Date, durationMinutes: number, excludeInterviewId?: string): Promise<InterviewConflict[]> {
  // Two bookings for the same interviewer at once (a candidate picking an offered time while a
  // recruiter schedules) must not both see a free calendar: hold each interviewer's calendar until
  // this transaction ends, in a fixed order so two callers cannot deadlock.
  for (const id of [...new Set(interviewerIds)].sort()) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`interviewer-calendar:${id}`}, 0))`.execute(trx);
  }
  return busyAt(trx, companyId, interviewerIds, start, durationMinutes, excludeInterviewId);
}

/** The clashes themselves, without holding anything: for showing which offered times are still free. */
export async function busyAt(db: Kysely<DB>, companyId: string, interviewerIds: string[], start: Date, durationMinutes: number, excludeInterviewId?: string): Promise<InterviewConflict[]> {
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const earliest = new Date(start.getTime() - INTERVIEW_LIMITS.maxDuration * 60_000);
  let query = db
    .selectFrom('interviews as i')
    .innerJoin('interview_interviewers as ii', 'ii.interview_id', 'i.id')
    .innerJoin('user_profiles as up', 'up.id', 'ii.user_id')
    .where('i.company_id', '=', companyId)
    .where('i.status', '=', 'scheduled')
    .where('i.scheduled_at', '>', earliest)
    .where('i.scheduled_at', '<', end)
    .where('ii.user_id', 'in', interviewerIds)
    .where(sql<boolean>`i.scheduled_at + make_interval(mins => i.duration_minutes) > ${start}`)
    .select(['ii.user_id', 'up.full_name', 'i.id', 'i.scheduled_at', 'i.duration_minutes'])
    .orderBy('i.scheduled_at')
    .orderBy('up.full_name');
  if (excludeInterviewId) query = query.where('i.id', '!=', excludeInterviewId);
  const rows = await query.execute();
  return rows.map((row) => ({
    interviewer_id: row.user_id,
    interviewer_name: row.full_name,
    interview_id: row.id,
    scheduled_at: new Date(row.scheduled_at as Date).toISOString(),
    starts_at_label: formatIst(row.scheduled_at as Date),
    duration_minutes: row.duration_minutes,
  }));
}

/** 409 with the conflicts listed (in the message and as data): nothing was saved. */
export class InterviewConflictError extends AppError {
  constructor(
    readonly conflicts: InterviewConflict[],
    template: string = text.conflicts,
  ) {
    const list = conflicts.map((c) => text.conflictItem.replace('{name}', c.interviewer_name).replace('{time}', c.starts_at_label)).join('; ');
    super(409, 'INTERVIEW_CONFLICT', template.replace('{list}', list));
  }
}

/** The facts the candidate's emails need, by application. */
/** The interviewers of an interview, in a stable order. */
export async function interviewerIds(trx: Transaction<DB>, interviewId: string): Promise<string[]> {
  const rows = await trx.selectFrom('interview_interviewers').select('user_id').where('interview_id', '=', interviewId).orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}

/** Names and addresses of the interviewers, for their invites (in the order given). */
export async function interviewerContacts(trx: Transaction<DB>, userIds: string[]): Promise<{ id: string; name: string; email: string }[]> {
  if (userIds.length === 0) return [];
  const rows = await trx.selectFrom('user_profiles').select(['id', 'full_name', 'email']).where('id', 'in', userIds).execute();
  const byId = new Map(rows.map((row) => [row.id, { id: row.id, name: row.full_name || row.email, email: row.email }]));
  return userIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The invite's organiser (issue 33, C4): the member who scheduled the interview, so replies and
 * calendar answers reach a person; the acting member when the scheduler has left the company.
 * The same person on every version, as calendars expect of one event.
 */
export async function interviewOrganiser(trx: Transaction<DB>, companyId: string, createdBy: string | null, actorId: string): Promise<{ name: string; email: string }> {
  const rows = await trx
    .selectFrom('user_profiles')
    .select(['id', 'full_name', 'email'])
    .where('id', 'in', createdBy ? [createdBy, actorId] : [actorId])
    .where('company_id', '=', companyId)
    .execute();
  const row = rows.find((r) => r.id === createdBy) ?? rows.find((r) => r.id === actorId) ?? rows[0];
  if (!row) throw new Error('the acting member has no profile in this company');
  return { name: row.full_name || row.email, email: row.email };
}

export async function mailFactsOf(trx: Transaction<DB>, applicationId: string) {
  return trx
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .innerJoin('user_profiles as cand', 'cand.id', 'ja.candidate_id')
    .where('ja.id', '=', applicationId)
    .select(['ja.candidate_id', 'cand.full_name as candidate_name', 'cand.email as candidate_email', 'jp.title as job_title', 'c.name as company_name'])
    .executeTakeFirstOrThrow();
}

const CLOSED_STAGES: ApplicationStage[] = ['hired', 'rejected', 'withdrawn'];

/** The company's open application, locked for the rest of the transaction (404 / 409 closed). */
export async function lockOpenApplication(trx: Transaction<DB>, companyId: string, applicationId: string) {
  const application = await trx
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .where('ja.id', '=', applicationId)
    .where('jp.company_id', '=', companyId)
    .where('jp.is_deleted', '=', false)
    .select(['ja.id', 'ja.job_id', 'ja.status', 'ja.candidate_id'])
    .forUpdate()
    .executeTakeFirst();
  if (!application) throw notFound(text.applicationNotFound);
  if (CLOSED_STAGES.includes(application.status)) throw conflict(text.applicationClosed, 'APPLICATION_CLOSED');
  return application;
}
