import { z } from 'zod';
import { messages } from '../messages.ts';
import { notificationTypes, recipientGroups } from '../options.ts';

const text = messages.notificationsCenter;

/** The database's CHECKs on notifications and notification_batches (0002, 0008). */
export const NOTIFICATION_LIMITS = { title: 200, message: 2000 } as const;
/** The bell's page and the admin's history page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATION_BATCHES_PAGE_SIZE = 10;
/** Ids one mark-read or mark-delivered call may carry. */
export const MARK_IDS_MAX = 100;
/** Banners and toasts one visit shows at most (the rest wait in the bell). */
export const PENDING_MAX = 20;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const fill = (template: string, max: number) => template.replace('{max}', String(max));

const requiredText = (required: string, tooLong: string, max: number) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, fill(tooLong, max))
    .refine((value) => !CONTROL_CHARACTERS.test(value), text.invalidCharacters);

/** POST /api/admin/notifications; the Notifications tab validates with it too. Strict: nothing else is accepted. */
export const sendNotificationBodySchema = z.strictObject({
  title: requiredText(text.titleRequired, text.titleTooLong, NOTIFICATION_LIMITS.title),
  message: requiredText(text.messageRequired, text.messageTooLong, NOTIFICATION_LIMITS.message),
  recipient_group: z.enum(recipientGroups, text.invalidGroup),
  type: z.enum(notificationTypes, text.invalidType),
});
export type SendNotificationInput = z.input<typeof sendNotificationBodySchema>;
export type SendNotificationValues = z.output<typeof sendNotificationBodySchema>;

/** One sent notification as the admin's history lists it. */
export const notificationBatchSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(notificationTypes),
  recipient_group: z.enum(recipientGroups),
  recipients: z.number().int(),
  sender_name: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationBatch = z.infer<typeof notificationBatchSchema>;

export const notificationBatchesQuerySchema = z.strictObject({
  page: z.coerce.number(text.invalidPage).int(text.invalidPage).min(1, text.invalidPage).max(100_000, text.invalidPage).default(1),
});
export const notificationBatchesPageSchema = z.object({
  items: z.array(notificationBatchSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type NotificationBatchesPage = z.infer<typeof notificationBatchesPageSchema>;

/** One notification as its recipient sees it. */
export const notificationSchema = z.object({
  id: z.string(),
  /** The admin's send it came from (null for one written otherwise): ties a live event to the row. */
  batch_id: z.string().nullable(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the caller's, newest first, a page at a time (?cursor= from the last page). */
export const notificationsQuerySchema = z.strictObject({ cursor: z.string().max(200).optional() });
export const notificationsPageSchema = z.object({
  items: z.array(notificationSchema),
  unread_count: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/**
 * GET /api/notifications/unread: what this visit still has to show. Banners: unread (they stay
 * until dismissed or read in the bell). Toasts: unread and never shown (a toast pops up once).
 */
export const pendingNotificationsSchema = z.object({
  banners: z.array(notificationSchema),
  toasts: z.array(notificationSchema),
  unread_count: z.number().int(),
});
export type PendingNotifications = z.infer<typeof pendingNotificationsSchema>;

const ids = z.array(z.uuid(fill(text.invalidIds, MARK_IDS_MAX)), fill(text.invalidIds, MARK_IDS_MAX)).min(1, fill(text.invalidIds, MARK_IDS_MAX)).max(MARK_IDS_MAX, fill(text.invalidIds, MARK_IDS_MAX));

/** POST /api/notifications/read: these of mine ({ids}), or every unread one of mine ({all: true}). */
export const markReadBodySchema = z.union([z.strictObject({ ids }), z.strictObject({ all: z.literal(true) })], fill(text.invalidIds, MARK_IDS_MAX));
export type MarkReadInput = z.infer<typeof markReadBodySchema>;

/** POST /api/notifications/delivered: these toasts of mine have popped up. */
export const markDeliveredBodySchema = z.strictObject({ ids });
export type MarkDeliveredInput = z.infer<typeof markDeliveredBodySchema>;

export const markResultSchema = z.object({ updated: z.number().int(), unread_count: z.number().int() });
export type MarkResult = z.infer<typeof markResultSchema>;

/**
 * What the live channel carries for a send when it fits in a NOTIFY payload (8,000 bytes): the
 * send's own text, the same for every recipient, so an online client shows the toast or banner
 * at once instead of 500 clients asking the server in the same instant. It is display-only: the
 * rows (ids, read state) still come from GET /api/notifications/unread.
 */
export const LIVE_CONTENT_MAX_BYTES = 7000;
export const liveNotificationEventSchema = z.object({
  type: z.literal('notification'),
  id: z.string(),
  notification: z.object({ type: z.enum(notificationTypes), title: z.string(), message: z.string(), created_at: z.string() }),
});
export type LiveNotificationEvent = z.infer<typeof liveNotificationEventSchema>;
