import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import type { Actor } from './create-job.ts';
import { writeAudit } from '../../audit/write-audit.ts';

/**
 * Soft-deletes one of the actor's company's jobs (spec point 7: is_deleted true). Another
 * company's job, or one already deleted, answers 404 like a job that does not exist, so ids of
 * other companies' jobs reveal nothing. Audit entry and live event in the same transaction.
 */
export async function deleteJob(db: Kysely<DB>, actor: Actor, jobId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .updateTable('job_postings')
      .set({ is_deleted: true, updated_at: new Date() })
      .where('id', '=', jobId)
      .where('company_id', '=', actor.companyId)
      .where('is_deleted', '=', false)
      .returning(['id', 'title'])
      .executeTakeFirst();
    if (!deleted) throw notFound(messages.jobsManagement.notFound);
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'job_deleted', entityType: 'job_posting', entityId: deleted.id, details: { title: deleted.title }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'job', id: deleted.id });
  });
}
