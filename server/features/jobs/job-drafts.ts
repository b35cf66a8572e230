import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { jobLifecycleMessages } from '../../../shared/messages/job-lifecycle.ts';
import { JOB_LIMITS, type EmployerJob } from '../../../shared/schemas/jobs.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { assertListingsWithinLimit, type PlanLimitOptions } from '../billing/limits.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import type { Actor } from './create-job.ts';
import { JOB_DETAIL_COLUMNS, paiseOrNull } from './job-details-row.ts';
import { screeningQuestionsOf } from './screening-questions-row.ts';
import { companyJobAsListed } from './list-company-jobs.ts';
import { isOpenAt, lockJob } from './update-job.ts';
import { copyScorecardTemplate } from '../interviews/scorecard-templates.ts';

/**
 * Publishes one of the company's drafts (issue 36 §1): it becomes public and takes applications
 * at once, takes a listing within the plan's limit (checked last, so a refusal leaves it a draft),
 * and integrations hear job.created. A published job is 409; a draft whose closing date has
 * passed is 400 (it would be published closed).
 */
export async function publishJob(db: Kysely<DB>, actor: Actor, jobId: string, now: Date = new Date(), options: PlanLimitOptions = {}): Promise<EmployerJob> {
  return db.transaction().execute(async (trx) => {
    const job = await lockJob(trx, actor.companyId, jobId);
    if (job.status === 'published') throw conflict(jobLifecycleMessages.alreadyPublished, 'JOB_PUBLISHED');
    if (!isOpenAt(job.expires_at, now)) throw badRequest(messages.jobsManagement.expiryInPast);
    await trx.updateTable('job_postings').set({ status: 'published', published_at: now, updated_at: now }).where('id', '=', job.id).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'job_published', entityType: 'job_posting', entityId: job.id, details: { title: job.title }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: job.id });
    await emitWebhookEvent(trx, actor.companyId, 'job.created', { job_id: job.id, title: job.title }, now);
    if (options.planLimits !== false) await assertListingsWithinLimit(trx, actor.companyId, now);
    return companyJobAsListed(trx, actor.companyId, job.id);
  });
}

/**
 * Clones one of the company's jobs, open, closed or a draft, into a new draft with every field
 * but the closing date (the old one may have passed), screening questions included, titled "… (copy)" so the two are told
 * apart. Its pipeline is not copied. Another company's job or a deleted one is 404.
 */
export async function cloneJob(db: Kysely<DB>, actor: Actor, jobId: string): Promise<EmployerJob> {
  return db.transaction().execute(async (trx) => {
    const source = await trx
      .selectFrom('job_postings')
      .select(['id', 'title', 'description', 'location', 'salary', 'requirements', 'benefits', 'screening_questions', ...JOB_DETAIL_COLUMNS])
      .where('id', '=', jobId)
      .where('company_id', '=', actor.companyId)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!source) throw notFound(messages.jobsManagement.notFound);
    const { id: sourceId, pay_min_paise, pay_max_paise, screening_questions, ...fields } = source;
    const title = fill(jobLifecycleMessages.cloneTitle, { title: source.title });
    const copy = await trx
      .insertInto('job_postings')
      .values({
        ...fields,
        pay_min_paise: paiseOrNull(pay_min_paise),
        pay_max_paise: paiseOrNull(pay_max_paise),
        // The questions come along with their knockout rules (issue 36 §1), under the same ids.
        screening_questions: JSON.stringify(screeningQuestionsOf(screening_questions)),
        title: title.length > JOB_LIMITS.title ? source.title : title,
        company_id: actor.companyId,
        created_by: actor.userId,
        status: 'draft',
        is_deleted: false,
      })
      .returning(['id', 'title'])
      .executeTakeFirstOrThrow();
    // Its scorecard template too (issue 36 §4).
    await copyScorecardTemplate(trx, sourceId, copy.id);
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'job_cloned', entityType: 'job_posting', entityId: copy.id, details: { title: copy.title, from: sourceId }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: copy.id });
    return companyJobAsListed(trx, actor.companyId, copy.id);
  });
}
