import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { employerEpfoViewSchema, epfoLookupViewSchema } from '@shared/schemas/epfo.ts';
import { api } from '@web/lib/api-client.ts';
import { verificationChecksQueryKey } from './get-checks.ts';

/** POST /api/verification/epfo/refresh: the candidate asks EPFO again; their checks refetch (live events follow the lookup). */
export function useRefreshEpfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/verification/epfo/refresh', { method: 'POST', body: {}, schema: epfoLookupViewSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationChecksQueryKey }),
  });
}

export const applicationEpfoQueryKey = (applicationId: string) => ['application-epfo', applicationId] as const;

/** GET /api/verification/applications/:applicationId/epfo: the candidate's EPFO history, as the employer's panel shows it. */
export function useApplicationEpfo(applicationId: string) {
  return useQuery({
    queryKey: applicationEpfoQueryKey(applicationId),
    queryFn: ({ signal }) => api(`/api/verification/applications/${encodeURIComponent(applicationId)}/epfo`, { schema: employerEpfoViewSchema, signal }),
  });
}
