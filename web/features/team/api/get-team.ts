import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamSchema, type TeamMember } from '@shared/schemas/dashboard.ts';
import { api } from '@web/lib/api-client.ts';

export const teamQueryKey = ['team'] as const;

/** GET /api/team: the members of the user's own company. */
export function getTeam(): Promise<TeamMember[]> {
  return api('/api/team', { schema: teamSchema });
}

export function useTeam(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: teamQueryKey, queryFn: getTeam, enabled }));
}
