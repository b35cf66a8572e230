import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';
import { allEmployeesQueryKey } from '../api/get-employees.ts';
import { employmentRecordsQueryKey } from '../api/get-employment-records.ts';
import { recordSharesQueryKey } from '../api/get-record-shares.ts';

/** Team → Employees refetches when a teammate (or the hire in the pipeline) changes an employment. */
export function useLiveEmployees(companyId: string | null) {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      if (event.type === 'ready' || ('topic' in event && event.topic === `company:${companyId}` && event.type === 'employment')) {
        void queryClient.invalidateQueries({ queryKey: allEmployeesQueryKey });
      }
    },
    [queryClient, companyId],
  );
  useLiveEvents(onEvent, { enabled: companyId !== null, key: companyId ?? '' });
}

/** The candidate's card: a new employment, a relieving, a share or an employer's view shows at once. */
export function useLiveEmploymentHistory(userId: string | undefined) {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      const mine = 'topic' in event && event.topic === `user:${userId}`;
      // A check decided (the EPFO lookup, the team) changes the verified checks and the EPFO confirmation shown here.
      if (event.type === 'ready' || (mine && (event.type === 'employment' || event.type === 'verification_check'))) void queryClient.invalidateQueries({ queryKey: employmentRecordsQueryKey });
      if (event.type === 'ready' || (mine && (event.type === 'record_viewed' || event.type === 'record_share'))) void queryClient.invalidateQueries({ queryKey: recordSharesQueryKey });
    },
    [queryClient, userId],
  );
  useLiveEvents(onEvent, { enabled: userId !== undefined, key: userId ?? '' });
}

/** The pipeline's panel: a consent given or withdrawn shows at once (re-reading it is a logged view, as it should be). */
export function useLiveSharedRecord(companyId: string | null) {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      if ('topic' in event && event.topic === `company:${companyId}` && event.type === 'record_share') void queryClient.invalidateQueries({ queryKey: ['shared-record'] });
    },
    [queryClient, companyId],
  );
  useLiveEvents(onEvent, { enabled: companyId !== null, key: companyId ?? '' });
}
