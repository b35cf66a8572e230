import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { teamSchema, type TeamMember } from '@shared/schemas/dashboard.ts';
import { teamInviteListSchema, teamInviteSchema, type CreateInviteInput, type TeamInvite } from '@shared/schemas/team.ts';
import type { CompanyRole } from '@shared/permissions.ts';
import { api } from '@web/lib/api-client.ts';
import { teamQueryKey } from './get-team.ts';

export const invitesQueryKey = ['team', 'invites'] as const;

/** GET /api/team/invites: the company's pending invites (expired ones marked). */
export function useInvites(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: invitesQueryKey, queryFn: async () => (await api('/api/team/invites', { schema: teamInviteListSchema })).invites, enabled }),
  );
}

function useTeamMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }) });
}

export const useCreateInvite = () =>
  useTeamMutation((values: CreateInviteInput): Promise<TeamInvite> => api('/api/team/invites', { method: 'POST', body: values, schema: teamInviteSchema }));
export const useResendInvite = () => useTeamMutation((id: string): Promise<TeamInvite> => api(`/api/team/invites/${id}/resend`, { method: 'POST', schema: teamInviteSchema }));
export const useRevokeInvite = () => useTeamMutation((id: string): Promise<unknown> => api(`/api/team/invites/${id}`, { method: 'DELETE', schema: z.unknown() }));

export const useChangeRole = () =>
  useTeamMutation(({ userId, role }: { userId: string; role: CompanyRole }): Promise<TeamMember[]> =>
    api(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { company_role: role }, schema: teamSchema }),
  );
export const useRemoveMember = () =>
  useTeamMutation((userId: string): Promise<TeamMember[]> => api(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'DELETE', schema: teamSchema }));
export const useTransferOwnership = () =>
  useTeamMutation((body: { user_id: string; password: string }): Promise<TeamMember[]> => api('/api/team/transfer-ownership', { method: 'POST', body, schema: teamSchema }));
