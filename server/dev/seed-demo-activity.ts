import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { saveSearchBodySchema } from '../../shared/schemas/candidate-search.ts';
import { saveSearch } from '../features/candidate-search/saved-searches.ts';
import { sharedRecordForEmployer } from '../features/employment/records.ts';
import { shareRecord } from '../features/employment/shares.ts';
import { sendNotification } from '../features/notifications/send-notification.ts';
import { openSupportChat } from '../features/support-chat/open-support-chat.ts';
import { sendChatMessage } from '../features/support-chat/send-chat-message.ts';
import type { DemoCandidate } from './demo-cast.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { HiringResult, SeededCompany } from './seed-demo-hiring.ts';

type Candidates = Map<string, { id: string; spec: DemoCandidate }>;
const HOUR = 3_600_000;

/**
 * The rest of a real week: Kavya shares her verified employment history with Nimbus, which reads
 * it (her view log has the entry); saved searches; a support chat with messages each way; a
 * notification to everyone. Then the week is spread out (see spreadOverTheWeek).
 */
export async function seedActivity(
  context: SeedContext,
  { admin, companies, candidates, hiring }: { admin: { id: string; fullName: string }; companies: SeededCompany[]; candidates: Candidates; hiring: HiringResult },
) {
  const { db } = context;
  const [nimbus, saffron] = companies as [SeededCompany, SeededCompany];
  const id = (key: string) => candidates.get(key)?.id ?? '';

  await shareRecord(db, id('kavya'), nimbus.id, SEED_IP);
  await sharedRecordForEmployer(db, { userId: nimbus.team[0]?.id ?? '', companyId: nimbus.id }, id('kavya'));

  await saveSearch(db, { userId: nimbus.team[0]?.id ?? '', companyId: nimbus.id, ip: SEED_IP }, saveSearchBodySchema.parse({ name: 'Java backend, 5+ years', filters: { skills: ['Java'], experience_min: 5 } }));
  await saveSearch(db, { userId: saffron.team[0]?.id ?? '', companyId: saffron.id, ip: SEED_IP }, saveSearchBodySchema.parse({ name: 'ICU nurses, notice up to 30 days', filters: { skills: ['ICU care'], notice_max: 30 } }));

  const { chat } = await openSupportChat(db, id('arjun'));
  const say = (userId: string, isAdmin: boolean, message: string) => sendChatMessage(db, { userId, isAdmin, ip: SEED_IP }, chat.id, { message, client_message_id: randomUUID() });
  await say(id('arjun'), false, 'Hi, my UAN check has been in review for a day. Is anything missing from my side?');
  await say(admin.id, true, 'Hello Arjun, nothing is missing. No EPFO provider is connected yet, so our team checks UANs by hand. It will be done within two working days.');
  await say(id('arjun'), false, 'Thank you! Also, will Nimbus see my salary slip?');
  await say(admin.id, true, 'Employers see that the slip is verified and the fields it confirmed, never the file itself unless you applied to them.');

  await sendNotification(
    db,
    { userId: admin.id, fullName: admin.fullName, ip: SEED_IP },
    { title: 'Scheduled maintenance', message: 'WorkCred will be unavailable on Sunday from 2:00 to 3:00 AM IST for an upgrade.', recipient_group: 'all', type: 'banner' },
  );

  const demoUsers = [admin.id, ...companies.flatMap((company) => company.team.map((member) => member.id)), ...[...candidates.values()].map((person) => person.id)];
  await spreadOverTheWeek(context, { applicationIds: hiring.applications, jobIds: [...hiring.jobs.values()].flat(), demoUsers });
  // The stories' times were moved back after the fact: Analytics' rollups are rebuilt from the moved history.
  for (const company of companies) await sql`SELECT workcred_rebuild_hiring_analytics(${company.id}::uuid)`.execute(db);
}

/**
 * Everything above happened within a second; a real week did not. Each application's history is
 * moved back (application, its stage events and their audit rows, keeping their order) so the
 * pipeline, Recent Activity and the candidates' timelines read like the last seven days. Only
 * timestamps change: no row is written by hand.
 */
async function spreadOverTheWeek({ db }: SeedContext, { applicationIds, jobIds, demoUsers }: { applicationIds: string[]; jobIds: string[]; demoUsers: string[] }) {
  const now = Date.now();
  for (const [index, applicationId] of applicationIds.entries()) {
    const appliedAt = now - (160 - index * 9) * HOUR;
    const events = await db.selectFrom('application_stage_events').select(['id']).where('application_id', '=', applicationId).orderBy('created_at').orderBy('id').execute();
    const audits = await db.selectFrom('admin_audit_logs').select(['id']).where('entity_id', '=', applicationId).orderBy('created_at').orderBy('id').execute();
    const step = (now - 2 * HOUR - appliedAt) / Math.max(1, events.length);
    const timeOf = (position: number) => new Date(appliedAt + position * step);
    for (const [position, event] of events.entries()) await db.updateTable('application_stage_events').set({ created_at: timeOf(position) }).where('id', '=', event.id).execute();
    for (const [position, audit] of audits.entries()) await db.updateTable('admin_audit_logs').set({ created_at: timeOf(Math.min(position, events.length - 1)) }).where('id', '=', audit.id).execute();
    await db
      .updateTable('job_applications')
      .set({ created_at: new Date(appliedAt), stage_changed_at: timeOf(Math.max(0, events.length - 1)) })
      .where('id', '=', applicationId)
      .execute();
  }
  // The rest of the trail (drives, interviews, scorecards, shares, searches) spread the same way, in order.
  const others = await db
    .selectFrom('admin_audit_logs')
    .select('id')
    .where('created_at', '>', new Date(now - HOUR))
    .where('admin_id', 'in', demoUsers)
    .where((eb) => eb.or([eb('entity_id', 'is', null), eb('entity_id', 'not in', applicationIds)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const [position, audit] of others.entries()) {
    await db.updateTable('admin_audit_logs').set({ created_at: new Date(now - 150 * HOUR + ((position + 1) * 148 * HOUR) / (others.length + 1)) }).where('id', '=', audit.id).execute();
  }
  // Jobs were posted before anyone applied to them.
  await db.updateTable('job_postings').set({ created_at: sql<Date>`now() - interval '8 days'` }).where('id', 'in', jobIds).execute();
}
