import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markResultSchema, type MarkReadInput, type MarkResult, type PendingNotifications } from '@shared/schemas/notifications.ts';
import { api } from '@web/lib/api-client.ts';
import { pendingNotificationsQueryKey } from './get-pending-notifications.ts';
import { useNotificationsOwner } from './notification-keys.ts';

/** POST /api/notifications/read: these of mine, or all of mine. The server never touches anyone else's. */
export function markNotificationsRead(input: MarkReadInput): Promise<MarkResult> {
  return api('/api/notifications/read', { method: 'POST', body: input, schema: markResultSchema });
}

/**
 * Marks read and updates the bell's count and the banners at once (a dismissed banner goes
 * without waiting for the server); the server's answer then sets the exact count.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const pendingKey = pendingNotificationsQueryKey(useNotificationsOwner());
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (input) => {
      queryClient.setQueryData<PendingNotifications>(pendingKey, (pending) => {
        if (!pending) return pending;
        if ('all' in input) return { banners: [], toasts: [], unread_count: 0 };
        const ids = new Set(input.ids);
        const banners = pending.banners.filter((n) => !ids.has(n.id));
        return { ...pending, banners, unread_count: Math.max(0, pending.unread_count - (pending.banners.length - banners.length)) };
      });
    },
    onSuccess: (result) => {
      queryClient.setQueryData<PendingNotifications>(pendingKey, (pending) => (pending ? { ...pending, unread_count: result.unread_count } : pending));
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: pendingKey }),
  });
}
