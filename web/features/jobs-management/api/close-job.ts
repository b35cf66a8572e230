import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerJobSchema, type EmployerJob } from '@shared/schemas/jobs.ts';
import { api } from '@web/lib/api-client.ts';
import { jobsQueryKey } from './get-jobs.ts';

/**
 * POST /api/jobs/:jobId/close or /reopen: a closed job stops taking applications and frees its
 * listing; reopening takes one again (the server refuses it past the plan's limit).
 */
export function setJobOpen(jobId: string, open: boolean): Promise<EmployerJob> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/${open ? 'reopen' : 'close'}`, { method: 'POST', schema: employerJobSchema });
}

export function useSetJobOpen(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (open: boolean) => setJobOpen(jobId, open),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
