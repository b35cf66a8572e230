import { queryOptions, useQuery } from '@tanstack/react-query';
import { candidateCheckListSchema, type CandidateCheck } from '@shared/schemas/verification.ts';
import { api } from '@web/lib/api-client.ts';

export const verificationChecksQueryKey = ['verification-checks'] as const;

/** GET /api/verification/checks: the signed-in candidate's checks, one per subject that applies. */
export function getVerificationChecks(signal?: AbortSignal): Promise<CandidateCheck[]> {
  return api('/api/verification/checks', { schema: candidateCheckListSchema, signal });
}

export function useVerificationChecks() {
  // An upload elsewhere on the dashboard adds a check: refetch when coming back to it.
  return useQuery(queryOptions({ queryKey: verificationChecksQueryKey, queryFn: ({ signal }) => getVerificationChecks(signal), staleTime: 0 }));
}
