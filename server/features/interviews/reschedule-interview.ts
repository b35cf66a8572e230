import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { RescheduleInterviewBody, SavedInterview } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { lockCompanyInterview, type Actor } from './interview-scope.ts';
import { assertWorkAllowed } from '../billing/entitlement.ts';
import { queueInterviewEmails } from './interview-messages.ts';
import { checkInterviewers, findConflicts, interviewerContacts, interviewerIds, InterviewConflictError, interviewOrganiser, mailFactsOf, normaliseLocation, startFromIst } from './interview-rules.ts';
import { getInterview } from './list-interviews.ts';
import { wholeCompany } from '../team/member-scope.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';

const text = messages.interviews;

/**
 * Changes a scheduled interview's time, duration, mode, location or interviewers. A change the
 * candidate sees (anything but the interviewers) raises SEQUENCE and sends them and the kept
 * interviewers an updated .ics (same UID, METHOD:REQUEST), with a new reminder in place of the
 * old one; added interviewers get the invite and removed ones a cancellation, in one transaction.
 * The new time must be in the future; conflicts are checked as when scheduling.
 */
export async function rescheduleInterview(db: Kysely<DB>, actor: Actor & { mailFrom: string }, interviewId: string, body: RescheduleInterviewBody, now: Date = new Date()): Promise<SavedInterview> {
  return db.transaction().execute(async (trx) => {
    await assertWorkAllowed(trx, actor.companyId, now);
    const current = await lockCompanyInterview(trx, actor.companyId, interviewId);
    if (current.status !== 'scheduled') throw conflict(text.notScheduled, 'INTERVIEW_NOT_SCHEDULED');

    const start = body.starts_at_ist === undefined ? current.scheduled_at : startFromIst(body.starts_at_ist, now);
    const duration = body.duration_minutes ?? current.duration_minutes;
    const mode = body.mode ?? current.mode;
    const location = body.location === undefined ? (current.location ?? '') : normaliseLocation(mode, body.location);
    const currentInterviewers = await interviewerIds(trx, interviewId);
    const interviewers = body.interviewer_ids ?? currentInterviewers;
    if (body.interviewer_ids) await checkInterviewers(trx, actor.companyId, body.interviewer_ids);

    const conflicts = await findConflicts(trx, actor.companyId, interviewers, start, duration, interviewId);
    if (conflicts.length > 0 && !body.allow_conflicts) throw new InterviewConflictError(conflicts);

    const candidateSees = start.getTime() !== current.scheduled_at.getTime() || duration !== current.duration_minutes || mode !== current.mode || location !== current.location;
    const sequence = candidateSees ? current.sequence + 1 : current.sequence;
    await trx
      .updateTable('interviews')
      .set({ scheduled_at: start, duration_minutes: duration, mode, location, sequence, updated_at: now })
      .where('id', '=', interviewId)
      .execute();
    if (body.interviewer_ids) {
      await trx.deleteFrom('interview_interviewers').where('interview_id', '=', interviewId).execute();
      await trx
        .insertInto('interview_interviewers')
        .values(body.interviewer_ids.map((userId) => ({ interview_id: interviewId, user_id: userId })))
        .execute();
    }

    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'interview_rescheduled',
      entityType: 'interview',
      entityId: interviewId,
      details: {
        from: { scheduled_at: current.scheduled_at.toISOString(), duration_minutes: current.duration_minutes, mode: current.mode },
        to: { scheduled_at: start.toISOString(), duration_minutes: duration, mode },
        interviewers_changed: Boolean(body.interviewer_ids),
        sequence,
      },
      ip: actor.ip,
    });

    const facts = await mailFactsOf(trx, current.application_id);
    // Who hears what: kept interviewers and the candidate get the update when something they see
    // changed; added interviewers get the invite; removed ones get their copy cancelled.
    const [kept, added, removed] = await Promise.all([
      interviewerContacts(trx, interviewers.filter((id) => currentInterviewers.includes(id))),
      interviewerContacts(trx, interviewers.filter((id) => !currentInterviewers.includes(id))),
      interviewerContacts(trx, currentInterviewers.filter((id) => !interviewers.includes(id))),
    ]);
    const mailFacts = {
      interviewId,
      start,
      durationMinutes: duration,
      mode,
      location,
      sequence,
      candidateName: facts.candidate_name,
      candidateEmail: facts.candidate_email,
      jobTitle: facts.job_title,
      companyName: facts.company_name,
      interviewers: [...kept, ...added],
      organiser: await interviewOrganiser(trx, actor.companyId, current.created_by, actor.userId),
    };
    await queueInterviewEmails(trx, actor.mailFrom, 'update', mailFacts, now, { candidate: candidateSees, interviewers: candidateSees ? kept : [], removedInterviewers: removed });
    if (added.length > 0) await queueInterviewEmails(trx, actor.mailFrom, 'invite', mailFacts, now, { candidate: false, interviewers: added });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'interview', id: interviewId });
    await publish(trx, { topic: `user:${facts.candidate_id}`, type: 'interview', id: interviewId });
    await emitWebhookEvent(
      trx,
      actor.companyId,
      'interview.rescheduled',
      { interview_id: interviewId, application_id: current.application_id, scheduled_at: start.toISOString(), duration_minutes: duration, mode, interviewers_changed: Boolean(body.interviewer_ids) },
      now,
    );

    return { ...(await getInterview(trx, wholeCompany(actor.companyId), interviewId)), conflicts };
  });
}
