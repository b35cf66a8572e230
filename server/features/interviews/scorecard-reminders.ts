import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { scorecardsMessages as text } from '../../../shared/messages/scorecards.ts';
import { formatIst } from '../../../shared/schemas/interviews.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { Drainer } from '../../messaging/drain-loop.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { clipNotification } from '../notifications/clip-notification.ts';

const HOUR_MS = 60 * 60 * 1000;
/** How long after the interview's start a missing scorecard is reminded. */
export const SCORECARD_REMINDER_AFTER_MS = 24 * HOUR_MS;
/** Interviews further back than this are left alone (an instance down for a week, or rows older than reminders). */
export const SCORECARD_REMINDER_WINDOW_MS = 7 * 24 * HOUR_MS;
/** How often an instance looks for due reminders: at most this late. */
export const SCORECARD_REMINDERS_POLL_MS = 10 * 60_000;
/** Reminders per transaction, so one pass never holds a long one. */
const BATCH = 100;

export interface ScorecardReminderDeps {
  db: Kysely<DB>;
  publicUrl: string;
  now: () => Date;
  onMessageQueued: () => void;
  log: { error: (details: { err: unknown }, message: string) => void };
}

/**
 * Issue 36 §4: each interviewer with no scorecard a day after the interview's start gets an email
 * (through the outbox) and an in-app notice, once. Due rows are claimed FOR UPDATE SKIP LOCKED, so
 * two instances work on different ones; the reminder row (primary key: interview, interviewer) is
 * written in the transaction that queues both, so even a race past the lock sends nothing twice.
 * Cancelled and no-show interviews, suspended interviewers and those who left the company are
 * skipped. Returns how many were sent.
 */
export async function sendDueScorecardReminders(deps: Omit<ScorecardReminderDeps, 'onMessageQueued' | 'log'>): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const dueBy = new Date(now.getTime() - SCORECARD_REMINDER_AFTER_MS);
  const since = new Date(dueBy.getTime() - SCORECARD_REMINDER_WINDOW_MS);
  let sent = 0;
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('interview_interviewers as ii')
        .innerJoin('interviews as i', 'i.id', 'ii.interview_id')
        .innerJoin('user_profiles as up', 'up.id', 'ii.user_id')
        .innerJoin('job_applications as ja', 'ja.id', 'i.application_id')
        .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
        .innerJoin('user_profiles as cand', 'cand.id', 'ja.candidate_id')
        .where('i.status', 'in', ['scheduled', 'completed'])
        .where('i.scheduled_at', '<=', dueBy)
        .where('i.scheduled_at', '>', since)
        .where('up.suspended_at', 'is', null)
        .whereRef('up.company_id', '=', 'i.company_id')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('interview_scorecards as s').select('s.id').whereRef('s.interview_id', '=', 'ii.interview_id').whereRef('s.interviewer_id', '=', 'ii.user_id'))))
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('interview_scorecard_reminders as r').select('r.interview_id').whereRef('r.interview_id', '=', 'ii.interview_id').whereRef('r.interviewer_id', '=', 'ii.user_id'))),
        )
        .select(['ii.interview_id', 'ii.user_id', 'i.company_id', 'i.scheduled_at', 'up.email', 'up.full_name', 'jp.title as job_title', 'cand.full_name as candidate_name'])
        .orderBy('i.scheduled_at')
        .orderBy('ii.interview_id')
        .limit(BATCH)
        .forUpdate('ii')
        .skipLocked()
        .execute();
      let inserted = 0;
      for (const row of due) {
        const reminder = await trx
          .insertInto('interview_scorecard_reminders')
          .values({ interview_id: row.interview_id, interviewer_id: row.user_id, sent_at: now })
          .onConflict((oc) => oc.columns(['interview_id', 'interviewer_id']).doNothing())
          .returning('interview_id')
          .executeTakeFirst();
        if (!reminder) continue;
        inserted += 1;
        const values = {
          interviewer: row.full_name || row.email,
          candidate: row.candidate_name || '—',
          job: row.job_title,
          time: formatIst(row.scheduled_at as Date),
          url: `${deps.publicUrl}/dashboard/interviews`,
        };
        await enqueueMessage(trx, { channel: 'email', to: row.email, subject: fill(text.reminderSubject, values), text: fill(text.reminderText, values) });
        await trx
          .insertInto('notifications')
          .values({ recipient_id: row.user_id, type: 'toast', ...clipNotification({ title: fill(text.reminderNoticeTitle, values), message: fill(text.reminderNoticeMessage, values) }) })
          .execute();
        await writeAudit(trx, {
          actorId: null,
          companyId: row.company_id,
          action: 'interview_scorecard_reminder_sent',
          entityType: 'interview',
          entityId: row.interview_id,
          details: { interviewer_id: row.user_id },
          ip: null,
        });
        await publish(trx, { topic: `user:${row.user_id}`, type: 'notification', id: row.interview_id });
      }
      return { seen: due.length, inserted };
    });
    sent += claimed.inserted;
    if (claimed.seen < BATCH) return sent;
  }
}

/** The reminders in the background, on any instance: polled, since nothing happens at the moment they fall due. */
export class ScorecardReminders extends Drainer {
  constructor(private readonly deps: ScorecardReminderDeps) {
    super(deps.log, 'scorecard reminders failed');
  }

  protected async drain(): Promise<void> {
    await this.runOnce();
  }

  /** One pass now; tests and the seed call it. Returns how many reminders were sent. */
  async runOnce(): Promise<number> {
    const sent = await sendDueScorecardReminders(this.deps);
    if (sent > 0) this.deps.onMessageQueued();
    return sent;
  }

  override start(intervalMs = SCORECARD_REMINDERS_POLL_MS): void {
    super.start(intervalMs);
  }
}
