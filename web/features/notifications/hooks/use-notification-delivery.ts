import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast.ts';
import { liveNotificationEventSchema, pendingNotificationsSchema, type Notification, type PendingNotifications } from '@shared/schemas/notifications.ts';
import { useLiveEvents } from '@web/lib/live/use-live-events.ts';
import type { LiveMessage } from '@web/lib/live/live-connection.ts';
import { pendingNotificationsQueryKey, usePendingNotifications } from '../api/get-pending-notifications.ts';
import { markNotificationsDelivered } from '../api/mark-notifications-delivered.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { notificationsQueryKey, useNotificationsOwner } from '../api/notification-keys.ts';

/** The toaster of admins' notifications (see NotificationCenter). */
export const NOTIFICATION_TOASTER_ID = 'notifications';
/** How long a notification toast stays (people read a title and a message, not a word). */
const TOAST_MS = 10_000;
/**
 * After a live event that carried the text, each client fetches its rows within this window at a
 * random moment: nobody waits for it (the toast or banner is already showing, the count is up),
 * and a send to everyone online does not become that many requests in the same millisecond
 * (bench/notification-latency.ts: 500 clients at once queue for seconds on PGlite).
 */
const RECONCILE_SPREAD_MS = 4000;
/** A banner shown from a live event before its row has arrived. */
const LIVE_PREFIX = 'live-';

function showToast(key: string, title: string, message: string) {
  toast.info(title, { id: key, toasterId: NOTIFICATION_TOASTER_ID, description: message, duration: TOAST_MS });
}

/**
 * Notifications reach people (issue 6, point 3). A live event carrying the send's text shows it
 * at once (a toast, or a banner added to the pending list); the rows are fetched soon after, and
 * on every (re)connection, which is also how someone who was offline gets them at their next
 * visit. A toast pops up once: its row is then marked delivered. A banner stays until it is
 * dismissed, which reads it. Returns the banners to show and how to dismiss one.
 */
export function useNotificationDelivery() {
  const queryClient = useQueryClient();
  const pendingKey = pendingNotificationsQueryKey(useNotificationsOwner());
  const pending = usePendingNotifications();
  const markRead = useMarkNotificationsRead();
  const { mutate: markReadNow } = markRead;
  // Toasts already shown in this tab (by row, and by send for those shown from a live event).
  const shownRows = useRef(new Set<string>());
  const toastedSends = useRef(new Set<string>());
  // Banners dismissed from their live event, before their row (and its id) had arrived.
  const [dismissedSends, setDismissedSends] = useState<ReadonlySet<string>>(new Set());
  const markedRows = useRef(new Set<string>());

  const onEvent = useCallback(
    (event: LiveMessage) => {
      const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      if (event.type === 'ready' && 'reconnected' in event && event.reconnected && 'pending' in event) {
        // A connection back after dropping (a restart drops every page's at once): the server
        // greeted it with the pending notifications, so the page does not fetch them (issue 14,
        // item 7). A page's first connection fetches as it loads. The bell's list still catches up.
        const pending = pendingNotificationsSchema.safeParse(event.pending);
        if (!pending.success) return refetch();
        void queryClient.cancelQueries({ queryKey: pendingKey });
        queryClient.setQueryData<PendingNotifications>(pendingKey, pending.data);
        return void queryClient.invalidateQueries({ queryKey: notificationsQueryKey, predicate: (query) => query.queryKey.at(-1) !== 'pending' });
      }
      if (event.type === 'ready' || event.type === 'notification_read') return refetch();
      if (event.type !== 'notification') return;
      const live = liveNotificationEventSchema.safeParse(event);
      if (!live.success) return refetch();
      const { id: sendId, notification } = live.data;
      if (notification.type === 'toast' && !toastedSends.current.has(sendId)) {
        toastedSends.current.add(sendId);
        showToast(`send-${sendId}`, notification.title, notification.message);
      }
      // Count it (and show a banner) now; the fetch below replaces this with the real rows.
      void queryClient.cancelQueries({ queryKey: pendingKey });
      queryClient.setQueryData<PendingNotifications>(pendingKey, (current) => {
        if (!current || [...current.banners, ...current.toasts].some((n) => n.batch_id === sendId)) return current;
        const row: Notification = { id: `${LIVE_PREFIX}${sendId}`, batch_id: sendId, read_at: null, ...notification };
        return { ...current, banners: notification.type === 'banner' ? [...current.banners, row] : current.banners, unread_count: current.unread_count + 1 };
      });
      setTimeout(refetch, Math.random() * RECONCILE_SPREAD_MS);
    },
    [queryClient, pendingKey],
  );
  useLiveEvents(onEvent);

  const toasts = pending.data?.toasts;
  useEffect(() => {
    const fresh = (toasts ?? []).filter((n) => !shownRows.current.has(n.id));
    if (fresh.length === 0) return;
    for (const n of fresh) {
      shownRows.current.add(n.id);
      // Shown already from its live event: only record the delivery.
      if (n.batch_id !== null && toastedSends.current.has(n.batch_id)) continue;
      if (n.batch_id !== null) toastedSends.current.add(n.batch_id);
      showToast(`notification-${n.id}`, n.title, n.message);
    }
    markNotificationsDelivered(fresh.map((n) => n.id)).catch((error: unknown) => {
      // Not fatal: the toast may pop up once more at the next visit.
      console.warn('Could not record shown notifications', error);
    });
  }, [toasts]);

  // A banner dismissed before its row arrived: read the row once it is here.
  const banners = pending.data?.banners;
  useEffect(() => {
    const late = (banners ?? []).filter((b) => !b.id.startsWith(LIVE_PREFIX) && b.batch_id !== null && dismissedSends.has(b.batch_id) && !markedRows.current.has(b.id));
    if (late.length === 0) return;
    for (const b of late) markedRows.current.add(b.id);
    markReadNow({ ids: late.map((b) => b.id) });
  }, [banners, dismissedSends, markReadNow]);

  const dismiss = useCallback(
    (banner: Notification) => {
      if (!banner.id.startsWith(LIVE_PREFIX)) return markReadNow({ ids: [banner.id] });
      const sendId = banner.batch_id ?? '';
      setDismissedSends((previous) => new Set([...previous, sendId]));
      queryClient.setQueryData<PendingNotifications>(pendingKey, (current) =>
        current ? { ...current, banners: current.banners.filter((b) => b.id !== banner.id), unread_count: Math.max(0, current.unread_count - 1) } : current,
      );
    },
    [markReadNow, queryClient, pendingKey],
  );

  const visible = (banners ?? []).filter((b) => b.batch_id === null || !dismissedSends.has(b.batch_id));
  return { banners: visible, dismiss };
}
