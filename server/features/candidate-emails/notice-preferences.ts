import type { Kysely } from 'kysely';
import type { ApplicationNoticePreference } from '../../../shared/schemas/candidate-emails.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import type { CompanyActor } from './email-templates.ts';

/** A member's choice: a notification for each new application (no row) or a daily digest. */
export async function getNoticePreference(db: Kysely<DB>, userId: string): Promise<ApplicationNoticePreference> {
  const row = await db.selectFrom('application_notice_preferences').select('mode').where('user_id', '=', userId).executeTakeFirst();
  return { mode: row?.mode ?? 'instant' };
}

/**
 * Saves the choice. Choosing the digest starts its window now: what came before was notified at
 * once, so the first digest covers only what the member has not heard of.
 */
export async function saveNoticePreference(db: Kysely<DB>, actor: CompanyActor, input: ApplicationNoticePreference, now: Date): Promise<ApplicationNoticePreference> {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('application_notice_preferences').select('mode').where('user_id', '=', actor.userId).forUpdate().executeTakeFirst();
    if ((current?.mode ?? 'instant') === input.mode) return;
    await trx
      .insertInto('application_notice_preferences')
      .values({ user_id: actor.userId, mode: input.mode, digest_from: now, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ mode: input.mode, digest_from: now, updated_at: now }))
      .execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'application_notices_changed', entityType: 'user', entityId: actor.userId, details: { mode: input.mode }, ip: actor.ip });
  });
  return getNoticePreference(db, actor.userId);
}
