import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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

/**
 * A check's live event: an EPFO decision carries the list itself (`data`, issue 34), which the page
 * takes instead of asking again; any other event, or a list that does not read, is fetched again.
 * A fetch under way is cancelled first, so an answer read before the decision cannot replace it,
 * and a fresher answer that came meanwhile is kept.
 */
export async function takeChecksFromEvent(queryClient: QueryClient, data: unknown): Promise<void> {
  const checks = candidateCheckListSchema.safeParse(data);
  if (!checks.success) return queryClient.invalidateQueries({ queryKey: verificationChecksQueryKey });
  const heard = Date.now();
  await queryClient.cancelQueries({ queryKey: verificationChecksQueryKey });
  if ((queryClient.getQueryState(verificationChecksQueryKey)?.dataUpdatedAt ?? 0) > heard) return;
  queryClient.setQueryData(verificationChecksQueryKey, checks.data);
}
