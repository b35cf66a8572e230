import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicJobDetail } from '@shared/schemas/job-detail.ts';
import { INITIAL_JOB_ELEMENT_ID } from '@shared/options.ts';
import { api, isApiError } from '@web/lib/api-client.ts';

export const jobDetailQueryKey = (jobId: string) => ['public-job', jobId] as const;

/** GET /api/public/jobs/:jobId: one job as anyone may see it (404 when there is no such job). */
export function getJobDetail(jobId: string, signal?: AbortSignal): Promise<PublicJobDetail> {
  // Typed, not parsed: the server answers through publicJobDetailSchema, and zod stays off the
  // first load of a shared job link (issue 14, item 4).
  return api<PublicJobDetail>(`/api/public/jobs/${encodeURIComponent(jobId)}`, { signal });
}

/**
 * The job the server put in the page it served for /jobs/:id, if this is that job: the page shows
 * it at once instead of a placeholder (issue 14, item 4). Read once; later visits ask the API.
 */
function servedJob(jobId: string): PublicJobDetail | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(INITIAL_JOB_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const job = JSON.parse(element.textContent ?? '') as PublicJobDetail;
    return job.id === jobId ? job : undefined;
  } catch {
    return undefined;
  }
}

export function jobDetailQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobDetailQueryKey(jobId),
    queryFn: ({ signal }) => getJobDetail(jobId, signal),
    initialData: () => servedJob(jobId),
    // A missing job (404) or a malformed link (400) will not appear on a retry; a network blip may.
    retry: (failures, error) => !isApiError(error, 404) && !isApiError(error, 400) && failures < 2,
  });
}

export function useJobDetail(jobId: string) {
  return useQuery(jobDetailQueryOptions(jobId));
}
