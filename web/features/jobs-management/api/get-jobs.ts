import { queryOptions, useQuery } from '@tanstack/react-query';
import { employerJobListSchema, type EmployerJob } from '@shared/schemas/jobs.ts';
import { api } from '@web/lib/api-client.ts';

/** Spec point 7: the jobs list is cached under "jobs", retried once, invalidated after a change. */
export const jobsQueryKey = ['jobs'] as const;

/** GET /api/jobs: the company's published, non-deleted jobs with their application counts. */
export function getJobs(signal?: AbortSignal): Promise<EmployerJob[]> {
  return api('/api/jobs', { schema: employerJobListSchema, signal });
}

export function jobsQueryOptions() {
  return queryOptions({ queryKey: jobsQueryKey, queryFn: ({ signal }) => getJobs(signal), retry: 1 });
}

/** Asked only for an employer with a company: anyone else would only be refused (403). */
export function useJobs(enabled: boolean) {
  return useQuery({ ...jobsQueryOptions(), enabled });
}
