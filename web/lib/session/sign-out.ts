import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import { api, setSessionEnding } from '@web/lib/api-client.ts';
import { meQueryKey } from './get-me.ts';
import { tellOtherTabs } from './session-events.ts';

export function signOut(): Promise<unknown> {
  return api('/api/auth/sign-out', { method: 'POST', body: {} });
}

/** The Sign out action of the dashboard and admin pages: toast, go to /, forget the session. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    async mutationFn() {
      // No call of this page may reach the server after the session ends (its 401 is logged):
      // new ones are held back, and those in flight are cancelled before the session goes.
      setSessionEnding(true);
      await queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      return signOut();
    },
    async onSuccess() {
      toast.success(messages.auth.loggedOut);
      // Leave the guarded page first (flushSync commits it now), so the guard never sees the
      // session vanish and sends us to /auth instead.
      await navigate('/', { replace: true, flushSync: true });
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      tellOtherTabs('signed-out');
    },
    onSettled() {
      setSessionEnding(false);
    },
    onError(error) {
      console.error('Sign-out failed', error);
      toast.error(messages.auth.logoutFailed);
    },
  });
}
