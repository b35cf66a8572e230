import type { Kysely } from 'kysely';
import type { CreateJobValues, EmployerJob } from '../../../shared/schemas/jobs.ts';
import type { DB } from '../../db/schema.ts';
import { publish } from '../../realtime/events.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { assertListingsWithinLimit, type PlanLimitOptions } from '../billing/limits.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';

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
 * Posts a job for the actor's company (spec points 5 and 7): status published, not deleted. The
 * company's plan must be working and have a listing free (issue 15), checked last: a refusal rolls
 * the job back. The job, its audit entry and the live event for the company's dashboards are one
 * transaction.
 */
export async function createJob(db: Kysely<DB>, actor: Actor, input: CreateJobValues, now: Date = new Date(), options: PlanLimitOptions = {}): Promise<EmployerJob> {
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
        status: 'published',
        is_deleted: false,
      })
      .returning(['id', 'title', 'description', 'location', 'salary', 'requirements', 'benefits', 'expires_at', 'created_at'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'job_created', entityType: 'job_posting', entityId: job.id, details: { title: job.title }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: job.id });
    await emitWebhookEvent(trx, actor.companyId, 'job.created', { job_id: job.id, title: job.title }, now);
    // Last, so the plan's lock is held only to the commit (see assertListingsWithinLimit).
    if (options.planLimits !== false) await assertListingsWithinLimit(trx, actor.companyId, now);
    return {
      ...job,
      expires_at: job.expires_at === null ? null : new Date(job.expires_at).toISOString(),
      created_at: new Date(job.created_at).toISOString(),
      applications_count: 0,
    };
  });
}
