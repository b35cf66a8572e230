import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { onSessionRejected } from '@web/lib/api-client.ts';
import { meQueryKey } from './get-me.ts';
import { listenToOtherTabs, noteSessionEnd } from './session-events.ts';

/**
 * Keeps the cached session true: a sign-out or sign-in in another tab, or a server answering 401
 * (or MFA_REQUIRED) to any call, makes the session query learn the new state; the route guard
 * then acts on it.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopTabs = listenToOtherTabs((message) => {
      if (message === 'signed-out') {
        if (queryClient.getQueryData(meQueryKey)) noteSessionEnd('signed-out-elsewhere');
        queryClient.setQueryData(meQueryKey, null);
      } else {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    });
    const stopRejected = onSessionRejected(() => void queryClient.invalidateQueries({ queryKey: meQueryKey }));
    return () => {
      stopTabs();
      stopRejected();
    };
  }, [queryClient]);
}
