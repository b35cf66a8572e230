import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyRole } from '@shared/permissions.ts';
import { teamSchema } from '@shared/schemas/dashboard.ts';
import { joinRequestListSchema, myJoinStatusSchema } from '@shared/schemas/team.ts';
import { api } from '@web/lib/api-client.ts';
import { teamQueryKey } from './get-team.ts';

const mineKey = ['join-requests', 'mine'] as const;

/** The requester's side: the company they may ask to join, and their pending request. */
export const useMyJoinStatus = (enabled: boolean) => useQuery({ queryKey: mineKey, queryFn: () => api('/api/join-requests/mine', { schema: myJoinStatusSchema }), enabled });

export function useAskToJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string | null) =>
      companyId ? api('/api/join-requests', { method: 'POST', body: { company_id: companyId }, schema: myJoinStatusSchema }) : api('/api/join-requests/mine', { method: 'DELETE', schema: myJoinStatusSchema }),
    onSuccess: (status) => queryClient.setQueryData(mineKey, status),
  });
}

/** The managers' side (Team Management). */
export const useJoinRequests = (enabled: boolean) =>
  useQuery({ queryKey: [...teamQueryKey, 'join-requests'], queryFn: async () => (await api('/api/team/join-requests', { schema: joinRequestListSchema })).requests, enabled });

export function useDecideJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: CompanyRole | null }) =>
      api(`/api/team/join-requests/${id}/${role ? 'approve' : 'decline'}`, { method: 'POST', ...(role ? { body: { company_role: role } } : { body: {} }), schema: teamSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
