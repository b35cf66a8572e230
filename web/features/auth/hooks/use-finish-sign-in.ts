import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import { destinationAfterSignIn } from '@web/lib/session/destinations.ts';
import { meQueryKey, meQueryOptions, needsSecondFactor } from '@web/lib/session/get-me.ts';
import { tellOtherTabs } from '@web/lib/session/session-events.ts';

export type SignInProgress = 'done' | 'second-factor';

/**
 * After the password (or the second factor) is accepted: learn the new session, ask for the
 * second factor if the account has one, else toast and go where the user was going (replacing
 * /auth in the history).
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(async (): Promise<SignInProgress> => {
    // Nothing cached for a previous user may show to this one.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    if (!me) throw new Error('The session was not set after signing in');
    if (needsSecondFactor(me)) return 'second-factor';
    toast.success(messages.auth.signedIn);
    tellOtherTabs('signed-in');
    await navigate(destinationAfterSignIn(location.state, me), { replace: true });
    return 'done';
  }, [queryClient, navigate, location.state]);
}
