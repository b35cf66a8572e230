import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordSharesOverviewSchema, type RecordSharesOverview } from '@shared/schemas/employment.ts';
import { api } from '@web/lib/api-client.ts';

export const recordSharesQueryKey = ['record-shares'] as const;

/** GET /api/record-shares/mine: who the candidate shared with, who viewed, and whom they may share with. */
export function getRecordShares(signal?: AbortSignal): Promise<RecordSharesOverview> {
  return api('/api/record-shares/mine', { schema: recordSharesOverviewSchema, signal });
}

export function useRecordShares() {
  // Applying happens elsewhere: the list of employers to share with must be fresh on arrival.
  return useQuery(queryOptions({ queryKey: recordSharesQueryKey, queryFn: ({ signal }) => getRecordShares(signal), staleTime: 0 }));
}
