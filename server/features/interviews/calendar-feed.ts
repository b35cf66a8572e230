import { createEvents, type EventAttributes } from 'ics';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { CalendarFeed } from '../../../shared/schemas/interview-calendar-feed.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from './interview-scope.ts';
import { hashSecretToken as hashToken, newSecretToken } from './secret-token.ts';

const text = messages.interviews;
const DAY = 24 * 60 * 60 * 1000;
/** How far back the feed reaches: calendars keep what they already fetched. */
const PAST_DAYS = 90;
const MAX_EVENTS = 500;

const feedUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`;

/** Whether the member has a feed on (its address cannot be shown again: only its hash is kept). */
export async function getCalendarFeed(db: Kysely<DB>, userId: string): Promise<CalendarFeed> {
  const row = await db.selectFrom('interview_calendar_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst();
  return { active: Boolean(row), created_at: row ? new Date(row.created_at).toISOString() : null, url: null };
}

/** Makes the member's feed address (256 random bits), replacing any earlier one, which stops working. */
export async function createCalendarFeed(db: Kysely<DB>, actor: Actor, publicUrl: string, now: Date): Promise<CalendarFeed> {
  const token = newSecretToken();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('interview_calendar_feeds')
      .values({ user_id: actor.userId, token_hash: hashToken(token), created_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: hashToken(token), created_at: now }))
      .execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'interview_calendar_feed_created', entityType: 'user', entityId: actor.userId, ip: actor.ip });
  });
  return { active: true, created_at: now.toISOString(), url: feedUrl(publicUrl, token) };
}

/** Turns the feed off: its address answers 404 from now on. */
export async function revokeCalendarFeed(db: Kysely<DB>, actor: Actor): Promise<CalendarFeed> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('interview_calendar_feeds').where('user_id', '=', actor.userId).executeTakeFirst();
    if (removed.numDeletedRows > 0n) {
      await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'interview_calendar_feed_revoked', entityType: 'user', entityId: actor.userId, ip: actor.ip });
    }
  });
  return { active: false, created_at: null, url: null };
}

/**
 * The feed's calendar (RFC 5545, built with the `ics` package, which escapes text and folds long
 * lines): one VEVENT per interview the owner of the token is on, in their current company, from
 * 90 days back. DTSTART is UTC; the UID is the interview's, stable across fetches, and distinct
 * from the emailed invite's so calendars do not merge the two copies; SEQUENCE follows the
 * invite's. A cancelled interview stays, STATUS:CANCELLED. 404 for an unknown token, and for a
 * member who has left the company or been suspended.
 */
export async function calendarFeedIcs(db: Kysely<DB>, token: string, now: Date): Promise<string> {
  const owner = await db
    .selectFrom('interview_calendar_feeds as f')
    .innerJoin('user_profiles as up', 'up.id', 'f.user_id')
    .where('f.token_hash', '=', hashToken(token))
    .where('up.role', '=', 'employer')
    .where('up.suspended_at', 'is', null)
    .select(['up.id', 'up.company_id'])
    .executeTakeFirst();
  if (!owner?.company_id) throw notFound(text.feedNotFound);

  const rows = await db
    .selectFrom('interviews as i')
    .innerJoin('interview_interviewers as ii', 'ii.interview_id', 'i.id')
    .innerJoin('job_applications as ja', 'ja.id', 'i.application_id')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('user_profiles as cand', 'cand.id', 'ja.candidate_id')
    .where('ii.user_id', '=', owner.id)
    .where('i.company_id', '=', owner.company_id)
    .where('i.scheduled_at', '>=', new Date(now.getTime() - PAST_DAYS * DAY))
    .select(['i.id', 'i.scheduled_at', 'i.duration_minutes', 'i.mode', 'i.location', 'i.status', 'i.sequence', 'cand.full_name as candidate_name', 'jp.title as job_title'])
    .orderBy('i.scheduled_at')
    .limit(MAX_EVENTS)
    .execute();

  const how = { video: text.howVideo, phone: text.howPhone, in_person: text.howInPerson } as const;
  const events: EventAttributes[] = rows.map((row) => ({
    uid: `${row.id}.feed@workcred`,
    sequence: row.sequence,
    start: new Date(row.scheduled_at as Date).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: row.duration_minutes },
    title: text.interviewerInviteSubject.replace('{candidate}', row.candidate_name).replace('{job}', row.job_title),
    location: row.location ?? '',
    description: how[row.mode].replace('{location}', row.location ?? ''),
    status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  }));
  const { error, value } = createEvents(events, { productId: 'workcred/interviews', method: 'PUBLISH', calName: text.feedCalendarName });
  if (error || !value) throw error ?? new Error('ics produced no calendar');
  return value;
}
