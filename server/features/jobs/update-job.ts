import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { jobLifecycleMessages } from '../../../shared/messages/job-lifecycle.ts';
import type { EmployerJob, UpdateJobValues } from '../../../shared/schemas/jobs.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { wholeCompany } from '../team/member-scope.ts';
import { expiryInstant, type Actor } from './create-job.ts';
import { listCompanyJobs } from './list-company-jobs.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { assertListingsWithinLimit, type PlanLimitOptions } from '../billing/limits.ts';

async function jobAsListed(trx: Transaction<DB>, companyId: string, jobId: string): Promise<EmployerJob> {
  const page = await listCompanyJobs(trx, wholeCompany(companyId), { limit: 1, jobId });
  const job = page.jobs[0];
  if (!job) throw notFound(messages.jobsManagement.notFound);
  return job;
}

/** Whether a job with this expiry takes applications at `now` (the public pages' rule, open-jobs.ts). */
const isOpenAt = (expiresAt: Date | string | null, now: Date) => expiresAt === null || new Date(expiresAt) > now;

/** One of the company's live jobs, locked for the change; another company's or a deleted one is 404. */
async function lockJob(trx: Transaction<DB>, companyId: string, jobId: string) {
  const job = await trx
    .selectFrom('job_postings')
    .select(['id', 'title', 'expires_at'])
    .where('id', '=', jobId)
    .where('company_id', '=', companyId)
    .where('is_deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!job) throw notFound(messages.jobsManagement.notFound);
  return job;
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
        updated_at: now,
      })
      .where('id', '=', before.id)
      .returning(['id', 'title'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'job_updated', entityType: 'job_posting', entityId: updated.id, details: { title: updated.title, fields: changed }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: updated.id });
    await emitWebhookEvent(trx, actor.companyId, 'job.updated', { job_id: updated.id, fields: changed }, now);
    // Last, so the plan's lock is held only to the commit (see assertListingsWithinLimit).
    if (options.planLimits !== false && !isOpenAt(before.expires_at, now) && isOpenAt(expiresAt, now)) await assertListingsWithinLimit(trx, actor.companyId, now);
    return jobAsListed(trx, actor.companyId, updated.id);
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
    if (!isOpenAt(job.expires_at, now)) throw conflict(messages.developers.jobAlreadyClosed, 'JOB_CLOSED');
    await trx.updateTable('job_postings').set({ expires_at: now, updated_at: now }).where('id', '=', job.id).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'job_closed', entityType: 'job_posting', entityId: job.id, details: { title: job.title }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: job.id });
    await emitWebhookEvent(trx, actor.companyId, 'job.closed', { job_id: job.id }, now);
    return jobAsListed(trx, actor.companyId, job.id);
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
    if (isOpenAt(job.expires_at, now)) throw conflict(jobLifecycleMessages.alreadyOpen, 'JOB_OPEN');
    await trx.updateTable('job_postings').set({ expires_at: null, updated_at: now }).where('id', '=', job.id).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'job_reopened', entityType: 'job_posting', entityId: job.id, details: { title: job.title }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: job.id });
    await emitWebhookEvent(trx, actor.companyId, 'job.updated', { job_id: job.id, fields: ['expires_at'] }, now);
    if (options.planLimits !== false) await assertListingsWithinLimit(trx, actor.companyId, now);
    return jobAsListed(trx, actor.companyId, job.id);
  });
}
