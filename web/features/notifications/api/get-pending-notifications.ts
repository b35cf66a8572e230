import { queryOptions, useQuery } from '@tanstack/react-query';
import { pendingNotificationsSchema, type PendingNotifications } from '@shared/schemas/notifications.ts';
import { api } from '@web/lib/api-client.ts';
import { notificationsQueryKey, useNotificationsOwner } from './notification-keys.ts';

export const pendingNotificationsQueryKey = (owner: string) => [...notificationsQueryKey, owner, 'pending'] as const;

/** GET /api/notifications/unread: the banners and toasts this visit still has to show, and the bell's count. */
export function getPendingNotifications(signal?: AbortSignal): Promise<PendingNotifications> {
  return api('/api/notifications/unread', { schema: pendingNotificationsSchema, signal });
}

export function pendingNotificationsQueryOptions(owner: string) {
  return queryOptions({
    queryKey: pendingNotificationsQueryKey(owner),
    queryFn: ({ signal }) => getPendingNotifications(signal),
    // The live channel says when something changed; no polling, no refetch on focus needed.
    staleTime: Infinity,
    retry: 1,
  });
}

export function usePendingNotifications() {
  return useQuery(pendingNotificationsQueryOptions(useNotificationsOwner()));
}
