import { queryOptions, useQuery } from '@tanstack/react-query';
import { candidateApplicationListSchema, type CandidateApplication } from '@shared/schemas/candidate.ts';
import { api } from '@web/lib/api-client.ts';

export const candidateApplicationsQueryKey = ['candidate-applications'] as const;

/** GET /api/candidate/applications: the signed-in candidate's applications, newest first. */
export function getCandidateApplications(signal?: AbortSignal): Promise<CandidateApplication[]> {
  return api('/api/candidate/applications', { schema: candidateApplicationListSchema, signal });
}

export function useCandidateApplications() {
  // Applying happens on the job page: coming back here should show it without a reload.
  return useQuery(queryOptions({ queryKey: candidateApplicationsQueryKey, queryFn: ({ signal }) => getCandidateApplications(signal), staleTime: 0 }));
}
