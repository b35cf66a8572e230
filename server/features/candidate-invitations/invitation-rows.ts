import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { candidateInvitationsMessages as text } from '../../../shared/messages/candidate-invitations.ts';
import { INVITATION_VALID_DAYS, type CandidateInvitation, type InvitationBody } from '../../../shared/schemas/candidate-invitations.ts';
import { formatIstDay } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, badRequest, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { hashSecretToken, newSecretToken } from '../interviews/secret-token.ts';
import { isOpenJob } from '../public-jobs/open-jobs.ts';

const DAY_MS = 86_400_000;

/** Who adds: an owner, admin or recruiter of `companyId` (route-permissions: pipeline.move). */
export interface InviteActor {
  userId: string;
  companyId: string;
  ip: string;
}

export interface InviteContext {
  now: Date;
  publicUrl: string;
}

export const INVITATION_COLUMNS = [
  'ci.id',
  'ci.job_id',
  'ci.full_name',
  'ci.email',
  'ci.phone',
  'ci.source',
  'ci.referrer_name',
  'ci.status',
  'ci.created_at',
  'ci.expires_at',
  'ci.resume_name',
  'ci.resume_bytes',
  'inviter.full_name as invited_by',
] as const;

type InvitationRow = {
  id: string;
  job_id: string;
  full_name: string;
  email: string;
  phone: string | null;
  source: CandidateInvitation['source'];
  referrer_name: string | null;
  status: CandidateInvitation['status'];
  created_at: Date | string;
  expires_at: Date | string;
  invited_by: string | null;
  resume_name: string | null;
  resume_bytes: number | null;
};

/** The attached resume as both sides see it (the file's key never leaves the server). */
export const resumeOf = (row: { resume_name: string | null; resume_bytes: number | null }) => (row.resume_bytes === null ? null : { name: row.resume_name, size_bytes: Number(row.resume_bytes) });

export const toInvitation = ({ resume_name, resume_bytes, ...row }: InvitationRow): CandidateInvitation => ({
  ...row,
  resume: resumeOf({ resume_name, resume_bytes }),
  invited_by: row.invited_by || null,
  created_at: new Date(row.created_at).toISOString(),
  expires_at: new Date(row.expires_at).toISOString(),
});

export const invitationsOfCompany = (db: Kysely<DB> | Transaction<DB>, companyId: string) =>
  db.selectFrom('candidate_invitations as ci').leftJoin('user_profiles as inviter', 'inviter.id', 'ci.created_by').where('ci.company_id', '=', companyId).select(INVITATION_COLUMNS);

/**
 * One of the company's jobs that takes people now (published, not expired, not deleted), with what
 * the email names; another company's or a deleted one is 404, a draft or closed one 409.
 */
export async function invitingJob(trx: Transaction<DB>, companyId: string, jobId: string) {
  const job = await trx
    .selectFrom('job_postings as jp')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .select((eb) => [
      'jp.id',
      'jp.title',
      'c.name as company_name',
      'c.reply_to_email',
      isOpenJob(eb).as('open'),
    ])
    .where('jp.id', '=', jobId)
    .where('jp.company_id', '=', companyId)
    .where('jp.is_deleted', '=', false)
    .executeTakeFirst();
  if (!job) throw notFound(text.jobNotFound);
  if (!job.open) throw conflict(text.jobNotOpen, 'JOB_NOT_OPEN');
  return job;
}
export type InvitingJob = Awaited<ReturnType<typeof invitingJob>>;

/**
 * Why this address cannot be invited to this job, or null. Only what the company may already know
 * is said: its own team's addresses, someone already in this job's pipeline, an open invitation.
 * Whether the address has a WorkCred account otherwise is never told (ADR 0030).
 */
export async function invitationProblem(trx: Transaction<DB>, companyId: string, jobId: string, email: string): Promise<{ message: string; code: string } | null> {
  const teammate = await trx.selectFrom('user_profiles').select('id').where('email', '=', email).where('company_id', '=', companyId).executeTakeFirst();
  if (teammate) return { message: text.ownAddress, code: 'OWN_ADDRESS' };
  const applied = await trx
    .selectFrom('job_applications as ja')
    .innerJoin('user_profiles as u', 'u.id', 'ja.candidate_id')
    .select('ja.id')
    .where('ja.job_id', '=', jobId)
    .where('u.email', '=', email)
    .executeTakeFirst();
  if (applied) return { message: text.alreadyInPipeline, code: 'ALREADY_IN_PIPELINE' };
  const pending = await trx.selectFrom('candidate_invitations').select('id').where('job_id', '=', jobId).where('email', '=', email).where('status', '=', 'pending').executeTakeFirst();
  if (pending) return { message: text.alreadyInvited, code: 'ALREADY_INVITED' };
  return null;
}

/**
 * Records the person as the company was told and emails them the link to confirm or decline. The
 * token is in the link's #fragment and stored only as its SHA-256. The audit entry holds no name or
 * address: what the company recorded is deleted when the person declines or lets the link lapse.
 */
export async function createInvitation(trx: Transaction<DB>, actor: InviteActor, job: InvitingJob, body: InvitationBody, context: InviteContext, via: 'hand' | 'import'): Promise<string> {
  const token = newSecretToken();
  const expiresAt = new Date(context.now.getTime() + INVITATION_VALID_DAYS * DAY_MS);
  const { id } = await trx
    .insertInto('candidate_invitations')
    .values({
      company_id: actor.companyId,
      job_id: job.id,
      email: body.email,
      full_name: body.full_name,
      phone: body.phone,
      source: body.source,
      referrer_name: body.source === 'referral' ? body.referrer_name : null,
      token_hash: hashSecretToken(token),
      created_by: actor.userId,
      created_at: context.now,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'candidate_invited', entityType: 'candidate_invitation', entityId: id, details: { job_id: job.id, source: body.source, via }, ip: actor.ip });
  const how = body.source === 'referral' && body.referrer_name ? fill(text.emailHowReferral, { referrer: body.referrer_name }) : body.source === 'walk_in' ? text.emailHowWalkIn : '';
  const values = {
    name: body.full_name,
    company: job.company_name,
    job: job.title,
    how,
    phone: body.phone ? text.emailPhone : '',
    link: `${context.publicUrl.replace(/\/$/, '')}/confirm-application#${token}`,
    expires: formatIstDay(expiresAt),
  };
  await enqueueMessage(trx, { channel: 'email', to: body.email, subject: fill(text.emailSubject, values), text: fill(text.emailText, values), replyTo: job.reply_to_email ?? null });
  await publish(trx, { topic: `company:${actor.companyId}`, type: 'invitation', id });
  return id;
}

/** A unique-index race (two adds at once) is the same refusal as the check before it. */
export function isPendingTaken(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'candidate_invitations_one_pending';
}

export const alreadyInvited = () => conflict(text.alreadyInvited, 'ALREADY_INVITED');
export const problemError = (problem: { message: string; code: string }) => (problem.code === 'OWN_ADDRESS' ? badRequest(problem.message, problem.code) : conflict(problem.message, problem.code));
