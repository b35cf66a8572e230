import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { candidateInvitationsMessages as text } from '../../../shared/messages/candidate-invitations.ts';
import { messages } from '../../../shared/messages.ts';
import type { InvitationAnswerResult, InvitationForCandidate } from '../../../shared/schemas/candidate-invitations.ts';
import { formatIstDay } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import type { PlanLimitOptions } from '../billing/limits.ts';
import { generateCandidateCode } from '../candidate-registration/candidate-code.ts';
import { replaceDocumentRow, type SavedDocument } from '../candidate-documents/upload-document.ts';
import { finishDelete, queueDelete, type StoreDeps } from '../candidate-documents/store-pdf.ts';
import { admissionOf, assertWithinListingLimit, startApplication } from '../job-applications/apply-to-job.ts';
import { hashSecretToken } from '../interviews/secret-token.ts';
import { recheckDocumentInBackground } from '../verification/run-check.ts';
import { openHeldResume, type HeldResumeFile } from './invitation-resume.ts';
import { resumeOf } from './invitation-rows.ts';

export interface AnswerContext extends PlanLimitOptions {
  now: Date;
  ip: string;
  publicUrl: string;
}

const invalidLink = () => notFound(text.linkInvalid);

/** The invitation a link's token opens, locked when asked. Withdrawn and declined ones are deleted, so they, a lapsed one and a wrong token are the same 404. */
export async function invitationOf(db: Kysely<DB> | Transaction<DB>, token: string, now: Date, lock = false) {
  const row = await db
    .selectFrom('candidate_invitations as ci')
    .innerJoin('job_postings as jp', 'jp.id', 'ci.job_id')
    .innerJoin('companies as c', 'c.id', 'ci.company_id')
    .select(['ci.id', 'ci.company_id', 'ci.job_id', 'ci.full_name', 'ci.email', 'ci.phone', 'ci.source', 'ci.referrer_name', 'ci.status', 'ci.expires_at', 'ci.resume_key', 'ci.resume_name', 'ci.resume_bytes', 'jp.title as job_title', 'jp.location as job_location', 'c.name as company_name'])
    .where('ci.token_hash', '=', hashSecretToken(token))
    .$if(lock, (qb) => qb.forUpdate('ci'))
    .executeTakeFirst();
  if (!row || (row.status === 'pending' && new Date(row.expires_at) <= now)) throw invalidLink();
  return row;
}

/** What the person's page shows: who added them, for which job, and everything recorded about them. */
export async function lookupInvitation(db: Kysely<DB>, token: string, now: Date): Promise<InvitationForCandidate> {
  const row = await invitationOf(db, token, now);
  return {
    company_name: row.company_name,
    job_title: row.job_title,
    job_location: row.job_location || null,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    source: row.source,
    referrer_name: row.referrer_name,
    status: row.status,
    resume: resumeOf(row),
    expires_at: new Date(row.expires_at).toISOString(),
    expires_label: formatIstDay(row.expires_at),
  };
}

/** The person's view of the resume the company attached, from the link's token. */
export async function openInvitationResumeForPerson(deps: StoreDeps, token: string, now: Date): Promise<HeldResumeFile> {
  const row = await invitationOf(deps.db, token, now);
  if (row.status !== 'pending') throw conflict(text.alreadyAnswered, 'INVITATION_ANSWERED');
  return openHeldResume(deps, row);
}

/**
 * The person answers from the emailed link (the token proves the mailbox). Declining deletes what
 * the company recorded. Confirming makes the application, as Apply would, with the invitation's
 * source: on the person's candidate account when the address has one, or on a new one (name and
 * phone as the company recorded them, email proven) that they sign in to later with an email code.
 * The company learns only that the person confirmed, never which of the two it was.
 *
 * A resume the company attached becomes the person's own only when they confirm with `keepResume`
 * (it replaces any resume they had, and its check runs again); every other answer deletes the file.
 */
