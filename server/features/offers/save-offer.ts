import type { Kysely, Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { offersMessages as text } from '../../../shared/messages/offers.ts';
import { pipelineMessages } from '../../../shared/messages/pipeline.ts';
import { todayInIndia } from '../../../shared/schemas/jobs.ts';
import { type CompanyOffer, type OfferStatus, type OfferValues } from '../../../shared/schemas/offers.ts';
import { isFinalStage } from '../../../shared/schemas/pipeline.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { assertWorkAllowed } from '../billing/entitlement.ts';
import { lockApplication } from '../pipeline/change-stage.ts';
import { auditOffer, companyOffer, lockOffer, offerQuery, publishOffer, settleLapsedOffer, toCompanyOffer, type OfferActor } from './offer-rows.ts';

/** A 400 naming the field, as the schema's own refusals do ("joining_date: …"). */
export const fieldError = (field: string, message: string) => new AppError(400, 'VALIDATION_FAILED', `${field}: ${message}`);

/** Dates are judged on India's date by the app's clock (the schema cannot know it). */
export function assertOfferDates(values: Pick<OfferValues, 'joining_date' | 'expires_on'>, today: string) {
  if (values.joining_date < today) throw fieldError('joining_date', text.joiningDateInPast);
  if (values.expires_on && values.expires_on < today) throw fieldError('expires_on', text.expiryInPast);
}

const columnsOf = (values: OfferValues) => ({
  title: values.title,
  joining_date: values.joining_date,
  expires_on: values.expires_on ?? null,
  basic_paise: values.basic_paise,
  hra_paise: values.hra_paise,
  special_allowance_paise: values.special_allowance_paise,
  employer_pf_paise: values.employer_pf_paise,
  gratuity_paise: values.gratuity_paise,
  variable_pay_paise: values.variable_pay_paise,
});

/** PostgreSQL's unique violation on offers_one_live: two offers made at once for one application. */
function isSecondLiveOffer(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'offers_one_live';
}

/** Sent offers of this application past their last day are recorded as expired, so a new one may be made. */
async function settleApplicationOffers(trx: Transaction<DB>, applicationId: string, today: string, now: Date) {
  const sent = await offerQuery(trx).where('o.application_id', '=', applicationId).where('o.status', '=', 'sent').forUpdate('o').execute();
  for (const row of sent) await settleLapsedOffer(trx, row, today, now);
}

/**
 * A draft offer for one of the company's applications (its plan working). The application is
 * locked, so two at once queue; one that is hired, rejected or withdrawn takes none (409), nor one
 * with a live offer (409: withdraw it first).
 */
export async function createOffer(db: Kysely<DB>, actor: OfferActor, applicationId: string, values: OfferValues, now: Date): Promise<CompanyOffer> {
  const today = todayInIndia(now);
  assertOfferDates(values, today);
  try {
    const id = await db.transaction().execute(async (trx) => {
      await assertWorkAllowed(trx, actor.companyId, now);
      const application = await lockApplication(trx, applicationId, { companyId: actor.companyId });
      if (isFinalStage(application.status)) throw conflict(fill(text.applicationClosed, { stage: pipelineMessages.stageLabels[application.status].toLowerCase() }), 'APPLICATION_CLOSED');
      await settleApplicationOffers(trx, application.id, today, now);
      const { id } = await trx
        .insertInto('offers')
        .values({ company_id: actor.companyId, application_id: application.id, ...columnsOf(values), created_by: actor.userId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await lockOffer(trx, id, { companyId: actor.companyId });
      await auditOffer(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'offer_created', applicationId: application.id, offerId: id, ip: actor.ip, details: { total_paise: Number(row.total_paise) } });
      await publishOffer(trx, row);
      return id;
    });
    return companyOffer(db, actor.companyId, id, today);
  } catch (error) {
    if (isSecondLiveOffer(error)) throw conflict(text.liveOfferExists, 'OFFER_EXISTS');
    throw error;
  }
}

const EDITABLE: readonly OfferStatus[] = ['draft', 'pending_approval', 'approved'];

/**
 * Changes an offer not yet sent. A change to one waiting for approval or approved takes it back
 * to a draft: what was approved is not what would be sent.
 */
export async function updateOffer(db: Kysely<DB>, actor: OfferActor, offerId: string, values: OfferValues, now: Date): Promise<CompanyOffer> {
  const today = todayInIndia(now);
  assertOfferDates(values, today);
  await db.transaction().execute(async (trx) => {
    const row = await lockOffer(trx, offerId, { companyId: actor.companyId });
    if (!EDITABLE.includes(row.status)) throw conflict(row.status === 'sent' ? text.notEditable : fill(text.notOpen, { status: text.statuses[row.status].toLowerCase() }), 'OFFER_NOT_EDITABLE');
    await trx
      .updateTable('offers')
      .set({ ...columnsOf(values), status: 'draft', submitted_at: null, approved_by: null, approved_at: null, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await auditOffer(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'offer_updated', applicationId: row.application_id, offerId: row.id, ip: actor.ip, details: { from: row.status } });
    await publishOffer(trx, row);
  });
  return companyOffer(db, actor.companyId, offerId, today);
}

/** The application's offers, newest first (the live one, then earlier ones). Another company's application is 404. */
export async function listApplicationOffers(db: Kysely<DB>, companyId: string, applicationId: string, now: Date): Promise<CompanyOffer[]> {
  const application = await db
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .select('ja.id')
    .where('ja.id', '=', applicationId)
    .where('jp.company_id', '=', companyId)
    .where('jp.is_deleted', '=', false)
    .executeTakeFirst();
  if (!application) throw new AppError(404, 'NOT_FOUND', text.applicationNotFound);
  const rows = await offerQuery(db).where('o.application_id', '=', application.id).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(50).execute();
  return rows.map((row) => toCompanyOffer(row, todayInIndia(now)));
}
