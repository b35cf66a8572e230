import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import { FullPageSpinner } from '@web/components/ui/spinner.tsx';
import { isApiError } from '@web/lib/api-client.ts';
import { meQueryKey, meQueryOptions, needsSecondFactor } from '@web/lib/session/get-me.ts';
import { tellOtherTabs } from '@web/lib/session/session-events.ts';

/**
 * /auth/callback (spec point 2): where email-confirmation links (and later outside providers)
 * land after the server has signed the user in, or with ?error= when the link was refused.
 */
export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const error = searchParams.get('error');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const toSignIn = (state?: { from: string }) => void navigate('/auth', { replace: true, state });

    if (error) {
      toast.error(messages.auth.callbackFailed);
      toSignIn();
      return;
    }
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).then(
      (me) => {
        if (!me) return toSignIn();
        if (needsSecondFactor(me)) return toSignIn({ from: '/dashboard' });
        toast.success(messages.auth.callbackSuccess);
        tellOtherTabs('signed-in');
        void navigate('/dashboard', { replace: true });
      },
      (failure: unknown) => {
        console.error('Authentication callback failed', failure);
        toast.error(isApiError(failure) ? messages.auth.callbackFailed : messages.auth.callbackUnexpected);
        toSignIn();
      },
    );
  }, [error, navigate, queryClient]);

  return <FullPageSpinner label="Signing you in" />;
}
