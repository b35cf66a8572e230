import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@web/components/ui/spinner.tsx';
import { needsSecondFactor, useMe } from '@web/lib/session/get-me.ts';

/** For public screens meant for new users (employer signup): a signed-in user goes to /dashboard. */
export function RedirectIfSignedIn() {
  const session = useMe();
  if (session.isPending) return <FullPageSpinner label="Checking your session" />;
  if (session.data && !needsSecondFactor(session.data)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
