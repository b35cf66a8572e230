import type { Kysely, Transaction } from 'kysely';
import { candidateInvitationsMessages as text } from '../../../shared/messages/candidate-invitations.ts';
import type { CandidateInvitation } from '../../../shared/schemas/candidate-invitations.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { claimUpload, finishDelete, queueDelete, reserveKey, storeGatedPdf, type PdfBody, type StoreDeps } from '../candidate-documents/store-pdf.ts';
import { invitationsOfCompany, toInvitation, type InviteActor } from './invitation-rows.ts';

/**
 * The resume a walk-in or a referral handed over, attached by the recruiter (issue 36 §2, ADR 0030
 * addendum). It is the company's copy, held with the invitation: the person sees it on the link's
 * page and chooses whether it becomes their own resume when they confirm. Any other end (declined,
 * withdrawn, lapsed, removed, replaced) deletes the file. It passes the candidate's own upload gate
 * (a real PDF, at most 10 MB, no active content) through the same storage unit of work.
 */

/** The company's pending invitation, or the refusal: another company's or a deleted one is 404, an answered or lapsed one 409. */
async function heldInvitation(db: Kysely<DB> | Transaction<DB>, companyId: string, invitationId: string, now: Date, lock = false) {
  const row = await db
    .selectFrom('candidate_invitations')
    .select(['id', 'job_id', 'status', 'expires_at', 'resume_key', 'resume_name', 'resume_bytes'])
    .where('id', '=', invitationId)
    .where('company_id', '=', companyId)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound(text.invitationNotFound);
  if (row.status !== 'pending' || new Date(row.expires_at) <= now) throw conflict(text.notPending, 'INVITATION_ANSWERED');
  return row;
}

const invitationById = async (trx: Transaction<DB>, companyId: string, invitationId: string) =>
  toInvitation(await invitationsOfCompany(trx, companyId).where('ci.id', '=', invitationId).executeTakeFirstOrThrow());

/** Attaches (or replaces) the resume of a pending invitation; the replaced file is deleted after the commit. */
export async function attachInvitationResume(
  deps: StoreDeps,
  actor: InviteActor,
  invitationId: string,
  input: PdfBody & { originalName: string | null },
  now: Date,
): Promise<CandidateInvitation> {
  // Refused before a byte of the body is stored.
  await heldInvitation(deps.db, actor.companyId, invitationId, now);
  const { invitation, replaced } = await storeGatedPdf(
    deps,
    () => reserveKey(deps.db, (ms) => `invitations/${invitationId}/resume_${ms}.pdf`),
    input,
    (key, bytes) =>
      deps.db.transaction().execute(async (trx) => {
        await claimUpload(trx, key);
        // Answered or withdrawn while the file streamed: refused, and the file is discarded.
        const held = await heldInvitation(trx, actor.companyId, invitationId, now, true);
        if (held.resume_key) await queueDelete(trx, held.resume_key);
        await trx
          .updateTable('candidate_invitations')
          .set({ resume_key: key, resume_name: input.originalName, resume_bytes: bytes, resume_attached_at: now })
          .where('id', '=', invitationId)
          .execute();
        await writeAudit(trx, {
          actorId: actor.userId,
          companyId: actor.companyId,
          action: 'candidate_invitation_resume_attached',
          entityType: 'candidate_invitation',
          entityId: invitationId,
          details: { job_id: held.job_id, bytes, replaced: held.resume_key !== null },
          ip: actor.ip,
        });
        await publish(trx, { topic: `company:${actor.companyId}`, type: 'invitation', id: invitationId });
        return { invitation: await invitationById(trx, actor.companyId, invitationId), replaced: held.resume_key };
      }),
    { companyId: actor.companyId, invitationId, kind: 'invitation_resume' },
  );
  if (replaced) await finishDelete(deps, replaced);
  return invitation;
}

/** Removes the attached resume (the wrong file, say): the person no longer sees it, and the file is deleted. */
export async function removeInvitationResume(deps: StoreDeps, actor: InviteActor, invitationId: string, now: Date): Promise<CandidateInvitation> {
  const { invitation, removed } = await deps.db.transaction().execute(async (trx) => {
    const held = await heldInvitation(trx, actor.companyId, invitationId, now, true);
    if (!held.resume_key) throw notFound(text.noResume);
    await queueDelete(trx, held.resume_key);
    await trx.updateTable('candidate_invitations').set({ resume_key: null, resume_name: null, resume_bytes: null, resume_attached_at: null }).where('id', '=', invitationId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'candidate_invitation_resume_removed', entityType: 'candidate_invitation', entityId: invitationId, details: { job_id: held.job_id }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'invitation', id: invitationId });
    return { invitation: await invitationById(trx, actor.companyId, invitationId), removed: held.resume_key };
  });
  await finishDelete(deps, removed);
  return invitation;
}

export interface HeldResumeFile {
  body: NodeJS.ReadableStream;
  size: number;
  fileName: string;
}

/** Opens a held resume's file; a row whose file is missing is logged and answered as no resume. */
export async function openHeldResume(deps: StoreDeps, row: { id: string; resume_key: string | null; resume_name: string | null }): Promise<HeldResumeFile> {
  if (!row.resume_key) throw notFound(text.noResume);
  const file = await deps.storage.get(row.resume_key);
  if (!file) {
    deps.log.error({ invitationId: row.id, key: row.resume_key }, 'invitation resume row points to a missing file');
    throw notFound(text.noResume);
  }
  return { body: file.body, size: file.size, fileName: row.resume_name ?? 'resume.pdf' };
}

/** The company's own copy, while the invitation waits (the team checks they attached the right file). */
export async function openInvitationResumeForCompany(deps: StoreDeps, companyId: string, invitationId: string, now: Date): Promise<HeldResumeFile> {
  return openHeldResume(deps, await heldInvitation(deps.db, companyId, invitationId, now));
}
