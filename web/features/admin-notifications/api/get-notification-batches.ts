import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationBatchesPageSchema, type NotificationBatchesPage } from '@shared/schemas/notifications.ts';
import { api } from '@web/lib/api-client.ts';

export const notificationBatchesQueryKey = ['admin', 'notification-batches'] as const;

/** GET /api/admin/notifications?page=: the sends so far, newest first, ten a page. */
export function getNotificationBatches(page: number, signal?: AbortSignal): Promise<NotificationBatchesPage> {
  return api(`/api/admin/notifications?page=${page}`, { schema: notificationBatchesPageSchema, signal });
}

export function useNotificationBatches(page: number) {
  return useQuery({
    ...queryOptions({ queryKey: [...notificationBatchesQueryKey, page], queryFn: ({ signal }) => getNotificationBatches(page, signal), retry: 1 }),
    placeholderData: keepPreviousData,
  });
}
