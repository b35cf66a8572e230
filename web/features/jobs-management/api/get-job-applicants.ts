import { useQuery } from '@tanstack/react-query';
import { jobApplicantListSchema, type JobApplicant } from '@shared/schemas/jobs.ts';
import { api } from '@web/lib/api-client.ts';

export const jobApplicantsQueryKey = (jobId: string) => ['jobs', jobId, 'applications'] as const;

/** GET /api/jobs/:jobId/applications: who applied to one of the company's jobs. */
export function getJobApplicants(jobId: string, signal?: AbortSignal): Promise<JobApplicant[]> {
  return api(`/api/jobs/${encodeURIComponent(jobId)}/applications`, { schema: jobApplicantListSchema, signal });
}

/** Asked only while the Applications dialog is open. */
export function useJobApplicants(jobId: string, enabled: boolean) {
  return useQuery({ queryKey: jobApplicantsQueryKey(jobId), queryFn: ({ signal }) => getJobApplicants(jobId, signal), enabled, retry: 1 });
}
