import { queryOptions, useQuery } from '@tanstack/react-query';
import { employerJobsPageSchema } from '@shared/schemas/jobs.ts';
import { api } from '@web/lib/api-client.ts';

/** The company's newest 100 live jobs, for the search's job filter (GET /api/jobs). */
export function useCompanyJobsForFilter(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['candidate-search', 'jobs'] as const,
      queryFn: async ({ signal }) => (await api('/api/jobs?limit=100', { schema: employerJobsPageSchema, signal })).jobs.map((job) => ({ id: job.id, title: job.title })),
      enabled,
      staleTime: 60_000,
    }),
  );
}
