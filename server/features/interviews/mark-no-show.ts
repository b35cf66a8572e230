import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { Interview } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { wholeCompany } from '../team/member-scope.ts';
import { lockCompanyInterview, type Actor } from './interview-scope.ts';
import { getInterview } from './list-interviews.ts';

const text = messages.interviews;

/** Tells the company's screens and the candidate's that the interview changed. */
async function announce(trx: Transaction<DB>, companyId: string, interviewId: string, applicationId: string): Promise<void> {
  const { candidate_id: candidateId } = await trx.selectFrom('job_applications').select('candidate_id').where('id', '=', applicationId).executeTakeFirstOrThrow();
  await publish(trx, { topic: `company:${companyId}`, type: 'interview', id: interviewId });
  await publish(trx, { topic: `user:${candidateId}`, type: 'interview', id: interviewId });
}

/**
 * Marks a scheduled interview whose start has passed as a no-show: the candidate did not attend.
 * Refused before the start (409), for an interview that is not scheduled, and once a scorecard was
 * left (someone interviewed the candidate). Nobody is emailed: the calendars keep the event as it
 * was, so SEQUENCE is not raised.
 */
export async function markNoShow(db: Kysely<DB>, actor: Actor, interviewId: string, now: Date): Promise<Interview> {
  return db.transaction().execute(async (trx) => {
    const current = await lockCompanyInterview(trx, actor.companyId, interviewId);
    if (current.status !== 'scheduled') throw conflict(text.noShowNotScheduled, 'INTERVIEW_NOT_SCHEDULED');
    if (current.scheduled_at.getTime() > now.getTime()) throw conflict(text.noShowTooEarly, 'INTERVIEW_NOT_STARTED');
    const scorecard = await trx.selectFrom('interview_scorecards').select('id').where('interview_id', '=', interviewId).executeTakeFirst();
    if (scorecard) throw conflict(text.noShowHasScorecards, 'INTERVIEW_HAS_SCORECARDS');
    await trx.updateTable('interviews').set({ status: 'no_show', updated_at: now }).where('id', '=', interviewId).execute();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'interview_no_show',
      entityType: 'interview',
      entityId: interviewId,
      details: { scheduled_at: current.scheduled_at.toISOString() },
      ip: actor.ip,
    });
    await announce(trx, actor.companyId, interviewId, current.application_id);
    return getInterview(trx, wholeCompany(actor.companyId), interviewId);
  });
}

/** Takes the no-show mark off (a mistaken click, or the candidate came late): scheduled again. */
export async function undoNoShow(db: Kysely<DB>, actor: Actor, interviewId: string, now: Date): Promise<Interview> {
  return db.transaction().execute(async (trx) => {
    const current = await lockCompanyInterview(trx, actor.companyId, interviewId);
    if (current.status !== 'no_show') throw conflict(text.notNoShow, 'INTERVIEW_NOT_NO_SHOW');
    await trx.updateTable('interviews').set({ status: 'scheduled', updated_at: now }).where('id', '=', interviewId).execute();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'interview_no_show_undone',
      entityType: 'interview',
      entityId: interviewId,
      details: { scheduled_at: current.scheduled_at.toISOString() },
      ip: actor.ip,
    });
    await announce(trx, actor.companyId, interviewId, current.application_id);
    return getInterview(trx, wholeCompany(actor.companyId), interviewId);
  });
}
