import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me, SessionProbe } from '@shared/schemas/auth.ts';
import { api } from '@web/lib/api-client.ts';
import { noteSessionEnd } from './session-events.ts';

export const meQueryKey = ['me'] as const;

/**
 * The signed-in user and session, or null when signed out. GET /api/session answers 200 either
 * way, so a signed-out page logs no failed request. Other failures throw.
 */
export async function getMe(previous: Me | null | undefined): Promise<Me | null> {
  // Typed, not parsed: the server answers through sessionProbeSchema, and zod stays off the first
  // load of every page (issue 14, item 4).
  const { me } = await api<SessionProbe>('/api/session');
  // A session we had is gone: it expired or was revoked on the server.
  if (!me && previous) noteSessionEnd('expired');
  return me;
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ client }) => getMe(client.getQueryData<Me | null>(meQueryKey)),
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

/** A user with a verified second factor must complete it before the session is fully usable. */
export function needsSecondFactor(me: Me): boolean {
  return me.session.aal !== me.session.next_aal;
}
