import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { SavedInterview, ScheduleInterviewBody } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { ApplicationStage, DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import type { Actor } from './interview-scope.ts';
import { assertWorkAllowed } from '../billing/entitlement.ts';
import { queueInterviewEmails } from './interview-messages.ts';
import { checkInterviewers, findConflicts, InterviewConflictError, interviewOrganiser, mailFactsOf, normaliseLocation, startFromIst, interviewerContacts } from './interview-rules.ts';
import { getInterview } from './list-interviews.ts';
import { wholeCompany } from '../team/member-scope.ts';
import { emitStageChanged, emitWebhookEvent } from '../webhooks/emit.ts';

const text = messages.interviews;
const CLOSED_STAGES: ApplicationStage[] = ['hired', 'rejected', 'withdrawn'];
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
    const application = await trx
      .selectFrom('job_applications as ja')
      .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
      .where('ja.id', '=', body.application_id)
      .where('jp.company_id', '=', actor.companyId)
      .where('jp.is_deleted', '=', false)
      .select(['ja.id', 'ja.job_id', 'ja.status', 'ja.candidate_id'])
      .forUpdate()
      .executeTakeFirst();
    if (!application) throw notFound(text.applicationNotFound);
    if (CLOSED_STAGES.includes(application.status)) throw conflict(text.applicationClosed, 'APPLICATION_CLOSED');

    await checkInterviewers(trx, actor.companyId, body.interviewer_ids);
    const conflicts = await findConflicts(trx, actor.companyId, body.interviewer_ids, start, body.duration_minutes);
    if (conflicts.length > 0 && !body.allow_conflicts) throw new InterviewConflictError(conflicts);

    const interview = await trx
      .insertInto('interviews')
      .values({
        application_id: application.id,
        company_id: actor.companyId,
        scheduled_at: start,
        duration_minutes: body.duration_minutes,
        mode: body.mode,
        location,
        created_by: actor.userId,
        updated_at: now,
      })
      .returning(['id', 'sequence'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('interview_interviewers')
      .values(body.interviewer_ids.map((userId) => ({ interview_id: interview.id, user_id: userId })))
      .execute();

    if (EARLIER_STAGES.includes(application.status)) {
      await trx.updateTable('job_applications').set({ status: 'interview', stage_changed_at: now }).where('id', '=', application.id).execute();
      await trx
        .insertInto('application_stage_events')
        .values({ application_id: application.id, from_stage: application.status, to_stage: 'interview', actor_id: actor.userId, note: text.stageNote })
        .execute();
      await writeAudit(trx, {
        actorId: actor.userId,
        companyId: actor.companyId,
        action: 'application_stage_changed',
        entityType: 'job_application',
        entityId: application.id,
        details: { job_id: application.job_id, from: application.status, to: 'interview', via: 'interview_scheduled', interview_id: interview.id },
        ip: actor.ip,
      });
      // The same events as the pipeline's own moves, so the board and the candidate's applications
      // refresh. No separate stage email: the invite below is the candidate's news.
      await publish(trx, { topic: `company:${actor.companyId}`, type: 'pipeline', id: application.id });
      await publish(trx, { topic: `user:${application.candidate_id}`, type: 'application_stage', id: application.id });
      await emitStageChanged(trx, { ...application, company_id: actor.companyId }, application.status, 'interview', null);
    }

    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'interview_scheduled',
      entityType: 'interview',
      entityId: interview.id,
      details: { application_id: application.id, scheduled_at: start.toISOString(), duration_minutes: body.duration_minutes, mode: body.mode, interviewer_ids: body.interviewer_ids, conflicts: conflicts.length },
      ip: actor.ip,
    });

    const facts = await mailFactsOf(trx, application.id);
    await queueInterviewEmails(
      trx,
      actor.mailFrom,
      'invite',
      {
        interviewId: interview.id,
        start,
        durationMinutes: body.duration_minutes,
        mode: body.mode,
        location,
        sequence: interview.sequence,
        candidateName: facts.candidate_name,
        candidateEmail: facts.candidate_email,
        jobTitle: facts.job_title,
        companyName: facts.company_name,
        interviewers: await interviewerContacts(trx, body.interviewer_ids),
        organiser: await interviewOrganiser(trx, actor.companyId, actor.userId, actor.userId),
      },
      now,
    );
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'interview', id: interview.id });
    await publish(trx, { topic: `user:${application.candidate_id}`, type: 'interview', id: interview.id });
    await emitWebhookEvent(trx, actor.companyId, 'interview.scheduled', { interview_id: interview.id, application_id: application.id, scheduled_at: start.toISOString(), duration_minutes: body.duration_minutes, mode: body.mode }, now);

    return { ...(await getInterview(trx, wholeCompany(actor.companyId), interview.id)), conflicts };
  });
}
