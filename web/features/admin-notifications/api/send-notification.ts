import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationBatchSchema, type NotificationBatch, type SendNotificationValues } from '@shared/schemas/notifications.ts';
import { api } from '@web/lib/api-client.ts';
import { notificationBatchesQueryKey } from './get-notification-batches.ts';

/** POST /api/admin/notifications: one notification to a whole group; answers with the batch and its recipient count. */
export function sendNotification(values: SendNotificationValues): Promise<NotificationBatch> {
  return api('/api/admin/notifications', { method: 'POST', body: values, schema: notificationBatchSchema });
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationBatchesQueryKey }),
  });
}
