import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyListSchema, apiKeySchema, createdApiKeySchema, type CreateApiKeyInput } from '@shared/schemas/api-keys.ts';
import { api } from '@web/lib/api-client.ts';

const keysKey = ['developers', 'keys'] as const;

/** Refreshed every minute while shown: a key's last use is recorded at most once a minute. */
export const useApiKeys = () => useQuery({ queryKey: keysKey, queryFn: () => api('/api/developers/keys', { schema: apiKeyListSchema }), refetchInterval: 60_000 });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyInput) => api('/api/developers/keys', { method: 'POST', body, schema: createdApiKeySchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api(`/api/developers/keys/${keyId}/revoke`, { method: 'POST', schema: apiKeySchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}
