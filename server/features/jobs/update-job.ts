import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { jobLifecycleMessages } from '../../../shared/messages/job-lifecycle.ts';
import { jobDetailIssues, type EmployerJob, type UpdateJobValues } from '../../../shared/schemas/jobs.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { expiryInstant, type Actor } from './create-job.ts';
import { companyJobAsListed } from './list-company-jobs.ts';
import { jobDetailColumns, paiseOrNull } from './job-details-row.ts';
import { screeningQuestionsColumn } from './screening-questions-row.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { assertListingsWithinLimit, type PlanLimitOptions } from '../billing/limits.ts';


/** Whether a job with this expiry takes applications at `now` (the public pages' rule, open-jobs.ts). */
export const isOpenAt = (expiresAt: Date | string | null, now: Date) => expiresAt === null || new Date(expiresAt) > now;

/** One of the company's live jobs, locked for the change; another company's or a deleted one is 404. */
export async function lockJob(trx: Transaction<DB>, companyId: string, jobId: string) {
  const job = await trx
    .selectFrom('job_postings')
    .select(['id', 'title', 'expires_at', 'status', 'location', 'work_mode', 'pay_min_paise', 'pay_max_paise', 'pay_period'])
    .where('id', '=', jobId)
    .where('company_id', '=', companyId)
    .where('is_deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!job) throw notFound(messages.jobsManagement.notFound);
  return job;
}

type LockedJob = Awaited<ReturnType<typeof lockJob>>;

/** The details across fields as they will stand after the edit (what was not sent stays): 400 naming the first problem. */
function assertDetailsAfterEdit(before: LockedJob, values: UpdateJobValues): void {
  const pick = <T>(sent: T | undefined, stored: T) => (sent === undefined ? stored : sent);
  const issue = jobDetailIssues({
    location: pick(values.location, before.location),
    work_mode: pick(values.work_mode, before.work_mode),
    pay_min_paise: pick(values.pay_min_paise, paiseOrNull(before.pay_min_paise)),
    pay_max_paise: pick(values.pay_max_paise, paiseOrNull(before.pay_max_paise)),
    pay_period: pick(values.pay_period, before.pay_period),
  })[0];
  if (issue) throw badRequest(issue.message);
}

/** A draft cannot be closed or reopened: it was never open (publish it instead). */
function assertPublished(job: LockedJob): void {
  if (job.status === 'draft') throw conflict(jobLifecycleMessages.draftNotPublished, 'JOB_DRAFT');
}

/**
 * Changes fields of one of the company's live jobs (Jobs Management's Edit and the public API's
 * PATCH); fields not sent stay. Another company's job or a deleted one is 404. A new expiry that
 * opens a closed job takes a listing again, so the plan's limit is checked as for a new job (issue
 * 33 B3: an edit was a way round the limit). Audit entry and live event in the transaction.
 */
export async function updateJob(db: Kysely<DB>, actor: Actor, jobId: string, values: UpdateJobValues, now: Date = new Date(), options: PlanLimitOptions = {}): Promise<EmployerJob> {
  return db.transaction().execute(async (trx) => {
    const changed = Object.entries(values).filter(([, value]) => value !== undefined).map(([field]) => field);
    const before = await lockJob(trx, actor.companyId, jobId);
    assertDetailsAfterEdit(before, values);
    const published = before.status === 'published';
    const expiresAt = values.expires_at === undefined ? before.expires_at : values.expires_at === null ? null : expiryInstant(values.expires_at);
    const updated = await trx
      .updateTable('job_postings')
      .set({
        ...(values.title !== undefined ? { title: values.title } : {}),
        ...(values.description !== undefined ? { description: values.description } : {}),
        ...(values.location !== undefined ? { location: values.location } : {}),
        ...(values.salary !== undefined ? { salary: values.salary } : {}),
        ...(values.requirements !== undefined ? { requirements: values.requirements } : {}),
        ...(values.benefits !== undefined ? { benefits: values.benefits } : {}),
        ...(values.expires_at !== undefined ? { expires_at: expiresAt } : {}),
        ...jobDetailColumns(values),
        // The whole list replaces the one before; answers already given keep their own copy of each question.
        ...(values.screening_questions !== undefined ? { screening_questions: screeningQuestionsColumn(values.screening_questions) } : {}),
        updated_at: now,
      })
      .where('id', '=', before.id)
      .returning(['id', 'title'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'job_updated', entityType: 'job_posting', entityId: updated.id, details: { title: updated.title, fields: changed }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: updated.id });
    // A draft is not yet known to integrations (job.created comes when it is published).
    if (published) await emitWebhookEvent(trx, actor.companyId, 'job.updated', { job_id: updated.id, fields: changed }, now);
    // Last, so the plan's lock is held only to the commit (see assertListingsWithinLimit). A draft holds no listing.
    if (options.planLimits !== false && published && !isOpenAt(before.expires_at, now) && isOpenAt(expiresAt, now)) await assertListingsWithinLimit(trx, actor.companyId, now);
    return companyJobAsListed(trx, actor.companyId, updated.id);
  });
}

/**
 * Closes one of the company's jobs now: it expires at this moment, so its public page stops taking
 * applications and its listing slot is free (as at expiry); the job and its pipeline stay. Closing
 * a job that has already expired is 409.
 */
export async function closeJob(db: Kysely<DB>, actor: Actor, jobId: string, now: Date = new Date()): Promise<EmployerJob> {
  return db.transaction().execute(async (trx) => {
    const job = await lockJob(trx, actor.companyId, jobId);
    assertPublished(job);
    if (!isOpenAt(job.expires_at, now)) throw conflict(messages.developers.jobAlreadyClosed, 'JOB_CLOSED');
    await trx.updateTable('job_postings').set({ expires_at: now, updated_at: now }).where('id', '=', job.id).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'job_closed', entityType: 'job_posting', entityId: job.id, details: { title: job.title }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: job.id });
    await emitWebhookEvent(trx, actor.companyId, 'job.closed', { job_id: job.id }, now);
    return companyJobAsListed(trx, actor.companyId, job.id);
  });
}

/**
 * Reopens one of the company's closed (or expired) jobs: it takes applications again with no
 * expiry date, and takes a listing, so the plan must be working and have one free (as for a new
 * job). An open job is 409. Integrations hear it as job.updated (its expires_at changed).
 */
export async function reopenJob(db: Kysely<DB>, actor: Actor, jobId: string, now: Date = new Date(), options: PlanLimitOptions = {}): Promise<EmployerJob> {
  return db.transaction().execute(async (trx) => {
    const job = await lockJob(trx, actor.companyId, jobId);
    assertPublished(job);
    if (isOpenAt(job.expires_at, now)) throw conflict(jobLifecycleMessages.alreadyOpen, 'JOB_OPEN');
    await trx.updateTable('job_postings').set({ expires_at: null, updated_at: now }).where('id', '=', job.id).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'job_reopened', entityType: 'job_posting', entityId: job.id, details: { title: job.title }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: job.id });
    await emitWebhookEvent(trx, actor.companyId, 'job.updated', { job_id: job.id, fields: ['expires_at'] }, now);
    if (options.planLimits !== false) await assertListingsWithinLimit(trx, actor.companyId, now);
    return companyJobAsListed(trx, actor.companyId, job.id);
  });
}
