import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { offersMessages as text } from '../../../shared/messages/offers.ts';
import { formatRupees } from '../../../shared/offer-ctc.ts';
import { letterDate } from '../../../shared/schemas/letters.ts';
import { todayInIndia } from '../../../shared/schemas/jobs.ts';
import type { CompanyOffer } from '../../../shared/schemas/offers.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { assertWorkAllowed } from '../billing/entitlement.ts';
import { newLetterCode } from '../letters/issue-letter.ts';
import { applyStageChange, lockApplication } from '../pipeline/change-stage.ts';
import { offerLetterFacts, type OfferLetterDeps } from './offer-letter.ts';
import { auditOffer, companyOffer, lockOffer, offerQuery, publishOffer, toCompanyOffer, type OfferActor, type OfferRow } from './offer-rows.ts';

/** What must hold for an offer to be sent: approved, dates ahead, and Settings complete for its letter. */
function assertSendable(row: OfferRow, offer: CompanyOffer, today: string) {
  if (row.status !== 'approved') throw conflict(text.needsApproval, 'OFFER_NOT_APPROVED');
  if (row.joining_date < today) throw conflict(`joining_date: ${text.joiningDateInPast}`, 'OFFER_DATES_PAST');
  if (row.expires_on && row.expires_on < today) throw conflict(`expires_on: ${text.expiryInPast}`, 'OFFER_DATES_PAST');
  if (offer.letter_missing.length > 0) {
    const missing = offer.letter_missing.map((what) => (what === 'address' ? text.missingAddress : text.missingSignatory)).join(' and ');
    throw conflict(fill(text.letterDetailsMissing, { missing }), 'LETTER_DETAILS_MISSING');
  }
}

/**
 * Sends an approved offer: makes its letter (the company's wording, address, signatory and the
 * CTC annexure, with the QR code of its verification address) and stores it (the storage_intents
 * unit of work, as letters), then in one transaction: the offer checked again under lock, the
 * application moved to Offered (the pipeline's own stage change, without its generic email), the
 * letter recorded as a verifiable offer letter, the offer marked sent, the audit rows, the email
 * to the candidate with the link and the PDF, and the live events.
 */
export async function sendOffer(deps: OfferLetterDeps, actor: OfferActor, offerId: string, now: Date): Promise<CompanyOffer> {
  const today = todayInIndia(now);
  const before = await offerQuery(deps.db).where('o.id', '=', offerId).where('o.company_id', '=', actor.companyId).executeTakeFirst();
  if (!before) throw new AppError(404, 'NOT_FOUND', text.offerNotFound);
  assertSendable(before, toCompanyOffer(before, today), today);

  const candidate = await deps.db.selectFrom('candidate_profiles').select('candidate_code').where('user_id', '=', before.candidate_id).executeTakeFirst();
  const code = newLetterCode();
  const base = deps.publicUrl.replace(/\/$/, '');
  const verifyUrl = `${base}/verify/${code}`;
  const issuedOn = letterDate(now);
  const { renderOfferLetterPdf } = await import('./offer-letter-pdf.ts');
  const pdf = await renderOfferLetterPdf(await offerLetterFacts(deps, before, { on: issuedOn, at: now, code, verifyUrl }, candidate?.candidate_code ?? null));
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const key = `letters/${actor.companyId}/${randomUUID()}.pdf`;
  await deps.db.insertInto('storage_intents').values({ object_key: key, action: 'upload' }).execute();
  await deps.storage.put(key, Readable.from(pdf), { contentType: 'application/pdf' });

  await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'upload').returning('id').executeTakeFirst();
    if (!claimed) throw new AppError(503, 'UPLOAD_ABANDONED', messages.errors.unavailable);
    await assertWorkAllowed(trx, actor.companyId, now);
    // Changed while the letter was made (edited, withdrawn, sent by a colleague): check again under lock.
    const row = await lockOffer(trx, offerId, { companyId: actor.companyId });
    assertSendable(row, toCompanyOffer(row, today), today);
    const application = await lockApplication(trx, row.application_id, { companyId: actor.companyId });
    if (application.status !== 'offered') {
      await applyStageChange(trx, application, { to: 'offered', actorId: actor.userId, ip: actor.ip, publicUrl: deps.publicUrl, email: false });
    }
    const candidateName = row.candidate_full_name || row.candidate_email;
    const letter = await trx
      .insertInto('letters')
      .values({
        company_id: actor.companyId,
        kind: 'offer',
        code,
        recipient_id: row.candidate_id,
        recipient_name: candidateName,
        company_name: row.company_name,
        title: row.title,
        joining_date: row.joining_date,
        annual_ctc_paise: Number(row.total_paise),
        application_id: row.application_id,
        storage_key: key,
        sha256,
        size_bytes: pdf.length,
        issued_by: actor.userId,
        issued_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('offers').set({ status: 'sent', sent_by: actor.userId, sent_at: now, letter_id: letter.id, updated_at: now }).where('id', '=', row.id).execute();
    await auditOffer(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'offer_sent', applicationId: row.application_id, offerId: row.id, ip: actor.ip, details: { letter_id: letter.id, code, total_paise: Number(row.total_paise) } });
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'letter_issued', entityType: 'letter', entityId: letter.id, details: { kind: 'offer', recipient_id: row.candidate_id, code, sha256, offer_id: row.id }, ip: actor.ip });

    const values = {
      name: candidateName,
      company: row.company_name,
      title: row.title,
      joining: letterDate(row.joining_date),
      total: formatRupees(Number(row.total_paise)),
      url: `${base}/dashboard`,
      expiry: row.expires_on ? fill(text.sentEmailExpiry, { date: letterDate(row.expires_on) }) : '',
    };
    await enqueueMessage(trx, {
      channel: 'email',
      to: row.candidate_email,
      subject: fill(text.sentEmailSubject, values),
      text: fill(text.sentEmailText, values),
      replyTo: application.reply_to_email,
      attachments: [{ filename: `Offer-letter-${code}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64'), encoding: 'base64' }],
    });
    await publishOffer(trx, row, true);
    await publish(trx, { topic: `user:${row.candidate_id}`, type: 'letter', id: letter.id });
  });
  return companyOffer(deps.db, actor.companyId, offerId, today);
}
