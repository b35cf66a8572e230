import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { SESSION_RECHECK_MS } from '@shared/options.ts';
import { FullPageSpinner } from '@web/components/ui/spinner.tsx';
import { NotificationCenter } from '@web/features/notifications/components/notification-center.tsx';
import { meQueryKey, meQueryOptions, needsSecondFactor } from '@web/lib/session/get-me.ts';
import { signOut } from '@web/lib/session/sign-out.ts';
import { takeSessionEndNotice, takeSessionEndReason } from '@web/lib/session/session-events.ts';
import { useLiveSessionEnd } from '@web/lib/session/use-live-session-end.ts';

type Verdict = 'checking' | 'allowed' | 'signed-out' | 'second-factor' | 'not-admin' | 'failed';

/**
 * Route guard of spec points 4 and 6: a spinner while the session is checked, then the page, or
 * /auth (remembering where the user was going), or /dashboard for a non-admin on an admin page.
 * The session is re-checked every SESSION_RECHECK_MS; a session that disappears signs out.
 */
export function RequireSession({ admin = false }: { admin?: boolean }) {
  const session = useQuery({ ...meQueryOptions(), refetchInterval: SESSION_RECHECK_MS });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;
  const handled = useRef<Verdict | null>(null);

  let verdict: Verdict;
  if (session.isError) verdict = 'failed';
  else if (session.isPending) verdict = 'checking';
  else if (session.data === null) verdict = 'signed-out';
  else if (needsSecondFactor(session.data)) verdict = 'second-factor';
  else if (admin && session.data.user.role !== 'admin') verdict = 'not-admin';
  else verdict = 'allowed';
  // A suspension signs this page out live. The admin guard sits inside the plain one, which already listens.
  useLiveSessionEnd(!admin && verdict === 'allowed' ? session.data?.user.id : undefined);

  useEffect(() => {
    if (verdict === 'checking' || verdict === 'allowed') {
      handled.current = null;
      return;
    }
    // Act once per verdict (React's development double effects, re-renders while navigating).
    if (handled.current === verdict) return;
    handled.current = verdict;
    const toSignIn = () => void navigate('/auth', { replace: true, state: { from } });

    if (verdict === 'signed-out') {
      const reason = takeSessionEndReason();
      const notice = takeSessionEndNotice();
      if (reason === 'expired') toast.error(messages.auth.sessionExpired, { id: 'session-ended' });
      // Stays until closed: the person should read who removed them (issue 33 B8).
      else if (reason === 'removed' && notice) toast.error(notice, { id: 'session-ended', duration: Infinity, closeButton: true, description: messages.team.removedSignedOut });
      toSignIn();
    } else if (verdict === 'second-factor') {
      toSignIn();
    } else if (verdict === 'not-admin') {
      toast.error(messages.auth.adminRequired, { id: 'admin-required' });
      void navigate('/dashboard', { replace: true });
    } else {
      console.error('Session check failed', session.error);
      toast.error(messages.auth.authError, { id: 'session-ended' });
      void signOut()
        .catch(() => undefined)
        .finally(() => {
          queryClient.setQueryData(meQueryKey, null);
          toSignIn();
        });
    }
  }, [verdict, from, navigate, queryClient, session.error]);

  return verdict === 'allowed' ? <NotificationCenter><Outlet /></NotificationCenter> : <FullPageSpinner label="Checking your session" />;
}

/** The guard of /admin: signed in, and a platform admin. */
export function RequireAdminSession() {
  return <RequireSession admin />;
}
