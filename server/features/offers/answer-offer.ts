import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { offersMessages as text } from '../../../shared/messages/offers.ts';
import { letterDate } from '../../../shared/schemas/letters.ts';
import { todayInIndia } from '../../../shared/schemas/jobs.ts';
import type { CandidateOffer } from '../../../shared/schemas/offers.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { applyStageChange, lockApplication } from '../pipeline/change-stage.ts';
import { auditOffer, lockOffer, offerQuery, openUntil, publishOffer, settleLapsedOffer, toCandidateOffer, type OfferRow } from './offer-rows.ts';

export interface CandidateActor {
  userId: string;
  ip: string | null;
  publicUrl: string;
}

/** The candidate's offers: those sent to them, newest first (drafts and offers never sent are the company's). */
export async function myOffers(db: Kysely<DB>, userId: string, now: Date): Promise<CandidateOffer[]> {
  const rows = await offerQuery(db).where('ja.candidate_id', '=', userId).where('o.sent_at', 'is not', null).orderBy('o.sent_at', 'desc').orderBy('o.id', 'desc').limit(50).execute();
  return rows.map((row) => toCandidateOffer(row, todayInIndia(now)));
}

async function myOffer(db: Kysely<DB>, userId: string, offerId: string, now: Date): Promise<CandidateOffer> {
  const row = await offerQuery(db).where('o.id', '=', offerId).where('ja.candidate_id', '=', userId).where('o.sent_at', 'is not', null).executeTakeFirst();
  if (!row) throw notFound(text.offerNotFound);
  return toCandidateOffer(row, todayInIndia(now));
}

/** The people who made and sent the offer, while still in the company, hear the answer by email. */
async function tellTheTeam(trx: Transaction<DB>, row: OfferRow, answer: 'accepted' | 'declined', now: Date, publicUrl: string, reason?: string) {
  const ids = [...new Set([row.created_by, row.sent_by].filter((id): id is string => id !== null))];
  if (ids.length === 0) return;
  const team = await trx.selectFrom('user_profiles').select('email').where('id', 'in', ids).where('company_id', '=', row.company_id).where('suspended_at', 'is', null).execute();
  const values = {
    name: row.candidate_full_name || row.candidate_email,
    answer: answer === 'accepted' ? text.answerAccepted : text.answerDeclined,
    title: row.title,
    date: letterDate(now),
    reason: reason ? fill(text.answeredTeamReason, { reason }) : '',
    url: `${publicUrl.replace(/\/$/, '')}/dashboard/jobs`,
  };
  for (const member of team) await enqueueMessage(trx, { channel: 'email', to: member.email, subject: fill(text.answeredTeamSubject, values), text: fill(text.answeredTeamText, values) });
}

/**
 * The candidate answers an offer sent to them (anyone else's is 404), on or before its last day.
 * Accepting hires them through the pipeline's own stage change (the employment with the offer's
 * title and joining date, the history, the webhooks) in the same transaction as the offer's answer;
 * an employment already active there is 409 and nothing changes. After its last day the offer is
 * recorded as expired and the answer refused (409).
 */
async function answerOffer(db: Kysely<DB>, actor: CandidateActor, offerId: string, answer: 'accepted' | 'declined', reason: string | undefined, now: Date): Promise<CandidateOffer> {
  const today = todayInIndia(now);
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await lockOffer(trx, offerId, { candidateId: actor.userId });
    if (await settleLapsedOffer(trx, row, today, now)) return { lapsed: openUntil(row) };
    if (row.status !== 'sent') throw conflict(fill(text.notOpen, { status: text.statuses[row.status].toLowerCase() }), 'OFFER_CLOSED');
    let employmentId: string | null = null;
    if (answer === 'accepted') {
      const application = await lockApplication(trx, row.application_id, { candidateId: actor.userId });
      const changed = await applyStageChange(trx, application, { to: 'hired', hire: { title: row.title, joining_date: row.joining_date }, actorId: actor.userId, ip: actor.ip, publicUrl: actor.publicUrl, email: false });
      employmentId = changed.employment_id;
      const values = { name: row.candidate_full_name || row.candidate_email, company: row.company_name, title: row.title, joining: letterDate(row.joining_date), url: `${actor.publicUrl.replace(/\/$/, '')}/dashboard` };
      await enqueueMessage(trx, { channel: 'email', to: row.candidate_email, subject: fill(text.acceptedEmailSubject, values), text: fill(text.acceptedEmailText, values) });
    }
    await trx
      .updateTable('offers')
      .set({ status: answer, responded_at: now, updated_at: now, decline_reason: answer === 'declined' ? (reason ?? null) : null })
      .where('id', '=', row.id)
      .execute();
    await auditOffer(trx, {
      actorId: actor.userId,
      companyId: row.company_id,
      action: answer === 'accepted' ? 'offer_accepted' : 'offer_declined',
      applicationId: row.application_id,
      offerId: row.id,
      ip: actor.ip,
      details: answer === 'accepted' ? { employment_id: employmentId, title: row.title, joining_date: row.joining_date } : { reason: reason ?? null },
    });
    await tellTheTeam(trx, row, answer, now, actor.publicUrl, reason);
    await publishOffer(trx, row, true);
    return { lapsed: null };
  });
  if (outcome.lapsed) throw conflict(fill(text.expired, { date: letterDate(outcome.lapsed) }), 'OFFER_EXPIRED');
  return myOffer(db, actor.userId, offerId, now);
}

export const acceptOffer = (db: Kysely<DB>, actor: CandidateActor, offerId: string, now: Date) => answerOffer(db, actor, offerId, 'accepted', undefined, now);
export const declineOffer = (db: Kysely<DB>, actor: CandidateActor, offerId: string, reason: string | undefined, now: Date) => answerOffer(db, actor, offerId, 'declined', reason, now);
