import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { interviewsQueryKey } from '../api/get-interviews.ts';

/**
 * Refetches the interviews when one is scheduled, changed or cancelled (by a colleague, or by the
 * company for a candidate), and after each reconnection to catch up.
 */
export function useLiveInterviews() {
  const queryClient = useQueryClient();
  const user = useMe().data?.user;
  const key = user?.company_id ?? user?.id ?? '';
  const onEvent = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      if (event.type === 'ready' || event.type === 'interview') void queryClient.invalidateQueries({ queryKey: interviewsQueryKey });
    },
    [queryClient],
  );
  useLiveEvents(onEvent, { enabled: Boolean(user), key });
}
