import { queryOptions, useQuery } from '@tanstack/react-query';
import { gettingStartedSchema, type GettingStarted } from '@shared/schemas/getting-started.ts';
import { api } from '@web/lib/api-client.ts';

export const gettingStartedQueryKey = ['getting-started'] as const;

/** GET /api/dashboard/getting-started: which first steps the company has done, from its own rows. */
export function getGettingStarted(): Promise<GettingStarted> {
  return api('/api/dashboard/getting-started', { schema: gettingStartedSchema });
}

export function useGettingStarted(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: gettingStartedQueryKey, queryFn: getGettingStarted, enabled, staleTime: 0 }));
}
