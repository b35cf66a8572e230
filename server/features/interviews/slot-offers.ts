import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { interviewSlotsMessages as slotText } from '../../../shared/messages/interview-slots.ts';
import type { SlotOffer, SlotOfferBody } from '../../../shared/schemas/interview-slots.ts';
import { formatIst, istLocalToUtc, type InterviewConflict } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { assertWorkAllowed } from '../billing/entitlement.ts';
import { queueWhatsappTemplate } from '../whatsapp/templates.ts';
import type { Actor } from './interview-scope.ts';
import { checkInterviewers, findConflicts, InterviewConflictError, lockOpenApplication, mailFactsOf, normaliseLocation } from './interview-rules.ts';
import { hashSecretToken, newSecretToken } from './secret-token.ts';


type OfferRow = {
  id: string;
  application_id: string;
  status: 'open' | 'booked' | 'withdrawn';
  duration_minutes: number;
  mode: 'video' | 'phone' | 'in_person';
  location: string;
  interviewer_ids: string[];
  slots: (Date | string)[];
  interview_id: string | null;
  expires_at: Date | string;
  created_at: Date | string;
};
const OFFER_COLUMNS = ['id', 'application_id', 'status', 'duration_minutes', 'mode', 'location', 'interviewer_ids', 'slots', 'interview_id', 'expires_at', 'created_at'] as const;

/** The offered times as instants, soonest first (drivers give timestamptz[] as Dates or strings). */
export const slotInstants = (slots: (Date | string)[]): Date[] => slots.map((slot) => new Date(slot)).sort((a, b) => a.getTime() - b.getTime());
export const slotView = (start: Date) => ({ starts_at: start.toISOString(), label: formatIst(start) });

function toSlotOffer(row: OfferRow): SlotOffer {
  const expires = new Date(row.expires_at);
  return {
    id: row.id,
    application_id: row.application_id,
    status: row.status,
    duration_minutes: row.duration_minutes,
    mode: row.mode,
    location: row.location,
    interviewer_ids: row.interviewer_ids,
    slots: slotInstants(row.slots).map(slotView),
    interview_id: row.interview_id,
    expires_at: expires.toISOString(),
    expires_label: formatIst(expires),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * Offers the candidate several times for one interview (issue 36 §4, self-scheduling). Every time
 * must be in the future and free for every interviewer now (409 listing the clashes otherwise);
 * they are checked again when the candidate picks. The candidate gets the link by email, and on
 * WhatsApp when they opted in. One open offer per application (409 while one is open).
 */
export async function offerSlots(db: Kysely<DB>, actor: Actor & { mailFrom: string; publicUrl: string }, body: SlotOfferBody, now: Date): Promise<SlotOffer> {
  const starts = body.slots_ist.map((value) => istLocalToUtc(value) as Date).sort((a, b) => a.getTime() - b.getTime());
  if (starts.some((start) => start.getTime() <= now.getTime())) throw badRequest(slotText.slotInPast, 'SLOT_IN_PAST');
  const location = normaliseLocation(body.mode, body.location);
  const token = newSecretToken();

  const row = await db.transaction().execute(async (trx) => {
    await assertWorkAllowed(trx, actor.companyId, now);
    const application = await lockOpenApplication(trx, actor.companyId, body.application_id);
    await checkInterviewers(trx, actor.companyId, body.interviewer_ids);
    const open = await trx.selectFrom('interview_slot_offers').select('id').where('application_id', '=', application.id).where('status', '=', 'open').executeTakeFirst();
    if (open) throw conflict(slotText.alreadyOpen, 'SLOT_OFFER_OPEN');

    const clashes: InterviewConflict[] = [];
    for (const start of starts) clashes.push(...(await findConflicts(trx, actor.companyId, body.interviewer_ids, start, body.duration_minutes)));
    if (clashes.length > 0) throw new InterviewConflictError(clashes, slotText.slotConflicts);

    const inserted = await trx
      .insertInto('interview_slot_offers')
      .values({
        application_id: application.id,
        company_id: actor.companyId,
        token_hash: hashSecretToken(token),
        duration_minutes: body.duration_minutes,
        mode: body.mode,
        location,
        interviewer_ids: body.interviewer_ids,
        slots: starts.map((start) => start.toISOString()),
        created_by: actor.userId,
        created_at: now,
        expires_at: starts[starts.length - 1],
      })
      .returning(OFFER_COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'interview_times_offered',
      entityType: 'job_application',
      entityId: application.id,
      details: { offer_id: inserted.id, slots: starts.map((start) => start.toISOString()), duration_minutes: body.duration_minutes, mode: body.mode, interviewer_ids: body.interviewer_ids },
      ip: actor.ip,
    });

    const facts = await mailFactsOf(trx, application.id);
    const url = `${actor.publicUrl.replace(/\/$/, '')}/pick-a-time#${token}`;
    const values = {
      name: facts.candidate_name || facts.candidate_email,
      company: facts.company_name,
      title: facts.job_title,
      minutes: String(body.duration_minutes),
      mode: slotText.modes[body.mode].toLowerCase(),
      url,
      times: starts.map((start) => `- ${formatIst(start)}`).join('\n'),
    };
    const replyTo = await trx.selectFrom('companies').select('reply_to_email').where('id', '=', actor.companyId).executeTakeFirst();
    await enqueueMessage(trx, { channel: 'email', to: facts.candidate_email, subject: fill(slotText.email.subject, values), text: fill(slotText.email.text, values), replyTo: replyTo?.reply_to_email ?? null });
    await queueWhatsappTemplate(trx, application.candidate_id, 'interview_times_offered', { name: values.name, company: values.company, title: values.title, url });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'interview', id: inserted.id });
    return inserted;
  });
  return toSlotOffer(row);
}

/** The application's offers of times, newest first (the pipeline panel shows the open one). */
export async function listSlotOffers(db: Kysely<DB>, companyId: string, applicationId: string): Promise<SlotOffer[]> {
  const rows = await db
    .selectFrom('interview_slot_offers')
    .select(OFFER_COLUMNS)
    .where('company_id', '=', companyId)
    .where('application_id', '=', applicationId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  return rows.map(toSlotOffer);
}

/** Takes back open times: the link then says the company withdrew them. 409 once picked or withdrawn. */
export async function withdrawSlotOffer(db: Kysely<DB>, actor: Actor, offerId: string, now: Date): Promise<SlotOffer> {
  const row = await db.transaction().execute(async (trx) => {
    const offer = await trx.selectFrom('interview_slot_offers').select(['id', 'status', 'application_id']).where('id', '=', offerId).where('company_id', '=', actor.companyId).forUpdate().executeTakeFirst();
    if (!offer) throw notFound(slotText.offerNotFound);
    if (offer.status !== 'open') throw conflict(slotText.notOpen, 'SLOT_OFFER_CLOSED');
    const updated = await trx.updateTable('interview_slot_offers').set({ status: 'withdrawn', closed_at: now }).where('id', '=', offerId).returning(OFFER_COLUMNS).executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'interview_times_withdrawn', entityType: 'job_application', entityId: offer.application_id, details: { offer_id: offerId }, ip: actor.ip });
    await publish(trx, { topic: `company:${actor.companyId}`, type: 'interview', id: offerId });
    return updated;
  });
  return toSlotOffer(row);
}

export { toSlotOffer, OFFER_COLUMNS };
