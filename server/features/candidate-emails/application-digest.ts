import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { fill } from '../../../shared/fill.ts';
import { NOTIFIED_TEAM_ROLES } from '../../../shared/job-details.ts';
import { candidateEmailsMessages as text } from '../../../shared/messages/candidate-emails.ts';
import type { DB } from '../../db/schema.ts';
import { DrainLoop } from '../../messaging/drain-loop.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { NOTIFIED_ROLES } from '../job-applications/application-notices.ts';

/** The digest goes out from this hour of the day in India (IST, UTC+5:30, no daylight saving). */
export const DIGEST_HOUR_IST = 9;
/** How often an instance looks for digests due (each is claimed once, whichever instance is first). */
export const DIGEST_POLL_MS = 5 * 60_000;
const IST_OFFSET_MS = 330 * 60_000;
const LISTED = 20;

/** The date (YYYY-MM-DD) and hour in India at this instant. */
export function indiaClock(now: Date): { date: string; hour: number } {
  const local = new Date(now.getTime() + IST_OFFSET_MS);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

interface DigestDeps {
  db: Kysely<DB>;
  publicUrl: string;
  now: () => Date;
}

/**
 * Sends the day's digests that are due: from 9 am IST, each member who chose the daily digest and
 * has not had today's gets one email (and one notification) listing the new applications since the
 * last, when there are any. Each member is claimed in a transaction of its own with FOR UPDATE
 * SKIP LOCKED and marked sent for the day in it, so two instances never send one twice and a crash
 * before commit sends it again later. Returns how many members were handled.
 */
export async function sendDueDigests(deps: DigestDeps): Promise<number> {
  const now = deps.now();
  const today = indiaClock(now);
  if (today.hour < DIGEST_HOUR_IST) return 0;
  let handled = 0;
  for (;;) {
    const done = await deps.db.transaction().execute((trx) => digestOne(trx, deps.publicUrl, now, today.date));
    if (!done) return handled;
    handled += 1;
  }
}

async function digestOne(trx: Transaction<DB>, publicUrl: string, now: Date, today: string): Promise<boolean> {
  const member = await trx
    .selectFrom('application_notice_preferences as p')
    .innerJoin('user_profiles as up', 'up.id', 'p.user_id')
    .innerJoin('companies as c', 'c.id', 'up.company_id')
    .select(['p.user_id', 'p.digest_from', 'up.email', 'up.full_name', 'up.company_id', 'c.name as company_name'])
    .where('p.mode', '=', 'daily')
    .where((eb) => eb.or([eb('p.digest_sent_on', 'is', null), eb('p.digest_sent_on', '<', sql<string>`${today}::date`)]))
    .where('up.company_role', 'in', NOTIFIED_ROLES)
    .where('up.suspended_at', 'is', null)
    .orderBy('p.user_id')
    .limit(1)
    .forUpdate('p')
    .skipLocked()
    .executeTakeFirst();
  if (!member || !member.company_id) return false;

  // The same rule as the instant notice: a job whose team names recruiters or hiring managers tells only them.
  const onTeam = (jobId: 'jp.id') =>
    sql<boolean>`(NOT EXISTS (SELECT 1 FROM job_hiring_team t WHERE t.job_id = ${sql.ref(jobId)} AND t.team_role IN (${sql.join([...NOTIFIED_TEAM_ROLES])}))
      OR EXISTS (SELECT 1 FROM job_hiring_team t WHERE t.job_id = ${sql.ref(jobId)} AND t.team_role IN (${sql.join([...NOTIFIED_TEAM_ROLES])}) AND t.user_id = ${member.user_id}))`;
  const applications = await trx
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('user_profiles as cand', 'cand.id', 'ja.candidate_id')
    .select(['cand.full_name', 'cand.email', 'jp.title'])
    .select(sql<number>`count(*) OVER ()`.as('total'))
    .where('jp.company_id', '=', member.company_id)
    .where('jp.is_deleted', '=', false)
    .where('ja.created_at', '>', member.digest_from)
    .where('ja.created_at', '<=', now)
    .where(onTeam('jp.id'))
    .orderBy('ja.created_at')
    .limit(LISTED)
    .execute();

  const total = Number(applications[0]?.total ?? 0);
  if (total > 0) {
    const mail = text.digestEmail;
    const lines = applications.map((row) => fill(mail.line, { candidate: row.full_name || row.email, title: row.title }));
    if (total > LISTED) lines.push(fill(mail.more, { count: total - LISTED }));
    await enqueueMessage(trx, {
      channel: 'email',
      to: member.email,
      subject: total === 1 ? mail.subjectOne : fill(mail.subject, { count: total }),
      text: [fill(mail.greeting, { name: member.full_name || member.email }), '', fill(mail.lead, { company: member.company_name }), '', ...lines, '', fill(mail.footer, { url: `${publicUrl}/dashboard/jobs` })].join('\n'),
    });
    await trx
      .insertInto('notifications')
      .values({ recipient_id: member.user_id, type: 'toast', title: fill(text.digestNotice.title, { count: total }), message: text.digestNotice.message })
      .execute();
    await publish(trx, { topic: `user:${member.user_id}`, type: 'notification', id: member.user_id });
  }
  await trx.updateTable('application_notice_preferences').set({ digest_sent_on: today, digest_from: now }).where('user_id', '=', member.user_id).execute();
  return true;
}

/** The digest in the background on every instance: polled, and stopped with the app. */
export class ApplicationDigests {
  private readonly loop: DrainLoop;
  constructor(private readonly deps: DigestDeps & { log: FastifyBaseLogger; onMessageQueued: () => void }) {
    this.loop = new DrainLoop(
      async () => {
        if ((await sendDueDigests(this.deps)) > 0) this.deps.onMessageQueued();
      },
      (error) => deps.log.error({ err: error }, 'application digests failed'),
    );
  }
  /** One pass now; tests call it after moving the clock. */
  async runOnce(): Promise<number> {
    const handled = await sendDueDigests(this.deps);
    if (handled > 0) this.deps.onMessageQueued();
    return handled;
  }
  start(intervalMs = DIGEST_POLL_MS): void {
    this.loop.start(intervalMs);
  }
  async stop(): Promise<void> {
    await this.loop.stop();
  }
}
