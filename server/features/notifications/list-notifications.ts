import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { NOTIFICATIONS_PAGE_SIZE, PENDING_MAX, type Notification, type NotificationsPage, type PendingNotifications } from '../../../shared/schemas/notifications.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { decodeNotificationCursor, encodeNotificationCursor } from './notification-cursor.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

function toNotification(row: { id: string; batch_id: string | null; type: 'toast' | 'banner'; title: string; message: string; read_at: Date | null; created_at: Date }): Notification {
  return { id: row.id, batch_id: row.batch_id, type: row.type, title: row.title, message: row.message, read_at: row.read_at === null ? null : iso(row.read_at), created_at: iso(row.created_at) };
}

/** How many of the recipient's notifications are unread (the bell's count); uses notifications_unread_idx. */
export async function countUnread(db: Kysely<DB>, recipientId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The recipient's own notifications, newest first, NOTIFICATIONS_PAGE_SIZE at a time. Scoped by recipient here, nowhere else. */
export async function listNotifications(db: Kysely<DB>, recipientId: string, cursorValue: string | undefined): Promise<NotificationsPage> {
  const cursor = cursorValue === undefined ? null : decodeNotificationCursor(cursorValue);
  if (cursorValue !== undefined && cursor === null) throw badRequest(messages.notificationsCenter.invalidCursor);
  const [rows, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'batch_id', 'type', 'title', 'message', 'read_at', 'created_at'])
      .select(sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_created_at'))
      .where('recipient_id', '=', recipientId)
      .$if(cursor !== null, (qb) => qb.where(sql<boolean>`(created_at, id) < (${cursor!.createdAt}::timestamptz, ${cursor!.id}::uuid)`))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTIFICATIONS_PAGE_SIZE + 1)
      .execute(),
    countUnread(db, recipientId),
  ]);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toNotification),
    unread_count: unread,
    next_cursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeNotificationCursor({ createdAt: last.cursor_created_at, id: last.id }) : null,
  };
}

/**
 * What a visit still has to show, oldest first: unread banners (they stay until dismissed or read
 * in the bell) and unread toasts that never popped up (a toast pops up once: online when it is
 * sent, or at the next visit); the newest PENDING_MAX of each at most. One query for the rows and
 * one for the count, both on notifications_unread_idx: every online recipient of a send asks this.
 */
export async function listPendingNotifications(db: Kysely<DB>, recipientId: string): Promise<PendingNotifications> {
  const [rows, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'batch_id', 'type', 'title', 'message', 'read_at', 'created_at'])
      .where('recipient_id', '=', recipientId)
      .where('read_at', 'is', null)
      .where((eb) => eb.or([eb('type', '=', 'banner'), eb('delivered_at', 'is', null)]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PENDING_MAX * 2)
      .execute(),
    countUnread(db, recipientId),
  ]);
  const oldestFirst = rows.reverse().map(toNotification);
  return {
    banners: oldestFirst.filter((n) => n.type === 'banner').slice(-PENDING_MAX),
    toasts: oldestFirst.filter((n) => n.type === 'toast').slice(-PENDING_MAX),
    unread_count: unread,
  };
}
