import { useQuery } from '@tanstack/react-query';
import { providerCallsSchema } from '@shared/schemas/epfo.ts';
import { api } from '@web/lib/api-client.ts';

/** GET /api/verification/provider-calls: the platform admins' view of calls to EPFO providers and DigiLocker. */
export function useProviderCalls() {
  return useQuery({ queryKey: ['provider-calls'], queryFn: ({ signal }) => api('/api/verification/provider-calls?days=14', { schema: providerCallsSchema, signal }) });
}
