import type { Kysely, Transaction } from 'kysely';
import { offersMessages as text } from '../../../shared/messages/offers.ts';
import { CTC_COMPONENTS, ctcField, type CtcBreakup } from '../../../shared/offer-ctc.ts';
import type { CandidateOffer, CompanyOffer, OfferStatus } from '../../../shared/schemas/offers.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Who acts for the company: the route table has checked the role; services check it again where it is the rule. */
export interface OfferActor {
  userId: string;
  companyId: string;
  ip: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The last day the offer can be accepted: its expiry date, or else the joining date. */
export const openUntil = (offer: { expires_on: string | null; joining_date: string }) => offer.expires_on ?? offer.joining_date;

/**
 * Where an offer stands on India's date `today`: a sent offer whose last day has passed is
 * expired, judged on the day rather than flipped by a job (as employments' states are, decision
 * 0024). Writes record it as 'expired' when they meet it (settleLapsedOffer).
 */
export function offerStatusOn(offer: { status: OfferStatus; expires_on: string | null; joining_date: string }, today: string): OfferStatus {
  return offer.status === 'sent' && openUntil(offer) < today ? 'expired' : offer.status;
}

export function offerQuery(db: Db) {
  return db
    .selectFrom('offers as o')
    .innerJoin('job_applications as ja', 'ja.id', 'o.application_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('user_profiles as cand', 'cand.id', 'ja.candidate_id')
    .leftJoin('user_profiles as creator', 'creator.id', 'o.created_by')
    .leftJoin('user_profiles as approver', 'approver.id', 'o.approved_by')
    .leftJoin('user_profiles as sender', 'sender.id', 'o.sent_by')
    .leftJoin('company_billing_profiles as bp', 'bp.company_id', 'o.company_id')
    .select([
      'o.id',
      'o.application_id',
      'o.company_id',
      'o.status',
      'o.title',
      'o.joining_date',
      'o.expires_on',
      'o.basic_paise',
      'o.hra_paise',
      'o.special_allowance_paise',
      'o.employer_pf_paise',
      'o.gratuity_paise',
      'o.variable_pay_paise',
      'o.total_paise',
      'o.created_by',
      'o.sent_by',
      'o.created_at',
      'o.approved_at',
      'o.sent_at',
      'o.responded_at',
      'o.decline_reason',
      'o.withdraw_reason',
      'o.letter_id',
      'ja.candidate_id',
      'c.name as company_name',
      'c.letter_signatory_name',
      'c.letter_signatory_designation',
      'bp.address_line1',
      'cand.full_name as candidate_full_name',
      'cand.email as candidate_email',
      'creator.full_name as created_by_name',
      'approver.full_name as approved_by_name',
      'sender.full_name as sent_by_name',
    ]);
}

export type OfferRow = Awaited<ReturnType<ReturnType<typeof offerQuery>['executeTakeFirstOrThrow']>>;

export function breakupOf(row: Pick<OfferRow, `${(typeof CTC_COMPONENTS)[number]}_paise`>): CtcBreakup {
  return Object.fromEntries(CTC_COMPONENTS.map((component) => [ctcField(component), Number(row[ctcField(component)])])) as CtcBreakup;
}

function baseOffer(row: OfferRow, today: string): CandidateOffer {
  return {
    id: row.id,
    application_id: row.application_id,
    status: offerStatusOn(row, today),
    title: row.title,
    joining_date: row.joining_date,
    expires_on: row.expires_on,
    ...breakupOf(row),
    total_paise: Number(row.total_paise),
    company_name: row.company_name,
    sent_at: iso(row.sent_at),
    responded_at: iso(row.responded_at),
    decline_reason: row.decline_reason,
    open_until: openUntil(row),
  };
}

export function toCompanyOffer(row: OfferRow, today: string): CompanyOffer {
  const missing: CompanyOffer['letter_missing'] = [];
  if (!row.address_line1) missing.push('address');
  if (!row.letter_signatory_name || !row.letter_signatory_designation) missing.push('signatory');
  return {
    ...baseOffer(row, today),
    candidate_name: row.candidate_full_name || row.candidate_email,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    approved_by_name: row.approved_by_name,
    sent_by_name: row.sent_by_name,
    created_at: iso(row.created_at)!,
    approved_at: iso(row.approved_at),
    withdraw_reason: row.withdraw_reason,
    letter_missing: missing,
  };
}

export const toCandidateOffer = baseOffer;

/** One of the company's offers; another company's is 404. */
export async function companyOffer(db: Db, companyId: string, offerId: string, today: string): Promise<CompanyOffer> {
  const row = await offerQuery(db).where('o.id', '=', offerId).where('o.company_id', '=', companyId).executeTakeFirst();
  if (!row) throw notFound(text.offerNotFound);
  return toCompanyOffer(row, today);
}

/**
 * Locks one offer (SELECT … FOR UPDATE) in the caller's scope: the company's own, or one sent to
 * the candidate (a draft is not theirs to see). Anything else is 404.
 */
export async function lockOffer(trx: Transaction<DB>, offerId: string, scope: { companyId: string } | { candidateId: string }): Promise<OfferRow> {
  const row = await offerQuery(trx)
    .where('o.id', '=', offerId)
    .$if('companyId' in scope, (qb) => qb.where('o.company_id', '=', (scope as { companyId: string }).companyId))
    .$if('candidateId' in scope, (qb) => qb.where('ja.candidate_id', '=', (scope as { candidateId: string }).candidateId).where('o.sent_at', 'is not', null))
    .forUpdate('o')
    .executeTakeFirst();
  if (!row) throw notFound(text.offerNotFound);
  return row;
}

/** Live events for an offer's change: the company's pipeline and, once it is theirs to see, the candidate. */
export async function publishOffer(trx: Transaction<DB>, row: Pick<OfferRow, 'id' | 'company_id' | 'application_id' | 'candidate_id' | 'sent_at'>, toCandidate = row.sent_at !== null) {
  await publish(trx, [
    { topic: `company:${row.company_id}`, type: 'offer', id: row.application_id },
    ...(toCandidate ? [{ topic: `user:${row.candidate_id}`, type: 'offer', id: row.id }] : []),
  ]);
}

/** The audit row of an offer's change: on the application, where its timeline reads it. */
export async function auditOffer(trx: Transaction<DB>, entry: { actorId: string | null; companyId: string; action: string; applicationId: string; offerId: string; ip: string | null; details?: Record<string, unknown> }) {
  await writeAudit(trx, {
    actorId: entry.actorId,
    companyId: entry.companyId,
    action: entry.action,
    entityType: 'job_application',
    entityId: entry.applicationId,
    details: { offer_id: entry.offerId, ...entry.details },
    ip: entry.ip,
  });
}

/**
 * A sent offer past its last day is recorded as expired (audited, with no actor: time did it).
 * Returns whether it was; the caller then refuses what it was asked (after commit, so the record stays).
 */
export async function settleLapsedOffer(trx: Transaction<DB>, row: OfferRow, today: string, now: Date): Promise<boolean> {
  if (offerStatusOn(row, today) !== 'expired' || row.status === 'expired') return false;
  await trx.updateTable('offers').set({ status: 'expired', responded_at: now, updated_at: now }).where('id', '=', row.id).execute();
  await auditOffer(trx, { actorId: null, companyId: row.company_id, action: 'offer_expired', applicationId: row.application_id, offerId: row.id, ip: null, details: { open_until: openUntil(row) } });
  await publishOffer(trx, row);
  return true;
}
