import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { publicJobsPageSchema, type PublicJobsPage } from '@shared/schemas/public-jobs.ts';
import { api } from '@web/lib/api-client.ts';

export interface JobSearch {
  q: string;
  location: string;
  page: number;
}

/** GET /api/public/jobs: one page of open jobs matching the search, with the total. */
export function getPublicJobs({ q, location, page }: JobSearch, signal?: AbortSignal): Promise<PublicJobsPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (location) params.set('location', location);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return api(`/api/public/jobs${query ? `?${query}` : ''}`, { schema: publicJobsPageSchema, signal });
}

export function publicJobsQueryOptions(search: JobSearch) {
  return queryOptions({
    queryKey: ['public-jobs', search],
    queryFn: ({ signal }) => getPublicJobs(search, signal),
    // Keep the current page on screen while the next one loads, instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

export function usePublicJobs(search: JobSearch) {
  return useQuery(publicJobsQueryOptions(search));
}
