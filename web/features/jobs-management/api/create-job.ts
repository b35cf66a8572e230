import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerJobSchema, type CreateJobValues, type EmployerJob } from '@shared/schemas/jobs.ts';
import { api } from '@web/lib/api-client.ts';
import { jobsQueryKey } from './get-jobs.ts';

/** POST /api/jobs: the company comes from the session on the server, never from here. */
export function createJob(values: CreateJobValues): Promise<EmployerJob> {
  return api('/api/jobs', { method: 'POST', body: values, schema: employerJobSchema });
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}
