import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { notificationsPageSchema, type NotificationsPage } from '@shared/schemas/notifications.ts';
import { api } from '@web/lib/api-client.ts';
import { notificationsQueryKey, useNotificationsOwner } from './notification-keys.ts';

export const notificationListQueryKey = (owner: string) => [...notificationsQueryKey, owner, 'list'] as const;

/** GET /api/notifications: the caller's own, newest first, a page (20) at a time. */
export function getNotifications(cursor: string | null, signal?: AbortSignal): Promise<NotificationsPage> {
  const path = cursor === null ? '/api/notifications' : `/api/notifications?cursor=${encodeURIComponent(cursor)}`;
  return api(path, { schema: notificationsPageSchema, signal });
}

/** The bell's list: asked for only while the bell is open, fresh each time it opens. */
export function useNotifications(enabled: boolean) {
  const owner = useNotificationsOwner();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: notificationListQueryKey(owner),
      queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.next_cursor,
      staleTime: 0,
      retry: 1,
    }),
    enabled,
  });
}
