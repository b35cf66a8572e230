import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { candidateEmailsMessages as text } from '../../../shared/messages/candidate-emails.ts';
import { pipelineMessages } from '../../../shared/messages/pipeline.ts';
import { fillMergeFields, mergeFieldsIn, type EmailCompose, type MergeValues } from '../../../shared/schemas/candidate-emails.ts';
import { formatIst } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { brandedEmail, loadCompanyBrand } from '../../messaging/branded-email.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import type { CompanyActor } from './email-templates.ts';

interface MergeFacts {
  to: string;
  replyTo: string | null;
  jobId: string;
  values: Omit<MergeValues, 'interview_time'> & { interview_time: string | null };
}

/**
 * What the merge fields stand for on one application of the company: the candidate's name, the
 * job, the company, and the next interview still to come (IST), or null when none is scheduled.
 * Another company's application (or a deleted job's) is a 404.
 */
export async function mergeFacts(db: Kysely<DB> | Transaction<DB>, companyId: string, applicationId: string, now: Date): Promise<MergeFacts> {
  const row = await db
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .innerJoin('user_profiles as up', 'up.id', 'ja.candidate_id')
    .select(['ja.job_id', 'jp.title', 'c.name as company_name', 'c.reply_to_email', 'up.full_name', 'up.email'])
    .select((eb) =>
      eb
        .selectFrom('interviews as i')
        .select('i.scheduled_at')
        .whereRef('i.application_id', '=', 'ja.id')
        .where('i.status', '=', 'scheduled')
        .where('i.scheduled_at', '>', now)
        .orderBy('i.scheduled_at')
        .limit(1)
        .as('next_interview'),
    )
    .where('ja.id', '=', applicationId)
    .where('jp.company_id', '=', companyId)
    .where('jp.is_deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw notFound(pipelineMessages.applicationNotFound);
  return {
    to: row.email,
    replyTo: row.reply_to_email,
    jobId: row.job_id,
    values: {
      candidate_name: row.full_name || row.email,
      job_title: row.title,
      company_name: row.company_name,
      interview_time: row.next_interview ? formatIst(row.next_interview) : null,
    },
  };
}

/** The compose dialog's facts: the address, the merge values, and the company's templates. */
export async function getEmailCompose(db: Kysely<DB>, companyId: string, applicationId: string, now: Date): Promise<EmailCompose> {
  const facts = await mergeFacts(db, companyId, applicationId, now);
  const templates = await db.selectFrom('candidate_email_templates').select(['id', 'name', 'subject', 'body']).where('company_id', '=', companyId).orderBy('name').execute();
  return { to: facts.to, values: facts.values, templates };
}

/**
 * Email from the pipeline (issue 36 §3): the merge fields filled, sent through the outbox as the
 * company's branded HTML with a plain-text part, replies to the company's reply-to, audited on
 * the application ('candidate_emailed', which the candidate's timeline reads), in one transaction.
 */
export async function sendCandidateEmail(
  db: Kysely<DB>,
  actor: CompanyActor & { publicUrl: string },
  applicationId: string,
  input: { template_id?: string | null | undefined; subject: string; body: string },
  now: Date,
): Promise<{ to: string; subject: string; sent_at: string }> {
  return db.transaction().execute(async (trx) => {
    const facts = await mergeFacts(trx, actor.companyId, applicationId, now);
    if (input.template_id) {
      const template = await trx.selectFrom('candidate_email_templates').select('id').where('id', '=', input.template_id).where('company_id', '=', actor.companyId).executeTakeFirst();
      if (!template) throw notFound(text.templateNotFound);
    }
    const interviewTime = facts.values.interview_time;
    if (interviewTime === null && [...mergeFieldsIn(input.subject), ...mergeFieldsIn(input.body)].includes('interview_time')) {
      throw new AppError(422, 'NO_INTERVIEW_TIME', text.noInterviewTime);
    }
    const values: MergeValues = { ...facts.values, interview_time: interviewTime ?? '' };
    // A subject is one line, whatever a merge value holds.
    const subject = fillMergeFields(input.subject, values).replace(/\s+/g, ' ').trim();
    const brand = await loadCompanyBrand(trx, actor.companyId, actor.publicUrl);
    const parts = brandedEmail(brand, fillMergeFields(input.body, values));
    await enqueueMessage(trx, {
      channel: 'email',
      to: facts.to,
      subject,
      text: `${parts.text}\n\n${fill(text.sentVia, { company: brand.companyName })}`,
      html: parts.html,
      replyTo: facts.replyTo,
    });
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'candidate_emailed',
      entityType: 'job_application',
      entityId: applicationId,
      details: { job_id: facts.jobId, template_id: input.template_id ?? null, subject },
      ip: actor.ip,
    });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'pipeline', id: applicationId });
    return { to: facts.to, subject, sent_at: now.toISOString() };
  });
}
