import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyApplication } from '@shared/schemas/job-detail.ts';
import { api } from '@web/lib/api-client.ts';

export const myApplicationQueryKey = (jobId: string) => ['my-application', jobId] as const;

/** GET /api/jobs/:jobId/applications/mine: whether the signed-in user has applied. */
export function getMyApplication(jobId: string, signal?: AbortSignal): Promise<MyApplication> {
  // Typed, not parsed, like the job itself (get-job-detail.ts).
  return api<MyApplication>(`/api/jobs/${encodeURIComponent(jobId)}/applications/mine`, { signal });
}

export function myApplicationQueryOptions(jobId: string) {
  return queryOptions({ queryKey: myApplicationQueryKey(jobId), queryFn: ({ signal }) => getMyApplication(jobId, signal) });
}

/** Asked only for a signed-in user; a visitor has not applied. */
export function useMyApplication(jobId: string, enabled: boolean) {
  return useQuery({ ...myApplicationQueryOptions(jobId), enabled });
}
