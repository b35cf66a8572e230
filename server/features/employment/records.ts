import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { employmentState, type EmploymentRecord, type EpfoHistoryRecord, type MyEmploymentRecords, type PendingEmployment, type SharedRecord, type VerifiedCheck } from '../../../shared/schemas/employment.ts';
import { todayInIndia } from '../../../shared/schemas/jobs.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { epfoRecordOf, type EpfoRecord } from '../verification/lookups/epfo-record.ts';

const text = messages.employment;
const iso = (value: Date | string) => new Date(value).toISOString();

type Reader = Kysely<DB> | Transaction<DB>;

/**
 * A person's record of employments: only those with a source (issue 33 A1), a hire through the
 * company's pipeline or the person's own confirmation, each with the company that recorded it and
 * when, the source and when, and the relieving when it was last updated (a relieved row is never
 * changed again). The status is judged on `now`'s date in India (a last working day still ahead
 * is a notice period). onlyCompanyId narrows it to one company's rows.
 */
export async function employmentsOf(db: Reader, personId: string, options: { onlyCompanyId?: string; now: Date; epfo?: EpfoRecord | null }): Promise<EmploymentRecord[]> {
  const today = todayInIndia(options.now);
  const rows = await db
    .selectFrom('employments as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .where('e.employee_id', '=', personId)
    .where('e.confirmation', '=', 'confirmed')
    .$if(options.onlyCompanyId !== undefined, (qb) => qb.where('e.company_id', '=', options.onlyCompanyId as string))
    .select(['e.id', 'c.name as company_name', 'e.title', 'e.joining_date', 'e.last_working_day', 'e.status', 'e.relieving_reason', 'e.application_id', 'e.confirmed_by', 'e.confirmed_at', 'e.created_at', 'e.updated_at'])
    .orderBy('e.joining_date', 'desc')
    .orderBy('e.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    company_name: row.company_name,
    title: row.title,
    joining_date: row.joining_date,
    last_working_day: row.last_working_day,
    status: employmentState(row, today),
    relieving_reason: row.relieving_reason,
    recorded_by: row.company_name,
    recorded_at: iso(row.created_at),
    relieved_recorded_at: row.status === 'relieved' ? iso(row.updated_at) : null,
    hired_through_workcred: row.application_id !== null,
    // The row's check constraint holds both for a confirmed row.
    confirmed_by: row.confirmed_by ?? 'hire',
    confirmed_at: iso(row.confirmed_at ?? row.created_at),
    epfo: options.epfo?.confirmedCompanies.has(row.company_name) ? { provider_label: options.epfo.provider_label, confirmed_at: options.epfo.confirmed_at, method: options.epfo.method } : null,
  }));
}

/** The record's EPFO part: what EPFO's records hold, through whom and when (null without a strong, decided lookup). */
function epfoHistoryOf(epfo: EpfoRecord | null): EpfoHistoryRecord | null {
  return epfo ? { provider_label: epfo.provider_label, confirmed_at: epfo.confirmed_at, method: epfo.method, employers: epfo.employers } : null;
}

/** Employments companies added that wait for the person's answer. */
async function pendingOf(db: Reader, personId: string, now: Date): Promise<PendingEmployment[]> {
  const today = todayInIndia(now);
  const rows = await db
    .selectFrom('employments as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .where('e.employee_id', '=', personId)
    .where('e.confirmation', '=', 'unconfirmed')
    .select(['e.id', 'c.name as company_name', 'e.title', 'e.joining_date', 'e.last_working_day', 'e.status', 'e.created_at'])
    .orderBy('e.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    company_name: row.company_name,
    title: row.title,
    joining_date: row.joining_date,
    last_working_day: row.last_working_day,
    status: employmentState(row, today),
    recorded_at: iso(row.created_at),
  }));
}

