import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerJobSchema, type EmployerJob } from '@shared/schemas/jobs.ts';
import { api } from '@web/lib/api-client.ts';
import { jobsQueryKey } from './get-jobs.ts';

/** POST /api/jobs/:jobId/publish: a draft becomes public and takes applications (within the plan's listings). */
export function publishJob(jobId: string): Promise<EmployerJob> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/publish`, { method: 'POST', schema: employerJobSchema });
}

/** POST /api/jobs/:jobId/clone: a new draft with the job's fields. */
export function cloneJob(jobId: string): Promise<EmployerJob> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/clone`, { method: 'POST', schema: employerJobSchema });
}

export function usePublishJob(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => publishJob(jobId), onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }) });
}

export function useCloneJob(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => cloneJob(jobId), onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }) });
}
