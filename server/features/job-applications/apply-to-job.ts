import type { Kysely, Transaction } from 'kysely';
import { entitlementOf } from '../../../shared/plans.ts';
import { stateOf, SUBSCRIPTION_COLUMNS, type SubscriptionRow } from '../billing/entitlement.ts';
import { listingWithinLimitHeld, type PlanLimitOptions } from '../billing/limits.ts';
import { messages } from '../../../shared/messages.ts';
import type { ApplyToJobResult, MyApplication } from '../../../shared/schemas/job-detail.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { ApplicationSource, DB } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { isOpenJob } from '../public-jobs/open-jobs.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { noticeApplicationReceived } from './application-notices.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/schemas/privacy.ts';
import type { ScreeningAnswersBody } from '../../../shared/schemas/screening-questions.ts';
import { judgeAnswers } from '../../../shared/screening-answers.ts';
import { screeningQuestionsOf } from '../jobs/screening-questions-row.ts';
import { knockOut } from './screening-knockout.ts';

export type ApplyOutcome = ApplyToJobResult & { created: boolean };

/** publicUrl: where the "application received" email links to (the candidate's dashboard). */
export type ApplyOptions = PlanLimitOptions & { publicUrl: string };

/**
 * A candidate applies to an open job (spec points 6 and 7). The application, the audit entry,
 * the live event for the employer's dashboard, the candidate's "application received" email and
 * the hiring team's notice are one transaction. A double submit (double click,
 * retry, two tabs) creates one row: the unique (job_id, candidate_id) constraint decides, and the
 * repeat answers already_applied with the existing application's id.
 */
export async function applyToJob(db: Kysely<DB>, session: SessionContext, jobId: string, ip: string, sourceTag: string | undefined, now: Date, options: ApplyOptions, given: ScreeningAnswersBody = []): Promise<ApplyOutcome> {
  if (session.profile.role !== 'candidate') throw forbidden(messages.jobDetail.candidatesOnly, 'CANDIDATES_ONLY');
  const candidateId = session.userId;

  return db.transaction().execute(async (trx) => {
    const admission = await admissionOf(trx, jobId, now, options);
    if (!admission) throw notFound(messages.jobDetail.notFound);
    const { job, accepting } = admission;
    if (accepting) await assertReadyToApply(trx, candidateId);
    // The answers to the job's screening questions (issue 36 §1): a missing or mistyped one is 400
    // naming its question, and nothing is written; a repeat of an application made is not refused over them.
    const judged = accepting ? judgeAnswers(screeningQuestionsOf(job.screening_questions), given) : null;
    if (judged && !judged.ok) {
      const existing = await existingApplication(trx, jobId, candidateId);
      if (existing) return { id: existing.id, status: 'already_applied', created: false };
      throw badRequest(judged.message, 'SCREENING_ANSWER_INVALID');
    }
    const screening = judged?.ok && judged.answers.length > 0 ? judged : null;

    const source = accepting ? await resolveSource(trx, job.company_id, sourceTag) : DIRECT;
    const inserted = accepting
      ? await trx
          .insertInto('job_applications')
          .values({ job_id: jobId, candidate_id: candidateId, status: 'received', source: source.source, source_drive_id: source.driveId, notice_version: PRIVACY_NOTICE_VERSION, screening_answers: screening ? JSON.stringify(screening.answers) : null })
          .onConflict((oc) => oc.constraint('job_applications_one_per_candidate').doNothing())
          .returning('id')
          .executeTakeFirst()
      : undefined;

    if (!inserted) {
      const existing = await existingApplication(trx, jobId, candidateId);
      // Someone who applied before the job closed is told so, not that it is closed.
      if (existing) return { id: existing.id, status: 'already_applied', created: false };
      if (!job.open) throw conflict(messages.jobDetail.closed, 'JOB_CLOSED');
      throw conflict(messages.billing.noLongerAccepting, 'NOT_ACCEPTING_APPLICATIONS');
    }

    await startApplication(trx, { id: inserted.id, jobId, companyId: job.company_id, candidateId, source: source.source, ip, now, publicUrl: options.publicUrl });
    // Accepted as any other, then straight to rejected with the reason (see knockOut).
    if (screening?.knockout) await knockOut(trx, { applicationId: inserted.id, candidateId, companyId: job.company_id, ip, now, publicUrl: options.publicUrl }, screening.knockout);
    await assertWithinListingLimit(trx, jobId, admission.limit);
    return { id: inserted.id, status: 'received', created: true };
  });
}

/**
 * The job a new application goes to, whether it takes applications now (open, and a lapsed
 * company's jobs stop after the grace; a full listing, at the count at the end) and the plan's
 * per-listing limit; null when no such listed job. Used by Apply and by a confirmed invitation.
 */
export async function admissionOf(trx: Transaction<DB>, jobId: string, now: Date, options: PlanLimitOptions) {
  const job = options.planLimits === false ? await openJob(trx, jobId) : await openJobWithPlan(trx, jobId);
  if (!job) return null;
  const entitlement = withPlan(job) ? entitlementOf(stateOf(job), now) : null;
  return { job, accepting: Boolean(job.open) && (!entitlement || entitlement.takesApplications), limit: entitlement?.limits.applicationsPerListing ?? null };
}

