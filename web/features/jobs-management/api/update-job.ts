import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerJobSchema, type EmployerJob, type UpdateJobValues } from '@shared/schemas/jobs.ts';
import { api } from '@web/lib/api-client.ts';
import { jobsQueryKey } from './get-jobs.ts';

/** PATCH /api/jobs/:jobId: only the fields the form changed; those not sent stay. */
export function updateJob(jobId: string, values: UpdateJobValues): Promise<EmployerJob> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}`, { method: 'PATCH', body: values, schema: employerJobSchema });
}

export function useUpdateJob(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateJobValues) => updateJob(jobId, values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
