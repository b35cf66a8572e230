import { sql, type Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { formatIstDate, istDate } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import { RETENTION_WARNING_HOURS, type RetentionRun } from '../../../shared/schemas/privacy.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { purgeLapsedInvitations } from '../candidate-invitations/answer-invitation.ts';
import type { DB } from '../../db/schema.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { scheduleErasureNow } from './erasure.ts';

const text = messages.privacy;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Rows handled per statement, so one run never holds a long transaction. */
const BATCH = 200;

export interface RetentionDeps {
  db: Kysely<DB>;
  publicUrl: string;
  now: () => Date;
  inactiveYears: number;
  unsubmittedDays: number;
}

/**
 * The day's retention run, on whichever instance claims the day (IST) first:
 *   1. candidates not seen for `inactiveYears` are emailed that they will be erased in 48 hours;
 *   2. those warned 48 hours ago who have not signed in since get an erasure due now;
 *   3. registrations never completed after `unsubmittedDays` get an erasure due now.
 *   4. invitations a company sent that lapsed unanswered are deleted (ADR 0030).
 * The erasures themselves run in the same pass of the privacy jobs (runDueErasures). Returns the
 * run, or null when another instance (or an earlier pass) has today's.
 */
export async function runRetention(deps: RetentionDeps): Promise<RetentionRun | null> {
  const { db } = deps;
  const now = deps.now();
  const claimed = await db
    .insertInto('retention_runs')
    .values({ run_date: istDate(now), started_at: now })
    .onConflict((oc) => oc.column('run_date').doNothing())
    .returning('run_date')
    .executeTakeFirst();
  if (!claimed) return null;

  const inactiveSince = new Date(now);
  inactiveSince.setUTCFullYear(inactiveSince.getUTCFullYear() - deps.inactiveYears);
  let warned = 0;
  let inactiveScheduled = 0;
  let unsubmittedScheduled = 0;

  // 1. The 48-hour warning.
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('candidate_profiles as c')
        .innerJoin('user_profiles as u', 'u.id', 'c.user_id')
        .select(['c.user_id', 'u.email', 'u.full_name'])
        .where('c.last_seen_at', '<', inactiveSince)
        .where('c.retention_warned_at', 'is', null)
        .where('c.registration_completed_at', 'is not', null)
        .where('u.suspended_at', 'is', null)
        .limit(BATCH)
        .forUpdate('c')
        .skipLocked()
        .execute();
      const erasedOn = formatIstDate(new Date(now.getTime() + RETENTION_WARNING_HOURS * HOUR_MS));
      for (const row of rows) {
        await trx.updateTable('candidate_profiles').set({ retention_warned_at: now }).where('user_id', '=', row.user_id).execute();
        await enqueueMessage(trx, {
          channel: 'email',
          to: row.email,
          subject: text.retentionWarningSubject,
          text: fill(text.retentionWarningText, { name: row.full_name || row.email, years: deps.inactiveYears, date: erasedOn, url: `${deps.publicUrl}/auth` }),
        });
      }
      return rows.length;
    });
    warned += batch;
    if (batch < BATCH) break;
  }

  // 2. Warned 48 hours ago and not back since: erased now.
  const warnedBefore = new Date(now.getTime() - RETENTION_WARNING_HOURS * HOUR_MS);
  const lapsed = await db
    .selectFrom('candidate_profiles as c')
    .innerJoin('user_profiles as u', 'u.id', 'c.user_id')
    .select('c.user_id')
    .where('c.retention_warned_at', '<=', warnedBefore)
    .where('c.last_seen_at', '<', sql<Date>`c.retention_warned_at`)
    .where('u.suspended_at', 'is', null)
    .execute();
  for (const row of lapsed) if (await scheduleErasureNow(db, row.user_id, text.retentionInactiveDetails, now)) inactiveScheduled += 1;

  // 3. Registrations never completed.
  const unsubmitted = await db
    .selectFrom('candidate_profiles as c')
    .innerJoin('user_profiles as u', 'u.id', 'c.user_id')
    .select('c.user_id')
    .where('c.registration_completed_at', 'is', null)
    .where('c.created_at', '<', new Date(now.getTime() - deps.unsubmittedDays * DAY_MS))
    // Erased and suspended accounts are out of the schedule (an erased person is never erased again).
    .where('u.suspended_at', 'is', null)
    .execute();
  for (const row of unsubmitted) if (await scheduleErasureNow(db, row.user_id, text.retentionUnsubmittedDetails, now)) unsubmittedScheduled += 1;

  // 4. People a company added who never answered: what it recorded is deleted (ADR 0030).
  const lapsedInvitations = await purgeLapsedInvitations(db, now);

  const finished = await db
    .updateTable('retention_runs')
    .set({ finished_at: deps.now(), warned, inactive_scheduled: inactiveScheduled, unsubmitted_scheduled: unsubmittedScheduled })
    .where('run_date', '=', claimed.run_date)
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeAudit(db, {
    actorId: null,
    companyId: null,
    action: 'privacy_retention_run',
    entityType: 'retention_run',
    entityId: null,
    details: { run_date: finished.run_date, warned, inactive_scheduled: inactiveScheduled, unsubmitted_scheduled: unsubmittedScheduled, lapsed_invitations: lapsedInvitations },
    ip: null,
  });
  return toRetentionRun(finished);
}

function toRetentionRun(row: { run_date: string; started_at: Date; finished_at: Date | null; warned: number; inactive_scheduled: number; unsubmitted_scheduled: number }): RetentionRun {
  return {
    run_date: row.run_date,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    warned: row.warned,
    inactive_scheduled: row.inactive_scheduled,
    unsubmitted_scheduled: row.unsubmitted_scheduled,
  };
}

/** The newest runs (the admin Privacy tab). */
export async function listRetentionRuns(db: Kysely<DB>): Promise<RetentionRun[]> {
  const rows = await db.selectFrom('retention_runs').selectAll().orderBy('run_date', 'desc').limit(30).execute();
  return rows.map(toRetentionRun);
}

/** Signing in: the person is active again, and any retention warning is void. */
export async function markSeen(db: Kysely<DB>, userId: string, now: Date): Promise<void> {
  await db.updateTable('candidate_profiles').set({ last_seen_at: now, retention_warned_at: null }).where('user_id', '=', userId).execute();
}
