import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';
import { meQueryKey } from './get-me.ts';
import { noteSessionEnd } from './session-events.ts';

/**
 * Hears, live, what an admin did to the signed-in user's account:
 * - `session_ended` (the account was suspended; the server has already deleted every session):
 *   the session is gone at once, so the route guard sends this page to /auth without a reload.
 * - `role_changed`: the session is re-read, so the guard and the screens follow the new role.
 * The server closes the live connection after either; for a role change the hook reconnects.
 */
export function useLiveSessionEnd(userId: string | undefined): void {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      if (event.type === 'session_ended') {
        // Removed from the company: the page says by whom, not that the session expired.
        const notice = 'notice' in event && typeof event.notice === 'string' ? event.notice : null;
        noteSessionEnd(notice ? 'removed' : 'expired', notice);
        queryClient.setQueryData(meQueryKey, null);
      } else if (event.type === 'role_changed') {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    },
    [queryClient],
  );
  useLiveEvents(onEvent, { enabled: userId !== undefined, key: userId ?? '' });
}
