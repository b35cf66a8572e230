import { sql, type Kysely } from 'kysely';
import { fill } from '../../../../shared/fill.ts';
import { messages } from '../../../../shared/messages.ts';
import { writeAudit } from '../../../audit/write-audit.ts';
import type { DB } from '../../../db/schema.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { enqueueMessage } from '../../../messaging/outbox.ts';
import { publish } from '../../../realtime/events.ts';

const text = messages.epfo;
const DAY_MS = 86_400_000;
/** A share this old may be refreshed at the employer's request (issue 34 §3). */
export const REFRESH_AFTER_DAYS = 90;
/** One request per company and candidate in this many days: a reminder, not a stream. */
const ASK_AGAIN_AFTER_DAYS = 7;

export interface RefreshRequestActor {
  userId: string;
  companyId: string;
  ip: string | null;
  publicUrl: string;
}

/**
 * POST /api/employment-records/shared/:candidateId/epfo-refresh: a company holding the candidate's
 * shared record for 90 days or more asks them to refresh their EPFO confirmation. The candidate is
 * notified and emailed; the refresh itself is theirs to give, with a new consent. Without an active
 * share: 404, as the shared record answers, so nothing is confirmed about the person.
 */
export async function requestEpfoRefresh(db: Kysely<DB>, actor: RefreshRequestActor, candidateId: string, now: Date): Promise<{ requested_at: string }> {
  return db.transaction().execute(async (trx) => {
    const share = await trx
      .selectFrom('record_shares as s')
      .innerJoin('user_profiles as u', 'u.id', 's.candidate_id')
      .innerJoin('companies as c', 'c.id', 's.company_id')
      .select(['s.granted_at', 'u.full_name', 'u.email', 'c.name as company_name'])
      .where('s.candidate_id', '=', candidateId)
      .where('s.company_id', '=', actor.companyId)
      .where('s.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!share) throw notFound(messages.employment.recordNotShared);
    const days = Math.floor((now.getTime() - new Date(share.granted_at).getTime()) / DAY_MS);
    if (days < REFRESH_AFTER_DAYS) throw conflict(fill(text.refreshTooSoon, { days }), 'TOO_SOON');
    const recent = await trx
      .selectFrom('admin_audit_logs')
      .select('id')
      .where('action', '=', 'epfo_refresh_requested')
      .where('entity_id', '=', candidateId)
      .where('company_id', '=', actor.companyId)
      // The audit row's own clock (the database's), so the bound holds whatever the app's clock says.
      .where('created_at', '>', sql<Date>`now() - make_interval(days => ${ASK_AGAIN_AFTER_DAYS})`)
      .executeTakeFirst();
    if (recent) throw conflict(text.refreshAskedRecently, 'ASKED_RECENTLY');

    const values = { name: share.full_name, company: share.company_name, days, url: `${actor.publicUrl}/dashboard` };
    await trx.insertInto('notifications').values({ recipient_id: candidateId, type: 'toast', title: text.refreshNoticeTitle, message: fill(text.refreshNoticeMessage, values) }).execute();
    await enqueueMessage(trx, { channel: 'email', to: share.email, subject: fill(text.refreshEmailSubject, values), text: fill(text.refreshEmailText, values) });
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'epfo_refresh_requested', entityType: 'candidate', entityId: candidateId, details: { share_days: days }, ip: actor.ip });
    await publish(trx, { topic: `user:${candidateId}`, type: 'notification', id: candidateId });
    return { requested_at: now.toISOString() };
  });
}
