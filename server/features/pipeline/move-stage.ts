import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { BulkRejectResult, MoveStageValues, StageChangeResult } from '../../../shared/schemas/pipeline.ts';
import { isFinalStage } from '../../../shared/schemas/pipeline.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { applyStageChange, lockApplication, type StageChanged } from './change-stage.ts';
import { assertWorkAllowed } from '../billing/entitlement.ts';

export interface PipelineActor {
  userId: string;
  ip: string | null;
  publicUrl: string;
}

const result = (id: string, changed: StageChanged): StageChangeResult => ({
  id,
  stage: changed.stage,
  stage_changed_at: changed.stage_changed_at.toISOString(),
  employment_id: changed.employment_id,
});

/** An employer moves one of their company's applications (its plan working); returns whether an email was queued. */
export async function moveStage(db: Kysely<DB>, actor: PipelineActor & { companyId: string }, applicationId: string, body: MoveStageValues, now: Date = new Date()) {
  return db.transaction().execute(async (trx) => {
    await assertWorkAllowed(trx, actor.companyId, now);
    const application = await lockApplication(trx, applicationId, { companyId: actor.companyId });
    const changed = await applyStageChange(trx, application, { to: body.stage, note: body.note, hire: body.hire, actorId: actor.userId, ip: actor.ip, publicUrl: actor.publicUrl });
    return { result: result(application.id, changed), emailed: changed.emailed };
  });
}

/** A candidate withdraws their own application from an open stage (anyone else's is 404). */
export async function withdrawApplication(db: Kysely<DB>, actor: PipelineActor, applicationId: string) {
  return db.transaction().execute(async (trx) => {
    const application = await lockApplication(trx, applicationId, { candidateId: actor.userId });
    const changed = await applyStageChange(trx, application, { to: 'withdrawn', actorId: actor.userId, ip: actor.ip, publicUrl: actor.publicUrl });
    return result(application.id, changed);
  });
}

/**
 * Rejects many applications of one job, all or nothing: an id that is not an application of this
 * job of the caller's company makes the whole call 404 and changes nothing. Applications already
 * final (hired, rejected, withdrawn) are skipped and reported, not an error: a list selected a
 * minute ago may include one a colleague just rejected. Rows are locked in id order, so two bulk
 * calls over overlapping sets cannot deadlock.
 */
export async function bulkReject(
  db: Kysely<DB>,
  actor: PipelineActor & { companyId: string },
  jobId: string,
  body: { application_ids: string[]; note?: string | undefined },
  now: Date = new Date(),
): Promise<{ result: BulkRejectResult; emailed: boolean }> {
  const ids = [...new Set(body.application_ids.map((id) => id.toLowerCase()))].sort();
  return db.transaction().execute(async (trx) => {
    await assertWorkAllowed(trx, actor.companyId, now);
    const job = await trx.selectFrom('job_postings').select('id').where('id', '=', jobId).where('company_id', '=', actor.companyId).where('is_deleted', '=', false).executeTakeFirst();
    if (!job) throw notFound(messages.pipeline.jobNotFound);
    const owned = await trx.selectFrom('job_applications').select('id').where('job_id', '=', job.id).where('id', 'in', ids).execute();
    if (owned.length !== ids.length) throw notFound(messages.pipeline.bulkNotFound);

    const rejected: string[] = [];
    const skipped: string[] = [];
    let emailed = false;
    for (const id of ids) {
      const application = await lockApplication(trx, id, { companyId: actor.companyId });
      if (isFinalStage(application.status)) {
        skipped.push(id);
        continue;
      }
      const changed = await applyStageChange(trx, application, { to: 'rejected', note: body.note, actorId: actor.userId, ip: actor.ip, publicUrl: actor.publicUrl });
      emailed ||= changed.emailed;
      rejected.push(id);
    }
    return { result: { rejected, skipped }, emailed };
  });
}
