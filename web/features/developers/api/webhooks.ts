import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookWithSecretSchema,
  type CreateWebhookInput,
  type WebhookEndpointList,
} from '@shared/schemas/webhooks.ts';
import { api } from '@web/lib/api-client.ts';

const webhooksKey = ['developers', 'webhooks'] as const;
const deliveriesKey = (webhookId: string) => [...webhooksKey, webhookId, 'deliveries'] as const;

export const useWebhooks = () => useQuery({ queryKey: webhooksKey, queryFn: () => api('/api/developers/webhooks', { schema: webhookEndpointListSchema }) });

/**
 * The endpoint's delivery log; refreshed every few seconds while shown, as retries and answers
 * come in. Off while the endpoint is being deleted (a refresh then would ask for a log that is gone).
 */
export const useDeliveries = (webhookId: string, enabled = true) =>
  useQuery({
    queryKey: deliveriesKey(webhookId),
    queryFn: ({ signal }) => api(`/api/developers/webhooks/${webhookId}/deliveries`, { schema: webhookDeliveryListSchema, signal }),
    refetchInterval: 5000,
    enabled,
  });

function useWebhookMutation<T, R>(request: (input: T) => Promise<R>, webhookIdOf?: (input: T) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (_result, input) => {
      // The list alone (exact): its endpoints' delivery logs refresh themselves.
      void queryClient.invalidateQueries({ queryKey: webhookIdOf ? deliveriesKey(webhookIdOf(input)) : webhooksKey, exact: true });
    },
  });
}

export const useCreateWebhook = () => useWebhookMutation((body: CreateWebhookInput) => api('/api/developers/webhooks', { method: 'POST', body, schema: webhookWithSecretSchema }));
export const useSetWebhookEnabled = () =>
  useWebhookMutation(({ webhookId, enabled }: { webhookId: string; enabled: boolean }) => api(`/api/developers/webhooks/${webhookId}`, { method: 'PATCH', body: { enabled }, schema: webhookEndpointSchema }));
/**
 * Deleting first stops the endpoint's delivery log (a refresh in flight is aborted, and the log is
 * off while the delete runs), then takes the endpoint off the list, so nothing asks for a log that
 * is gone.
 */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: (webhookId: string) => queryClient.cancelQueries({ queryKey: deliveriesKey(webhookId) }),
    mutationFn: (webhookId: string) => api(`/api/developers/webhooks/${webhookId}`, { method: 'DELETE' }),
    onSuccess: (_result, webhookId) => {
      queryClient.setQueryData<WebhookEndpointList>(webhooksKey, (list) => list && { endpoints: list.endpoints.filter((endpoint) => endpoint.id !== webhookId) });
      queryClient.removeQueries({ queryKey: deliveriesKey(webhookId) });
      void queryClient.invalidateQueries({ queryKey: webhooksKey, exact: true });
    },
  });
}
export const useRotateWebhook = () => useWebhookMutation((webhookId: string) => api(`/api/developers/webhooks/${webhookId}/rotate`, { method: 'POST', schema: webhookWithSecretSchema }));
export const useSendTestEvent = () =>
  useWebhookMutation(
    (webhookId: string) => api(`/api/developers/webhooks/${webhookId}/test`, { method: 'POST', schema: webhookDeliverySchema }),
    (webhookId) => webhookId,
  );
export const useRedeliver = () =>
  useWebhookMutation(
    ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) => api(`/api/developers/webhooks/${webhookId}/deliveries/${deliveryId}/redeliver`, { method: 'POST', schema: webhookDeliverySchema }),
    ({ webhookId }) => webhookId,
  );
