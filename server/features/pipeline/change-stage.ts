import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { concernsCandidate, isFinalStage, type HireDetails, type PipelineStage } from '../../../shared/schemas/pipeline.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { fill } from '../../../shared/fill.ts';
import { emitStageChanged } from '../webhooks/emit.ts';
import { brandedStageEmail } from '../candidate-emails/stage-emails.ts';

const text = messages.pipeline;

/** An application locked for a stage change, with what the change needs to know about it. */
export interface LockedApplication {
  id: string;
  job_id: string;
  job_title: string;
  company_id: string;
  company_name: string;
  candidate_id: string;
  candidate_name: string;
  candidate_email: string;
  status: PipelineStage;
  /** Settings → Candidate emails: stages whose email the company turned off, and its reply-to. */
  stage_emails_off: string[];
  reply_to_email: string | null;
}

/**
 * Reads and locks (SELECT … FOR UPDATE) one application, scoped to the company when `companyId`
 * is given or to the candidate when `candidateId` is: two moves at once queue on the row lock, so
 * the second sees the first's stage and the history stays a chain. Anything outside the scope is 404.
 */
export async function lockApplication(
  trx: Transaction<DB>,
  applicationId: string,
  scope: { companyId: string } | { candidateId: string },
): Promise<LockedApplication> {
  const row = await trx
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .innerJoin('user_profiles as up', 'up.id', 'ja.candidate_id')
    .select(['ja.id', 'ja.job_id', 'jp.title as job_title', 'jp.company_id', 'c.name as company_name', 'ja.candidate_id', 'up.full_name as candidate_name', 'up.email as candidate_email', 'ja.status', 'c.stage_emails_off', 'c.reply_to_email'])
    .where('ja.id', '=', applicationId)
    .$if('companyId' in scope, (qb) => qb.where('jp.company_id', '=', (scope as { companyId: string }).companyId).where('jp.is_deleted', '=', false))
    .$if('candidateId' in scope, (qb) => qb.where('ja.candidate_id', '=', (scope as { candidateId: string }).candidateId))
    .forUpdate('ja')
    .executeTakeFirst();
  if (!row) throw notFound(text.applicationNotFound);
  return row;
}

export interface StageChange {
  to: PipelineStage;
  note?: string | undefined;
  hire?: HireDetails | undefined;
  actorId: string;
  ip: string | null;
  /** For the link in the candidate's email. */
  publicUrl: string;
  /** False when the caller sends its own message about this move (an offer sent or accepted, issue 36 §5). */
  email?: boolean;
}

export interface StageChanged {
  stage: PipelineStage;
  stage_changed_at: Date;
  employment_id: string | null;
  /** True when an email was queued (call onMessageQueued after commit). */
  emailed: boolean;
}

/** PostgreSQL's unique violation on employments_one_active: already an active employee there. */
function isAlreadyEmployed(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'employments_one_active';
}

/**
 * The one rule for a stage change, on an application the caller has locked: final stages are
 * final (409), a move to the current stage is 409 (nothing to record), and moves between open
 * stages go either way (employers correct mistakes). The stage, the history row, the employment
 * (hired), the audit row, the candidate's email and the live events commit together.
 */
export async function applyStageChange(trx: Transaction<DB>, application: LockedApplication, change: StageChange): Promise<StageChanged> {
  const from = application.status;
  if (isFinalStage(from)) throw conflict(fill(text.finalStage, { stage: text.stageLabels[from].toLowerCase() }), 'FINAL_STAGE');
  if (from === change.to) throw conflict(text.sameStage, 'SAME_STAGE');

  const updated = await trx
    .updateTable('job_applications')
    .set({ status: change.to, stage_changed_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', application.id)
    .returning('stage_changed_at')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('application_stage_events')
    .values({ application_id: application.id, from_stage: from, to_stage: change.to, actor_id: change.actorId, note: change.note ?? null })
    .execute();

  let employmentId: string | null = null;
  if (change.to === 'hired' && change.hire) {
    // Already an active employee here: a 409 with a message, and the whole change rolls back.
    try {
      const employment = await trx
        .insertInto('employments')
        .values({
          company_id: application.company_id,
          employee_id: application.candidate_id,
          application_id: application.id,
          title: change.hire.title,
          joining_date: change.hire.joining_date,
          created_by: change.actorId,
          // The hire through the company's own pipeline is the employment's source (issue 33 A1).
          confirmation: 'confirmed',
          confirmed_by: 'hire',
          confirmed_at: sql<Date>`clock_timestamp()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      employmentId = employment.id;
    } catch (error) {
      if (isAlreadyEmployed(error)) throw conflict(text.alreadyEmployed, 'ALREADY_EMPLOYED');
      throw error;
    }
  }

  await writeAudit(trx, {
    actorId: change.actorId,
    companyId: application.company_id,
    action: change.to === 'withdrawn' ? 'application_withdrawn' : 'application_stage_changed',
    entityType: 'job_application',
    entityId: application.id,
    details: { job_id: application.job_id, from, to: change.to, ...(employmentId ? { employment_id: employmentId } : {}) },
    ip: change.ip,
  });

  // The rule (also in messages.pipeline.email): email on stages that concern the candidate only.
  // The company may turn a stage's email off (Settings → Candidate emails).
  const emailed = change.email !== false && concernsCandidate(change.to) && !application.stage_emails_off.includes(change.to);
  // Issue 36 §3: the company's own template for the stage, if any, in its colours (candidate-emails/stage-emails.ts).
  if (emailed) await enqueueMessage(trx, await brandedStageEmail(trx, application, change, stageEmail(application, change)));

  await publish(trx, { topic: `company:${application.company_id}`, type: 'pipeline', id: application.id });
  await publish(trx, { topic: `user:${application.candidate_id}`, type: 'application_stage', id: application.id });
  await emitStageChanged(trx, application, from, change.to, employmentId && change.hire ? { employment_id: employmentId, title: change.hire.title, joining_date: change.hire.joining_date } : null);
  return { stage: change.to, stage_changed_at: new Date(updated.stage_changed_at), employment_id: employmentId, emailed };
}

export function stageEmail(application: LockedApplication, change: StageChange) {
  const email = text.email;
  const values = { name: application.candidate_name || application.candidate_email, title: application.job_title, company: application.company_name, url: `${change.publicUrl}/dashboard` };
  const lines = [fill(email.greeting, values), '', fill(email.bodies[change.to] ?? '', values)];
  // Only a rejection's note reaches the candidate (the reason they asked for); other notes are the team's.
  if (change.to === 'rejected' && change.note) lines.push('', fill(email.reason, { note: change.note }));
  lines.push('', fill(email.footer, values));
  return { channel: 'email' as const, to: application.candidate_email, subject: fill(email.subject, values), text: lines.join('\n'), replyTo: application.reply_to_email };
}
