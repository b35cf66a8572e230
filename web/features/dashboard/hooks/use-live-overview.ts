import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';
import { overviewQueryKey } from '../api/get-overview.ts';

/**
 * Refetches the overview on any event of the company (jobs, applications, interviews, audit
 * rows), and after each (re)connection to catch up on what happened while disconnected.
 */
export function useLiveOverview(companyId: string | null) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      // Only the company's own events change the overview; a user: event such as session_ended
      // must not trigger a refetch that would answer 401 while the page signs out.
      if (event.type === 'ready' || ('topic' in event && event.topic === `company:${companyId}`)) {
        void queryClient.invalidateQueries({ queryKey: overviewQueryKey });
      }
    },
    [queryClient, companyId],
  );
  useLiveEvents(refresh, { enabled: companyId !== null, key: companyId ?? '' });
}
