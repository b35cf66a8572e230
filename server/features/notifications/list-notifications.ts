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
 * sent, or at the next visit); the newest PENDING_MAX of each at most. Every online recipient of a
 * send asks this.
 */
export async function listPendingNotifications(db: Kysely<DB>, recipientId: string): Promise<PendingNotifications> {
  return (await listPendingNotificationsFor(db, [recipientId])).get(recipientId)!;
}

/**
 * The same for many recipients in two statements (the rows, newest PENDING_MAX * 2 of each by a
 * LATERAL join, and the counts), both on notifications_unread_idx: the live channel greets every
 * socket that connects with its pending notifications, and thousands reconnecting at once after a
 * restart are answered a batch at a time (server/features/notifications/pending-batcher.ts).
 */
export async function listPendingNotificationsFor(db: Kysely<DB>, recipientIds: string[]): Promise<Map<string, PendingNotifications>> {
  const ids = [...new Set(recipientIds)];
  const answers = new Map<string, PendingNotifications>(ids.map((id) => [id, { banners: [], toasts: [], unread_count: 0 }]));
  if (ids.length === 0) return answers;
  const [rows, counts] = await Promise.all([
    sql<{ recipient: string; id: string; batch_id: string | null; type: 'toast' | 'banner'; title: string; message: string; read_at: Date | null; created_at: Date }>`
      SELECT r.id AS recipient, n.id, n.batch_id, n.type, n.title, n.message, n.read_at, n.created_at
      FROM unnest(${ids}::text[]) AS r(id)
      CROSS JOIN LATERAL (
        SELECT id, batch_id, type, title, message, read_at, created_at FROM notifications
        WHERE recipient_id = r.id AND read_at IS NULL AND (type = 'banner' OR delivered_at IS NULL)
        ORDER BY created_at DESC, id DESC
        LIMIT ${PENDING_MAX * 2}
      ) AS n`.execute(db),
    db
      .selectFrom('notifications')
      .select(['recipient_id'])
      .select(sql<number>`count(*)::int`.as('n'))
      .where('recipient_id', 'in', ids)
      .where('read_at', 'is', null)
      .groupBy('recipient_id')
      .execute(),
  ]);
  for (const row of counts) answers.get(row.recipient_id)!.unread_count = row.n;
  // Newest first from the database: each list keeps its newest PENDING_MAX, put oldest first.
  for (const row of rows.rows) {
    const answer = answers.get(row.recipient)!;
    const list = row.type === 'banner' ? answer.banners : answer.toasts;
    if (list.length < PENDING_MAX) list.unshift(toNotification(row));
  }
  return answers;
}
