import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client.ts';
import { jobsQueryKey } from './get-jobs.ts';

/** DELETE /api/jobs/:jobId: a soft delete; the job leaves the list and its public page. */
export async function deleteJob(jobId: string): Promise<void> {
  await api(`/api/jobs/${encodeURIComponent(jobId)}`, { method: 'DELETE' });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
