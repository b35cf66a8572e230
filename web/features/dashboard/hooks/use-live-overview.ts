import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@web/lib/live/use-live-events.ts';
import { overviewQueryKey } from '../api/get-overview.ts';

/**
 * Refetches the overview on any event of the company (jobs, applications, interviews, audit
 * rows), and after each (re)connection to catch up on what happened while disconnected.
 */
export function useLiveOverview(companyId: string | null) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: overviewQueryKey }), [queryClient]);
  useLiveEvents(refresh, { enabled: companyId !== null, key: companyId ?? '' });
}
