import type { Kysely } from 'kysely';
import { candidateInvitationsMessages as text } from '../../../shared/messages/candidate-invitations.ts';
import type { CandidateInvitation, InvitationBody } from '../../../shared/schemas/candidate-invitations.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { finishDelete, queueDelete, type StoreDeps } from '../candidate-documents/store-pdf.ts';
import { companyJob } from '../jobs/company-scope.ts';
import {
  alreadyInvited,
  createInvitation,
  invitationProblem,
  invitationsOfCompany,
  invitingJob,
  isPendingTaken,
  problemError,
  toInvitation,
  type InviteActor,
  type InviteContext,
} from './invitation-rows.ts';

/**
 * Adds a referral or a walk-in by hand (issue 36 §2, ADR 0030): recorded as told, and the person
 * is emailed to confirm. No application exists until they do.
 */
export async function inviteCandidate(db: Kysely<DB>, actor: InviteActor, jobId: string, body: InvitationBody, context: InviteContext): Promise<CandidateInvitation> {
  try {
    return await db.transaction().execute(async (trx) => {
      const job = await invitingJob(trx, actor.companyId, jobId);
      const problem = await invitationProblem(trx, actor.companyId, jobId, body.email);
      if (problem) throw problemError(problem);
      const id = await createInvitation(trx, actor, job, body, context, 'hand');
      return toInvitation(await invitationsOfCompany(trx, actor.companyId).where('ci.id', '=', id).executeTakeFirstOrThrow());
    });
  } catch (error) {
    if (isPendingTaken(error)) throw alreadyInvited();
    throw error;
  }
}

/** The job's people still to answer, newest first; a lapsed one is not listed (the retention run deletes it). */
export async function listInvitations(db: Kysely<DB>, companyId: string, jobId: string, now: Date): Promise<CandidateInvitation[]> {
  await companyJob(db, companyId, jobId);
  const rows = await invitationsOfCompany(db, companyId)
    .where('ci.job_id', '=', jobId)
    .where('ci.status', '=', 'pending')
    .where('ci.expires_at', '>', now)
    .orderBy('ci.created_at', 'desc')
    .orderBy('ci.id', 'desc')
    .limit(500)
    .execute();
  return rows.map(toInvitation);
}

/** Takes an invitation back: its link stops working and what was recorded (an attached resume too) is deleted with it. */
export async function withdrawInvitation(deps: StoreDeps, actor: InviteActor, invitationId: string): Promise<CandidateInvitation> {
  const { invitation, resumeKey } = await deps.db.transaction().execute(async (trx) => {
    const row = await invitationsOfCompany(trx, actor.companyId).select('ci.resume_key').where('ci.id', '=', invitationId).forUpdate('ci').executeTakeFirst();
    if (!row) throw notFound(text.invitationNotFound);
    if (row.status !== 'pending') throw conflict(text.notPending, 'INVITATION_ANSWERED');
    await trx.deleteFrom('candidate_invitations').where('id', '=', invitationId).execute();
    if (row.resume_key) await queueDelete(trx, row.resume_key);
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'candidate_invitation_withdrawn', entityType: 'candidate_invitation', entityId: invitationId, details: { job_id: row.job_id }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'invitation', id: invitationId });
    const { resume_key: resumeKey, ...recorded } = row;
    return { invitation: toInvitation({ ...recorded, status: 'withdrawn' }), resumeKey };
  });
  if (resumeKey) await finishDelete(deps, resumeKey);
  return invitation;
}
