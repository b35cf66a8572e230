import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hiringTeamSchema, type HiringTeam, type PutHiringTeamBody } from '@shared/schemas/jobs.ts';
import { api } from '@web/lib/api-client.ts';

const teamKey = (jobId: string) => ['jobs', jobId, 'team'] as const;

/** GET /api/jobs/:jobId/team: the job's hiring team and the members who could join it. */
export function useHiringTeam(jobId: string, enabled: boolean) {
  return useQuery({ queryKey: teamKey(jobId), enabled, queryFn: () => api(`/api/jobs/${encodeURIComponent(jobId)}/team`, { schema: hiringTeamSchema }) });
}

/** PUT /api/jobs/:jobId/team: the whole team at once. */
export function useSaveHiringTeam(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutHiringTeamBody): Promise<HiringTeam> => api(`/api/jobs/${encodeURIComponent(jobId)}/team`, { method: 'PUT', body, schema: hiringTeamSchema }),
    onSuccess: (team) => queryClient.setQueryData(teamKey(jobId), team),
  });
}
