import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { interviewSlotsMessages as slotText } from '../../../shared/messages/interview-slots.ts';
import type { SlotPickPage } from '../../../shared/schemas/interview-slots.ts';
import { formatIst } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { clipNotification } from '../notifications/clip-notification.ts';
import { busyAt, findConflicts, lockOpenApplication } from './interview-rules.ts';
import { createInterview } from './schedule-interview.ts';
import { hashSecretToken } from './secret-token.ts';
import { slotInstants, slotView } from './slot-offers.ts';

async function offerByToken(db: Kysely<DB>, token: string) {
  const row = await db
    .selectFrom('interview_slot_offers as o')
    .innerJoin('job_applications as ja', 'ja.id', 'o.application_id')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('user_profiles as cand', 'cand.id', 'ja.candidate_id')
    .leftJoin('interviews as i', 'i.id', 'o.interview_id')
    .where('o.token_hash', '=', hashSecretToken(token))
    .select([
      'o.id',
      'o.company_id',
      'o.status',
      'o.duration_minutes',
      'o.mode',
      'o.interviewer_ids',
      'o.slots',
      'o.expires_at',
      'o.created_by',
      'o.location',
      'ja.id as application_id',
      'ja.candidate_id',
      'jp.title as job_title',
      'c.name as company_name',
      'cand.full_name as candidate_name',
      'cand.email as candidate_email',
      'i.scheduled_at as booked_at',
    ])
    .executeTakeFirst();
  if (!row) throw notFound(slotText.linkNotFound);
  return row;
}

/**
 * What the link shows the candidate (no sign-in: the token is the key). While open, only the times
 * still ahead and still free for every interviewer; 'expired' once the last time has passed.
 */
export async function getSlotPickPage(db: Kysely<DB>, token: string, now: Date): Promise<SlotPickPage> {
  const offer = await offerByToken(db, token);
  const expired = offer.status === 'open' && new Date(offer.expires_at).getTime() <= now.getTime();
  const slots = [];
  if (offer.status === 'open' && !expired) {
    for (const start of slotInstants(offer.slots)) {
      if (start.getTime() <= now.getTime()) continue;
      const clashes = await busyAt(db, offer.company_id, offer.interviewer_ids, start, offer.duration_minutes);
      if (clashes.length === 0) slots.push(slotView(start));
    }
  }
  return {
    status: expired ? 'expired' : offer.status,
    company_name: offer.company_name,
    job_title: offer.job_title,
    candidate_name: offer.candidate_name || offer.candidate_email,
    duration_minutes: offer.duration_minutes,
    mode: offer.mode,
    slots,
    booked_label: offer.status === 'booked' && offer.booked_at ? formatIst(offer.booked_at) : null,
  };
}

/**
 * The candidate picks one of the offered times. Inside one transaction: the offer is locked, the
 * time must be one offered and still ahead, the application still open, the interviewers still
 * in the team and free at that time (checked again, holding their calendars), and then the
 * interview is made exactly as a recruiter's would be (stage, invites, webhook), the offer closed,
 * and the member who offered the times told. A time taken meanwhile is 409 SLOT_TAKEN.
 */
export async function pickSlot(db: Kysely<DB>, token: string, startsAt: string, context: { ip: string | null; mailFrom: string }, now: Date): Promise<SlotPickPage> {
  const start = new Date(startsAt);
  await db.transaction().execute(async (trx) => {
    const found = await offerByToken(trx, token);
    const offer = await trx.selectFrom('interview_slot_offers').select(['status', 'expires_at']).where('id', '=', found.id).forUpdate().executeTakeFirstOrThrow();
    const values = { company: found.company_name };
    if (offer.status === 'withdrawn') throw conflict(fill(slotText.withdrawnByCompany, values), 'SLOT_OFFER_WITHDRAWN');
    if (offer.status === 'booked') throw conflict(slotText.notOpen, 'SLOT_OFFER_CLOSED');
    if (new Date(offer.expires_at).getTime() <= now.getTime()) throw new AppError(410, 'SLOT_OFFER_EXPIRED', fill(slotText.expired, values));
    if (!slotInstants(found.slots).some((slot) => slot.getTime() === start.getTime())) throw badRequest(slotText.notOffered, 'SLOT_NOT_OFFERED');
    if (start.getTime() <= now.getTime()) throw conflict(slotText.taken, 'SLOT_TAKEN');

    let application;
    try {
      application = await lockOpenApplication(trx, found.company_id, found.application_id);
    } catch (error) {
      if (error instanceof AppError) throw conflict(slotText.applicationClosed, 'APPLICATION_CLOSED');
      throw error;
    }
    // Interviewers who left the company since: the times cannot be kept; the company must offer new ones.
    const members = await trx
      .selectFrom('user_profiles')
      .select('id')
      .where('id', 'in', found.interviewer_ids)
      .where('company_id', '=', found.company_id)
      .where('role', '=', 'employer')
      .where('suspended_at', 'is', null)
      .execute();
    if (members.length !== new Set(found.interviewer_ids).size) throw conflict(fill(slotText.noneFree, values), 'SLOT_OFFER_UNAVAILABLE');
    const clashes = await findConflicts(trx, found.company_id, found.interviewer_ids, start, found.duration_minutes);
    if (clashes.length > 0) throw conflict(slotText.taken, 'SLOT_TAKEN');

    // The member who offered the times organises it, while still in the company; else the first interviewer.
    const organiser = found.created_by
      ? await trx.selectFrom('user_profiles').select('id').where('id', '=', found.created_by).where('company_id', '=', found.company_id).where('suspended_at', 'is', null).executeTakeFirst()
      : undefined;
    const createdBy = organiser?.id ?? found.interviewer_ids[0]!;
    const interviewId = await createInterview(
      trx,
      {
        application,
        companyId: found.company_id,
        start,
        durationMinutes: found.duration_minutes,
        mode: found.mode,
        location: found.location,
        interviewerIds: found.interviewer_ids,
        createdBy,
        actorId: found.candidate_id,
        ip: context.ip,
        mailFrom: context.mailFrom,
        conflicts: 0,
        via: 'candidate_pick',
      },
      now,
    );
    await trx.updateTable('interview_slot_offers').set({ status: 'booked', interview_id: interviewId, closed_at: now }).where('id', '=', found.id).execute();
    await writeAudit(trx, {
      actorId: found.candidate_id,
      companyId: found.company_id,
      action: 'interview_time_picked',
      entityType: 'job_application',
      entityId: found.application_id,
      details: { offer_id: found.id, interview_id: interviewId, scheduled_at: start.toISOString() },
      ip: context.ip,
    });
    const notice = { candidate: found.candidate_name || found.candidate_email, title: found.job_title, time: formatIst(start) };
    await trx
      .insertInto('notifications')
      .values({ recipient_id: createdBy, type: 'toast', ...clipNotification({ title: fill(slotText.pickedNoticeTitle, notice), message: fill(slotText.pickedNoticeMessage, notice) }) })
      .execute();
    await publish(trx, { topic: `company:${found.company_id}`, type: 'notification', id: found.id });
  });
  return getSlotPickPage(db, token, now);
}
