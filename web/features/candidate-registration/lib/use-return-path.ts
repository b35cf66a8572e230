import { useLocation, useSearchParams } from 'react-router';
import { originFrom } from '@web/lib/session/destinations.ts';
import { safeNextPath } from '@web/lib/session/next-path.ts';

/**
 * Where the candidate goes once signed in and registered: the page they came from, as ?next= (a
 * job's Apply; survives a reload and the email round trip) or router state (the sign-in's link),
 * either only if it is a path on this site. Undefined: nowhere in particular (the dashboard).
 */
export function useReturnPath(): string | undefined {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  return safeNextPath(searchParams.get('next')) ?? originFrom(location.state);
}
