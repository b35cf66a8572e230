import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { Interview } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { lockCompanyInterview, type Actor } from './interview-scope.ts';
import { queueInterviewEmails } from './interview-messages.ts';
import { interviewerContacts, interviewerIds, interviewOrganiser, mailFactsOf } from './interview-rules.ts';
import { getInterview } from './list-interviews.ts';
import { wholeCompany } from '../team/member-scope.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';

/**
 * Cancels a scheduled interview: status cancelled, SEQUENCE raised, the candidate emailed a
 * METHOD:CANCEL .ics (STATUS:CANCELLED, same UID) and the pending reminder withdrawn, in one
 * transaction. The application's stage is left as it is (the pipeline decides what comes next).
 * Only before the start: a past interview is refused (409) and may be marked as a no-show instead.
 */
export async function cancelInterview(db: Kysely<DB>, actor: Actor & { mailFrom: string }, interviewId: string, reason: string | null, now: Date = new Date()): Promise<Interview> {
  return db.transaction().execute(async (trx) => {
    const current = await lockCompanyInterview(trx, actor.companyId, interviewId);
    if (current.status !== 'scheduled') throw conflict(messages.interviews.notScheduled, 'INTERVIEW_NOT_SCHEDULED');
    // Past interviews offer no Cancel (issue 36 §4): once it has started, it happened or it was a no-show.
    if (current.scheduled_at.getTime() <= now.getTime()) throw conflict(messages.interviews.cancelPast, 'INTERVIEW_IN_PAST');
    const sequence = current.sequence + 1;
    await trx.updateTable('interviews').set({ status: 'cancelled', cancel_reason: reason, sequence, updated_at: now }).where('id', '=', interviewId).execute();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'interview_cancelled',
      entityType: 'interview',
      entityId: interviewId,
      details: { scheduled_at: current.scheduled_at.toISOString(), reason, sequence },
      ip: actor.ip,
    });
    const facts = await mailFactsOf(trx, current.application_id);
    await queueInterviewEmails(
      trx,
      actor.mailFrom,
      'cancel',
      {
        interviewId,
        start: current.scheduled_at,
        durationMinutes: current.duration_minutes,
        mode: current.mode,
        location: current.location ?? '',
        sequence,
        candidateName: facts.candidate_name,
        candidateEmail: facts.candidate_email,
        jobTitle: facts.job_title,
        companyName: facts.company_name,
        interviewers: await interviewerContacts(trx, await interviewerIds(trx, interviewId)),
        cancelReason: reason,
        organiser: await interviewOrganiser(trx, actor.companyId, current.created_by, actor.userId),
      },
      now,
    );
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'interview', id: interviewId });
    await publish(trx, { topic: `user:${facts.candidate_id}`, type: 'interview', id: interviewId });
    await emitWebhookEvent(trx, actor.companyId, 'interview.cancelled', { interview_id: interviewId, application_id: current.application_id, reason }, now);
    return getInterview(trx, wholeCompany(actor.companyId), interviewId);
  });
}
