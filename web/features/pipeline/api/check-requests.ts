import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkRequestListSchema, checkRequestSchema, type RequestableSubject } from '@shared/schemas/check-requests.ts';
import { api } from '@web/lib/api-client.ts';
import { billingKeys } from '@web/features/billing/api/billing.ts';

export const checkRequestsQueryKey = (applicationId: string) => ['check-requests', applicationId] as const;
const path = (applicationId: string) => `/api/pipeline/applications/${encodeURIComponent(applicationId)}/check-requests`;

/** GET …/check-requests: the background checks asked for on this application. */
export function useCheckRequests(applicationId: string) {
  return useQuery({ queryKey: checkRequestsQueryKey(applicationId), queryFn: ({ signal }) => api(path(applicationId), { schema: checkRequestListSchema, signal }) });
}

/** POST …/check-requests: asks the candidate for a check; the list and the Billing meter refetch. */
export function useRequestCheck(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subject: RequestableSubject) => api(path(applicationId), { method: 'POST', body: { subject }, schema: checkRequestSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checkRequestsQueryKey(applicationId) });
      void queryClient.invalidateQueries({ queryKey: billingKeys.overview });
    },
  });
}
