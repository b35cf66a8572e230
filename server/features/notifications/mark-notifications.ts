import type { Kysely } from 'kysely';
import type { MarkDeliveredInput, MarkReadInput, MarkResult } from '../../../shared/schemas/notifications.ts';
import type { DB } from '../../db/schema.ts';
import { publish } from '../../realtime/events.ts';
import { countUnread } from './list-notifications.ts';

/**
 * Marks the caller's own notifications read: the ids given, or all unread ones. Every statement is
 * scoped by recipient_id, so another person's id changes nothing and says nothing (it is simply
 * not counted). The caller's other tabs hear about it and drop the banners and the count.
 */
export async function markNotificationsRead(db: Kysely<DB>, recipientId: string, input: MarkReadInput): Promise<MarkResult> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .$if('ids' in input, (qb) => qb.where('id', 'in', 'ids' in input ? input.ids : []))
    .executeTakeFirst();
  const updated = Number(result.numUpdatedRows);
  if (updated > 0) await publish(db, { topic: `user:${recipientId}`, type: 'notification_read' });
  return { updated, unread_count: await countUnread(db, recipientId) };
}

/** Records that these toasts of the caller's have popped up, so no later visit pops them up again. */
export async function markNotificationsDelivered(db: Kysely<DB>, recipientId: string, input: MarkDeliveredInput): Promise<MarkResult> {
  const result = await db
    .updateTable('notifications')
    .set({ delivered_at: new Date() })
    .where('recipient_id', '=', recipientId)
    .where('id', 'in', input.ids)
    .where('delivered_at', 'is', null)
    .executeTakeFirst();
  return { updated: Number(result.numUpdatedRows), unread_count: await countUnread(db, recipientId) };
}