/** What every new application writes besides its row, in its transaction: the history's first step, the audit entry, the live event, the webhook and the notices. */
export async function startApplication(
  trx: Transaction<DB>,
  application: { id: string; jobId: string; companyId: string; candidateId: string; source: ApplicationSource; ip: string; now: Date; publicUrl: string },
): Promise<void> {
  const { id, jobId, companyId, candidateId, source } = application;
  // The history starts with the application itself (no from stage).
  await trx.insertInto('application_stage_events').values({ application_id: id, from_stage: null, to_stage: 'received', actor_id: candidateId }).execute();
  await writeAudit(trx, { actorId: candidateId, companyId, action: 'application_received', entityType: 'job_application', entityId: id, details: { job_id: jobId, source }, ip: application.ip });
  await publish(trx, { topic: `company:${companyId}`, type: 'application', id });
  await emitWebhookEvent(trx, companyId, 'application.created', { application_id: id, job_id: jobId, candidate_id: candidateId, source }, application.now);
  await noticeApplicationReceived(trx, { applicationId: id, jobId, candidateId, publicUrl: application.publicUrl });
}

/**
 * Last in the transaction, so the job row is held only to the commit: two candidates racing for a
 * listing's last place take turns for this count (FOR NO KEY UPDATE, which the applications' own
 * foreign-key locks do not block), and the second sees the first's application and is refused.
 */
export async function assertWithinListingLimit(trx: Transaction<DB>, jobId: string, limit: number | null): Promise<void> {
  if (limit !== null && !(await listingWithinLimitHeld(trx, jobId, limit))) throw conflict(messages.billing.noLongerAccepting, 'NOT_ACCEPTING_APPLICATIONS');
}

/**
 * An employer must see who applied: a name and a verified phone (the registration's verification
 * and personal steps). A candidate who has only confirmed their email is sent back to finish.
 */
const listedJob = (trx: Transaction<DB>, jobId: string) =>
  trx.selectFrom('job_postings as jp').where('jp.id', '=', jobId).where('jp.status', '=', 'published').where('jp.is_deleted', '=', false);

/** The job with its company's subscription (see applyToJob). */
function openJobWithPlan(trx: Transaction<DB>, jobId: string) {
  return listedJob(trx, jobId)
    .innerJoin('company_subscriptions as s', 's.company_id', 'jp.company_id')
    .select((eb) => ['jp.id', 'jp.company_id', 'jp.screening_questions', isOpenJob(eb).as('open'), ...SUBSCRIPTION_COLUMNS.map((column) => `s.${column}` as const)])
    .executeTakeFirst();
}

const withPlan = (job: { id: string }): job is { id: string } & SubscriptionRow => 'plan' in job;

/** The job alone, without the plan's checks (the bench's comparison; see PlanLimitOptions). */
function openJob(trx: Transaction<DB>, jobId: string) {
  return listedJob(trx, jobId)
    .select((eb) => ['jp.id', 'jp.company_id', 'jp.screening_questions', isOpenJob(eb).as('open')])
    .executeTakeFirst();
}

const existingApplication = (trx: Transaction<DB>, jobId: string, candidateId: string) =>
  trx.selectFrom('job_applications').select('id').where('job_id', '=', jobId).where('candidate_id', '=', candidateId).executeTakeFirst();

async function assertReadyToApply(db: Transaction<DB>, candidateId: string): Promise<void> {
  const row = await db
    .selectFrom('user_profiles as u')
    .innerJoin('candidate_profiles as c', 'c.user_id', 'u.id')
    .select(['u.full_name', 'u.mobile_verified'])
    .where('u.id', '=', candidateId)
    .executeTakeFirst();
  if (!row || !row.mobile_verified || row.full_name.trim() === '') throw forbidden(messages.jobDetail.finishRegistration, 'REGISTRATION_INCOMPLETE');
}

const DIRECT = { source: 'direct', driveId: null } as const;

/**
 * Where an application came from, from the ?src= tag of the link followed. A drive tag naming a
 * drive of another company (or one since deleted) is recorded as a plain shared link: the
 * candidate did come through a link, and refusing their application over a stale tag helps no one.
 */
async function resolveSource(trx: Transaction<DB>, companyId: string, tag: string | undefined): Promise<{ source: ApplicationSource; driveId: string | null }> {
  if (!tag) return DIRECT;
  const lower = tag.toLowerCase();
  if (lower === 'link' || lower === 'qr') return { source: lower, driveId: null };
  const driveId = lower.slice('drive:'.length);
  const drive = await trx.selectFrom('recruitment_drives').select('id').where('id', '=', driveId).where('company_id', '=', companyId).executeTakeFirst();
  return drive ? { source: 'drive', driveId: drive.id } : { source: 'link', driveId: null };
}

/** Whether the caller has applied to this job: only their own application is ever looked at. */
export async function getMyApplication(db: Kysely<DB>, session: SessionContext, jobId: string): Promise<MyApplication> {
  const row = await db
    .selectFrom('job_applications')
    .select('status')
    .where('job_id', '=', jobId)
    .where('candidate_id', '=', session.userId)
    .executeTakeFirst();
  return row ? { applied: true, status: row.status } : { applied: false };
}
