import { sql, type Kysely } from 'kysely';
import { NOTIFICATION_BATCHES_PAGE_SIZE, type NotificationBatchesPage } from '../../../shared/schemas/notifications.ts';
import type { DB } from '../../db/schema.ts';

/** The admin's history of sends, newest first, a numbered page at a time (batches are few: one per send). */
export async function listNotificationBatches(db: Kysely<DB>, page: number): Promise<NotificationBatchesPage> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('notification_batches as b')
      .leftJoin('user_profiles as p', 'p.id', 'b.sender_id')
      .select(['b.id', 'b.title', 'b.message', 'b.type', 'b.recipient_group', 'b.recipients', 'b.created_at', 'p.full_name as sender_name'])
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(NOTIFICATION_BATCHES_PAGE_SIZE)
      .offset((page - 1) * NOTIFICATION_BATCHES_PAGE_SIZE)
      .execute(),
    db.selectFrom('notification_batches').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ ...row, sender_name: row.sender_name ?? null, created_at: new Date(row.created_at).toISOString() })),
    page,
    page_size: NOTIFICATION_BATCHES_PAGE_SIZE,
    total: total.n,
  };
}
