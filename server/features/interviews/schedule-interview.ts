import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { InterviewMode, SavedInterview, ScheduleInterviewBody } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { ApplicationStage, DB } from '../../db/schema.ts';
import { publish } from '../../realtime/events.ts';
import type { Actor } from './interview-scope.ts';
import { assertWorkAllowed } from '../billing/entitlement.ts';
import { queueInterviewEmails } from './interview-messages.ts';
import { checkInterviewers, findConflicts, lockOpenApplication, InterviewConflictError, interviewOrganiser, mailFactsOf, normaliseLocation, startFromIst, interviewerContacts } from './interview-rules.ts';
import { getInterview } from './list-interviews.ts';
import { wholeCompany } from '../team/member-scope.ts';
import { emitStageChanged, emitWebhookEvent } from '../webhooks/emit.ts';

const text = messages.interviews;
/**
 * Stages before 'interview': scheduling one moves the application on, with a history entry and an
 * audit row shaped like the pipeline's (application_stage_changed). Later stages (offered) stay.
 */
const EARLIER_STAGES: ApplicationStage[] = ['received', 'screening', 'shortlisted'];

/**
 * Schedules an interview for one of the company's open applications. The interview, its
 * interviewers, the stage move (received/screening/shortlisted → interview, recorded in
 * application_stage_events), the audit rows, the invite with its .ics, the reminder and the live
 * events are one transaction. An interviewer busy at that time makes it 409 with the conflicts,
 * unless allow_conflicts is set (then the answer lists them).
 */
export async function scheduleInterview(db: Kysely<DB>, actor: Actor & { mailFrom: string }, body: ScheduleInterviewBody, now: Date = new Date()): Promise<SavedInterview> {
  const start = startFromIst(body.starts_at_ist, now);
  const location = normaliseLocation(body.mode, body.location);

  return db.transaction().execute(async (trx) => {
    await assertWorkAllowed(trx, actor.companyId, now);
    const application = await lockOpenApplication(trx, actor.companyId, body.application_id);

    await checkInterviewers(trx, actor.companyId, body.interviewer_ids);
    const conflicts = await findConflicts(trx, actor.companyId, body.interviewer_ids, start, body.duration_minutes);
    if (conflicts.length > 0 && !body.allow_conflicts) throw new InterviewConflictError(conflicts);

    const interviewId = await createInterview(trx, {
      application,
      companyId: actor.companyId,
      start,
      durationMinutes: body.duration_minutes,
      mode: body.mode,
      location,
      interviewerIds: body.interviewer_ids,
      createdBy: actor.userId,
      actorId: actor.userId,
      ip: actor.ip,
      mailFrom: actor.mailFrom,
      conflicts: conflicts.length,
    }, now);
    return { ...(await getInterview(trx, wholeCompany(actor.companyId), interviewId)), conflicts };
  });
}

/** One interview to create for an application already locked and checked by the caller. */
export interface NewInterview {
  application: { id: string; job_id: string; status: ApplicationStage; candidate_id: string };
  companyId: string;
  start: Date;
  durationMinutes: number;
  mode: InterviewMode;
  location: string;
  interviewerIds: string[];
  /** The member it is scheduled for: created_by, and the invite's organiser. */
  createdBy: string;
  /** Who acted: the member, or the candidate who picked an offered time. */
  actorId: string;
  ip: string | null;
  mailFrom: string;
  /** How many clashes it was saved despite (audit). */
  conflicts: number;
  /** 'candidate_pick' when the candidate picked an offered time (audit). */
  via?: string;
}

/**
 * Inserts the interview and its interviewers, moves an earlier stage on to 'interview' (history,
 * audit, live events and the webhook, like the pipeline's own moves), and queues the invites, in
 * the caller's transaction. Shared by scheduling and by a candidate picking an offered time.
 */
export async function createInterview(trx: Transaction<DB>, input: NewInterview, now: Date): Promise<string> {
  const interview = await trx
    .insertInto('interviews')
    .values({
      application_id: input.application.id,
      company_id: input.companyId,
      scheduled_at: input.start,
      duration_minutes: input.durationMinutes,
      mode: input.mode,
      location: input.location,
      created_by: input.createdBy,
      updated_at: now,
    })
    .returning(['id', 'sequence'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('interview_interviewers')
    .values(input.interviewerIds.map((userId) => ({ interview_id: interview.id, user_id: userId })))
    .execute();

  if (EARLIER_STAGES.includes(input.application.status)) {
    await trx.updateTable('job_applications').set({ status: 'interview', stage_changed_at: now }).where('id', '=', input.application.id).execute();
    await trx
      .insertInto('application_stage_events')
      .values({ application_id: input.application.id, from_stage: input.application.status, to_stage: 'interview', actor_id: input.actorId, note: text.stageNote })
      .execute();
    await writeAudit(trx, {
      actorId: input.actorId,
      companyId: input.companyId,
      action: 'application_stage_changed',
      entityType: 'job_application',
      entityId: input.application.id,
      details: { job_id: input.application.job_id, from: input.application.status, to: 'interview', via: input.via ?? 'interview_scheduled', interview_id: interview.id },
      ip: input.ip,
    });
    // The same events as the pipeline's own moves, so the board and the candidate's applications
    // refresh. No separate stage email: the invite below is the candidate's news.
    await publish(trx, { topic: `company:${input.companyId}`, type: 'pipeline', id: input.application.id });
    await publish(trx, { topic: `user:${input.application.candidate_id}`, type: 'application_stage', id: input.application.id });
    await emitStageChanged(trx, { ...input.application, company_id: input.companyId }, input.application.status, 'interview', null);
  }

  await writeAudit(trx, {
    actorId: input.actorId,
    companyId: input.companyId,
    action: 'interview_scheduled',
    entityType: 'interview',
    entityId: interview.id,
    details: { application_id: input.application.id, scheduled_at: input.start.toISOString(), duration_minutes: input.durationMinutes, mode: input.mode, interviewer_ids: input.interviewerIds, conflicts: input.conflicts, ...(input.via ? { via: input.via } : {}) },
    ip: input.ip,
  });

  const facts = await mailFactsOf(trx, input.application.id);
  await queueInterviewEmails(
    trx,
    input.mailFrom,
    'invite',
    {
      interviewId: interview.id,
      start: input.start,
      durationMinutes: input.durationMinutes,
      mode: input.mode,
      location: input.location,
      sequence: interview.sequence,
      candidateName: facts.candidate_name,
      candidateEmail: facts.candidate_email,
      jobTitle: facts.job_title,
      companyName: facts.company_name,
      interviewers: await interviewerContacts(trx, input.interviewerIds),
      organiser: await interviewOrganiser(trx, input.companyId, input.createdBy, input.createdBy),
    },
    now,
  );
  await publish(trx, { topic: `company:${input.companyId}`, type: 'interview', id: interview.id });
  await publish(trx, { topic: `user:${input.application.candidate_id}`, type: 'interview', id: interview.id });
  await emitWebhookEvent(trx, input.companyId, 'interview.scheduled', { interview_id: interview.id, application_id: input.application.id, scheduled_at: input.start.toISOString(), duration_minutes: input.durationMinutes, mode: input.mode }, now);

  return interview.id;
}
