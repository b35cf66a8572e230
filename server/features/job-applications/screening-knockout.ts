import { sql, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { screeningQuestionsMessages } from '../../../shared/messages/screening-questions.ts';
import { concernsCandidate } from '../../../shared/schemas/pipeline.ts';
import type { ScreeningAnswer } from '../../../shared/schemas/screening-questions.ts';
import { answerText } from '../../../shared/screening-answers.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { brandedStageEmail } from '../candidate-emails/stage-emails.ts';
import { lockApplication, stageEmail } from '../pipeline/change-stage.ts';
import { emitStageChanged } from '../webhooks/emit.ts';

/**
 * How long after a knockout the candidate's rejection email waits. Greenhouse's auto-reject rules
 * and Workable's disqualifying questions reject at once but send the email later (Greenhouse
 * suggests a delay of days), so an answer is not met by an instant "no" (ADR 0029).
 */
export const KNOCKOUT_EMAIL_DELAY_MS = 48 * 60 * 60 * 1000;

/** The reason recorded on a knocked-out application: the first disqualifying answer and its question. */
export const knockoutReason = (answer: ScreeningAnswer) => fill(screeningQuestionsMessages.knockoutReason, { answer: answerText(answer.answer), prompt: answer.prompt }).slice(0, 1000);

export interface KnockoutContext {
  applicationId: string;
  candidateId: string;
  companyId: string;
  ip: string;
  now: Date;
  publicUrl: string;
}

/**
 * Moves a just-received application whose answers knocked it out straight to rejected, in the
 * application's transaction: the stage and its history (by no one: the rule, with no note, so the
 * candidate sees no reason), the reason on the application, the audit entry
 * 'application_knocked_out', integrations' stage change, and the company's rejection email (unless
 * turned off) queued KNOCKOUT_EMAIL_DELAY_MS later. The application itself was accepted as any other.
 */
export async function knockOut(trx: Transaction<DB>, context: KnockoutContext, knockout: ScreeningAnswer): Promise<void> {
  const application = await lockApplication(trx, context.applicationId, { companyId: context.companyId });
  const reason = knockoutReason(knockout);
  await trx
    .updateTable('job_applications')
    .set({ status: 'rejected', stage_changed_at: sql<Date>`clock_timestamp()`, knockout_reason: reason })
    .where('id', '=', application.id)
    .execute();
  await trx.insertInto('application_stage_events').values({ application_id: application.id, from_stage: 'received', to_stage: 'rejected', actor_id: null, note: null }).execute();
  await writeAudit(trx, {
    actorId: context.candidateId,
    companyId: context.companyId,
    action: 'application_knocked_out',
    entityType: 'job_application',
    entityId: application.id,
    details: { job_id: application.job_id, from: 'received', to: 'rejected', question_id: knockout.question_id, reason },
    ip: context.ip,
  });
  await emitStageChanged(trx, application, 'received', 'rejected', null);
  if (concernsCandidate('rejected') && !application.stage_emails_off.includes('rejected')) {
    const change = { to: 'rejected' as const, actorId: context.candidateId, ip: context.ip, publicUrl: context.publicUrl };
    // The company's own rejection template and brand, as any rejection email (issue 36 §3).
    await enqueueMessage(trx, await brandedStageEmail(trx, application, change, stageEmail(application, change), context.now), { sendAt: new Date(context.now.getTime() + KNOCKOUT_EMAIL_DELAY_MS), key: `knockout:${application.id}` });
  }
}
