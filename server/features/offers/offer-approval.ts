import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { offersMessages as text } from '../../../shared/messages/offers.ts';
import { can, type CompanyRole } from '../../../shared/permissions.ts';
import { letterDate } from '../../../shared/schemas/letters.ts';
import { todayInIndia } from '../../../shared/schemas/jobs.ts';
import { isOpenOffer, type CompanyOffer } from '../../../shared/schemas/offers.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { auditOffer, companyOffer, lockOffer, openUntil, publishOffer, settleLapsedOffer, type OfferActor } from './offer-rows.ts';

const closed = (status: keyof typeof text.statuses) => conflict(fill(text.notOpen, { status: text.statuses[status].toLowerCase() }), 'OFFER_CLOSED');

/** Draft → waiting for approval. */
export async function submitOffer(db: Kysely<DB>, actor: OfferActor, offerId: string, now: Date): Promise<CompanyOffer> {
  await db.transaction().execute(async (trx) => {
    const row = await lockOffer(trx, offerId, { companyId: actor.companyId });
    if (row.status !== 'draft') throw conflict(text.needsDraft, 'OFFER_NOT_DRAFT');
    await trx.updateTable('offers').set({ status: 'pending_approval', submitted_at: now, updated_at: now }).where('id', '=', row.id).execute();
    await auditOffer(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'offer_submitted', applicationId: row.application_id, offerId: row.id, ip: actor.ip });
    await publishOffer(trx, row);
  });
  return companyOffer(db, actor.companyId, offerId, todayInIndia(now));
}

/**
 * Waiting for approval → approved, by an owner or admin only (the route table refuses others
 * first; this is the rule itself). A recruiter cannot approve, not even their own offer; an owner
 * or admin may approve one they made themselves: approving is their role's word, and a company
 * of one owner must still be able to make offers.
 */
export async function approveOffer(db: Kysely<DB>, actor: OfferActor & { companyRole: CompanyRole | null }, offerId: string, now: Date): Promise<CompanyOffer> {
  if (!can(actor.companyRole, 'offers.approve')) throw forbidden(text.needsApproval, 'PERMISSION_DENIED');
  await db.transaction().execute(async (trx) => {
    const row = await lockOffer(trx, offerId, { companyId: actor.companyId });
    if (row.status !== 'pending_approval') throw conflict(text.needsPendingApproval, 'OFFER_NOT_PENDING');
    await trx.updateTable('offers').set({ status: 'approved', approved_by: actor.userId, approved_at: now, updated_at: now }).where('id', '=', row.id).execute();
    await auditOffer(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'offer_approved',
      applicationId: row.application_id,
      offerId: row.id,
      ip: actor.ip,
      details: { total_paise: Number(row.total_paise), own: row.created_by === actor.userId },
    });
    await publishOffer(trx, row);
  });
  return companyOffer(db, actor.companyId, offerId, todayInIndia(now));
}

/**
 * Withdraws an offer not yet answered, with a reason kept on it and in the audit. A candidate who
 * had it is emailed. One past its last day is recorded as expired instead (409).
 */
export async function withdrawOffer(db: Kysely<DB>, actor: OfferActor & { publicUrl: string }, offerId: string, reason: string, now: Date): Promise<{ offer: CompanyOffer; emailed: boolean }> {
  const today = todayInIndia(now);
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await lockOffer(trx, offerId, { companyId: actor.companyId });
    if (await settleLapsedOffer(trx, row, today, now)) return { lapsed: true as const, emailed: false };
    if (!isOpenOffer(row.status)) throw closed(row.status);
    await trx.updateTable('offers').set({ status: 'withdrawn', withdrawn_by: actor.userId, withdraw_reason: reason, responded_at: now, updated_at: now }).where('id', '=', row.id).execute();
    await auditOffer(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'offer_withdrawn', applicationId: row.application_id, offerId: row.id, ip: actor.ip, details: { from: row.status, reason } });
    const emailed = row.status === 'sent';
    if (emailed) {
      const values = { name: row.candidate_full_name || row.candidate_email, company: row.company_name, title: row.title, reason, url: `${actor.publicUrl.replace(/\/$/, '')}/dashboard` };
      await enqueueMessage(trx, { channel: 'email', to: row.candidate_email, subject: fill(text.withdrawnEmailSubject, values), text: fill(text.withdrawnEmailText, values) });
    }
    await publishOffer(trx, row);
    return { lapsed: false as const, emailed, openUntil: openUntil(row) };
  });
  if (outcome.lapsed) {
    const offer = await companyOffer(db, actor.companyId, offerId, today);
    throw conflict(fill(text.expired, { date: letterDate(offer.open_until) }), 'OFFER_EXPIRED');
  }
  return { offer: await companyOffer(db, actor.companyId, offerId, today), emailed: outcome.emailed };
}