/** The person's verified checks: what, decided by which kind of decider, when. Never who at WorkCred. */
async function verifiedChecksOf(db: Reader, personId: string): Promise<VerifiedCheck[]> {
  const rows = await db
    .selectFrom('verification_checks')
    .select(['subject', 'decided_by', 'decided_at', 'verified_fields'])
    .where('candidate_id', '=', personId)
    .where('status', '=', 'verified')
    .orderBy('subject')
    .execute();
  return rows.map((row) => ({
    subject: row.subject,
    status: 'verified' as const,
    decided_by: row.decided_by,
    decided_at: row.decided_at === null ? null : iso(row.decided_at),
    verified_fields: row.verified_fields,
  }));
}

/** The caller's own verified employment history: every company, the checks behind it, and what waits for their confirmation. */
export async function myEmploymentRecords(db: Kysely<DB>, userId: string, now: Date = new Date()): Promise<MyEmploymentRecords> {
  const epfo = await epfoRecordOf(db, userId);
  const [employments, checks, pending] = await Promise.all([employmentsOf(db, userId, { now, epfo }), verifiedChecksOf(db, userId), pendingOf(db, userId, now)]);
  return { employments, checks, pending, epfo: epfoHistoryOf(epfo) };
}

/** Whether the candidate applied to one of the company's jobs (even one deleted since). */
async function appliedTo(db: Reader, candidateId: string, companyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .select('ja.id')
    .where('ja.candidate_id', '=', candidateId)
    .where('jp.company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What an employer sees of a candidate's history.
 * - With the candidate's active share for the caller's company: the whole history, and the read
 *   is logged (record_views) in the same transaction, the share row held FOR SHARE so a revoke
 *   that commits first wins and one that comes later waits for the logged read.
 * - Without it, for a person the company already knows (they applied to it, or it employs or
 *   employed them): shared: false with only the company's own employments of the person, no
 *   checks, nothing logged. The pipeline's panel asks this for every applicant, so "not shared"
 *   is an answer there, not an error.
 * - Anyone else: 404, whatever the reason (no such candidate, no relation), so nothing is confirmed.
 */
export async function sharedRecordForEmployer(db: Kysely<DB>, viewer: { userId: string; companyId: string }, candidateId: string, now: Date = new Date()): Promise<SharedRecord> {
  return db.transaction().execute(async (trx) => {
    const candidate = await trx
      .selectFrom('user_profiles as u')
      .leftJoin('candidate_profiles as cp', 'cp.user_id', 'u.id')
      .select(['u.id', 'u.full_name', 'cp.candidate_code'])
      .where('u.id', '=', candidateId)
      .where('u.role', '=', 'candidate')
      .executeTakeFirst();
    if (!candidate) throw notFound(text.recordNotShared);

    const share = await trx
      .selectFrom('record_shares')
      .select(['id', 'granted_at'])
      .where('candidate_id', '=', candidateId)
      .where('company_id', '=', viewer.companyId)
      .where('revoked_at', 'is', null)
      .forShare()
      .executeTakeFirst();

    const who = { candidate_name: candidate.full_name, candidate_code: candidate.candidate_code };
    if (!share) {
      // Only confirmed employments relate the company to the person: one it added by candidate ID
      // alone does not, so the name stays unknown to it (issue 33 A1).
      const own = await employmentsOf(trx, candidateId, { onlyCompanyId: viewer.companyId, now });
      if (own.length === 0 && !(await appliedTo(trx, candidateId, viewer.companyId))) throw notFound(text.recordNotShared);
      return { ...who, shared: false, shared_at: null, employments: own, checks: [], epfo: null };
    }

    const epfo = await epfoRecordOf(trx, candidateId);
    const employments = await employmentsOf(trx, candidateId, { now, epfo });
    const checks = await verifiedChecksOf(trx, candidateId);
    await trx.insertInto('record_views').values({ share_id: share.id, viewer_id: viewer.userId }).execute();
    // The candidate's card lists the view as soon as it is committed.
    await publish(trx, { topic: `user:${candidateId}`, type: 'record_viewed', id: share.id });
    return { ...who, shared: true, shared_at: iso(share.granted_at), employments, checks, epfo: epfoHistoryOf(epfo) };
  });
}