export async function answerInvitation(deps: StoreDeps, token: string, answer: 'confirm' | 'decline', context: AnswerContext & { keepResume?: boolean }): Promise<InvitationAnswerResult> {
  let kept: { candidateId: string; saved: SavedDocument } | null = null;
  let dropped: string | null = null;
  const result = await deps.db.transaction().execute(async (trx): Promise<InvitationAnswerResult> => {
    const invitation = await invitationOf(trx, token, context.now, true);
    if (invitation.status !== 'pending') throw conflict(text.alreadyAnswered, 'INVITATION_ANSWERED');
    const result = { company_name: invitation.company_name, job_title: invitation.job_title, email: invitation.email, resume_kept: false };
    const keep = answer === 'confirm' && context.keepResume === true && invitation.resume_key !== null;
    if (invitation.resume_key && !keep) {
      await queueDelete(trx, invitation.resume_key);
      dropped = invitation.resume_key;
    }

    if (answer === 'decline') {
      await trx.deleteFrom('candidate_invitations').where('id', '=', invitation.id).execute();
      await writeAudit(trx, { actorId: null, companyId: invitation.company_id, action: 'candidate_invitation_declined', entityType: 'candidate_invitation', entityId: invitation.id, details: { job_id: invitation.job_id }, ip: context.ip });
      await publish(trx, { topic: `company:${invitation.company_id}`, type: 'invitation', id: invitation.id });
      return { ...result, status: 'declined' };
    }

    const admission = await admissionOf(trx, invitation.job_id, context.now, context);
    if (!admission?.accepting) throw conflict(messages.jobDetail.closed, 'JOB_CLOSED');
    const candidateId = await candidateAccountFor(trx, invitation, context.now);
    const inserted = await trx
      .insertInto('job_applications')
      .values({ job_id: invitation.job_id, candidate_id: candidateId, status: 'received', source: invitation.source })
      .onConflict((oc) => oc.constraint('job_applications_one_per_candidate').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Applied on their own since they were added: that application stands, and the invitation is answered by it.
    const applicationId = inserted?.id ?? (await trx.selectFrom('job_applications').select('id').where('job_id', '=', invitation.job_id).where('candidate_id', '=', candidateId).executeTakeFirstOrThrow()).id;
    if (inserted) {
      await startApplication(trx, { id: inserted.id, jobId: invitation.job_id, companyId: invitation.company_id, candidateId, source: invitation.source, ip: context.ip, now: context.now, publicUrl: context.publicUrl });
      await assertWithinListingLimit(trx, invitation.job_id, admission.limit);
    }
    // The file stays where it is; the resume row now points at it, and the invitation lets go of it.
    if (keep) {
      const key = invitation.resume_key!;
      kept = { candidateId, saved: await replaceDocumentRow(trx, { candidateId, type: 'resume', key, bytes: Number(invitation.resume_bytes), originalName: invitation.resume_name }) };
    }
    await trx
      .updateTable('candidate_invitations')
      .set({ status: 'confirmed', application_id: applicationId, answered_at: context.now, resume_key: null, resume_name: null, resume_bytes: null, resume_attached_at: null })
      .where('id', '=', invitation.id)
      .execute();
    await writeAudit(trx, { actorId: candidateId, companyId: invitation.company_id, action: 'candidate_invitation_confirmed', entityType: 'job_application', entityId: applicationId, details: { invitation_id: invitation.id, source: invitation.source, resume_kept: keep }, ip: context.ip });
    await publish(trx, { topic: `company:${invitation.company_id}`, type: 'invitation', id: invitation.id });
    return { ...result, status: 'confirmed', resume_kept: keep };
  });
  if (dropped) await finishDelete(deps, dropped);
  const done = kept as { candidateId: string; saved: SavedDocument } | null;
  if (done?.saved.replacedKey) await finishDelete(deps, done.saved.replacedKey);
  if (done?.saved.recheck) recheckDocumentInBackground(deps, done.candidateId, 'resume');
  return result;
}

/**
 * The candidate account the confirmed application goes on. An address with a candidate account
 * uses it; a company's or the team's address is refused (candidates apply with a personal one); a
 * new address gets an account with no password, its email proven by the link, and the name and
 * phone the company recorded (the person changes them when they sign in). The account is made as
 * better-auth's own sign-up makes one (auth_users, then user_profiles as its create hook does).
 */
async function candidateAccountFor(trx: Transaction<DB>, invitation: { email: string; full_name: string; phone: string | null }, now: Date): Promise<string> {
  const existing = await trx
    .selectFrom('auth_users as a')
    .leftJoin('user_profiles as p', 'p.id', 'a.id')
    .select(['a.id', 'p.role', 'p.suspended_at'])
    .where('a.email', '=', invitation.email)
    .executeTakeFirst();
  if (existing) {
    if (existing.role !== 'candidate' || existing.suspended_at) throw conflict(text.companyAccount, 'NOT_A_CANDIDATE_ACCOUNT');
    await ensureProfile(trx, existing.id);
    return existing.id;
  }
  const id = randomBytes(16).toString('hex');
  await trx.insertInto('auth_users').values({ id, name: invitation.full_name, email: invitation.email, emailVerified: true, createdAt: now, updatedAt: now }).execute();
  await trx.insertInto('user_profiles').values({ id, email: invitation.email, full_name: invitation.full_name, phone: invitation.phone, role: 'candidate' }).execute();
  await ensureProfile(trx, id);
  return id;
}

/** The candidate profile with a fresh code; inside the transaction a taken code is drawn again without failing it. */
async function ensureProfile(trx: Transaction<DB>, userId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await trx
      .insertInto('candidate_profiles')
      .values({ user_id: userId, candidate_code: generateCandidateCode() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const row = await trx.selectFrom('candidate_profiles').select('user_id').where('user_id', '=', userId).executeTakeFirst();
    if (row) return;
  }
  throw new Error('could not draw a free candidate code');
}

/** The retention run: invitations nobody answered before the link lapsed are deleted, as their email promised. */
export async function purgeLapsedInvitations(db: Kysely<DB>, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('candidate_invitations').where('status', '=', 'pending').where('expires_at', '<=', now).returning(['id', 'company_id', 'resume_key']).execute();
    for (const row of removed) {
      // An attached resume's file goes with it: the storage sweeper finishes the delete intent.
      if (row.resume_key) await queueDelete(trx, row.resume_key);
      await publish(trx, { topic: `company:${row.company_id}`, type: 'invitation', id: row.id });
    }
    return removed.length;
  });
}

