import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { employerJobsPageSchema, type EmployerJobsPage } from '@shared/schemas/jobs.ts';
import { api } from '@web/lib/api-client.ts';

/** Spec point 7: the jobs list is cached under "jobs", retried once, invalidated after a change. */
export const jobsQueryKey = ['jobs'] as const;

/**
 * GET /api/jobs: one page of the company's published, non-deleted jobs with their application
 * counts, newest first. No cursor is the first page; the server decides the page size.
 */
export function getJobs(cursor: string | null, signal?: AbortSignal): Promise<EmployerJobsPage> {
  const path = cursor === null ? '/api/jobs' : `/api/jobs?cursor=${encodeURIComponent(cursor)}`;
  return api(path, { schema: employerJobsPageSchema, signal });
}

/**
 * The pages loaded so far, under the one "jobs" key: after a create or delete, invalidating it
 * refetches each loaded page in turn from the first, so the list stays whole and in order.
 */
export function jobsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: jobsQueryKey,
    queryFn: ({ pageParam, signal }) => getJobs(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    retry: 1,
    // Always fresh on arrival: application counts change without a change made here (a candidate
    // applies), so a cached list from a few seconds ago would show an old count.
    staleTime: 0,
  });
}

/** Asked only for an employer with a company: anyone else would only be refused (403). */
export function useJobs(enabled: boolean) {
  return useInfiniteQuery({ ...jobsQueryOptions(), enabled });
}
