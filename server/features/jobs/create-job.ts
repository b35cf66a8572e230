import type { Kysely } from 'kysely';
import type { CreateJobValues, EmployerJob } from '../../../shared/schemas/jobs.ts';
import type { DB } from '../../db/schema.ts';
import { publish } from '../../realtime/events.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { assertListingsWithinLimit, type PlanLimitOptions } from '../billing/limits.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { jobDetailColumns } from './job-details-row.ts';
import { screeningQuestionsColumn } from './screening-questions-row.ts';
import { companyJobAsListed } from './list-company-jobs.ts';

/** India has one offset and no daylight saving; an expiry date lasts to the end of that day there. */
const INDIA_OFFSET = '+05:30';

export function expiryInstant(date: string): string {
  return `${date}T23:59:59.999${INDIA_OFFSET}`;
}

export interface Actor {
  userId: string;
  companyId: string;
  ip: string;
}

/**
 * Posts a job for the actor's company (spec points 5 and 7): status published, not deleted; or,
 * with `draft`, saves it unpublished (issue 36 §1: not public, no listing, unknown to
 * integrations until published). A published job needs the company's plan working with a listing
 * free (issue 15), checked last: a refusal rolls the job back. The job, its audit entry and the
 * live event for the company's dashboards are one transaction.
 */
export async function createJob(db: Kysely<DB>, actor: Actor, input: CreateJobValues, now: Date = new Date(), options: PlanLimitOptions = {}): Promise<EmployerJob> {
  const draft = input.draft === true;
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .insertInto('job_postings')
      .values({
        company_id: actor.companyId,
        created_by: actor.userId,
        title: input.title,
        description: input.description,
        location: input.location ?? null,
        salary: input.salary ?? null,
        requirements: input.requirements ?? null,
        benefits: input.benefits ?? null,
        expires_at: input.expires_at ? expiryInstant(input.expires_at) : null,
        ...jobDetailColumns(input),
        screening_questions: screeningQuestionsColumn(input.screening_questions ?? []),
        status: draft ? 'draft' : 'published',
        published_at: draft ? null : now,
        is_deleted: false,
      })
      .returning(['id', 'title'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: draft ? 'job_drafted' : 'job_created', entityType: 'job_posting', entityId: job.id, details: { title: job.title }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: job.id });
    if (!draft) await emitWebhookEvent(trx, actor.companyId, 'job.created', { job_id: job.id, title: job.title }, now);
    // Last, so the plan's lock is held only to the commit (see assertListingsWithinLimit).
    if (!draft && options.planLimits !== false) await assertListingsWithinLimit(trx, actor.companyId, now);
    return companyJobAsListed(trx, actor.companyId, job.id);
  });
}
