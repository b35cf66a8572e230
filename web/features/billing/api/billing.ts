import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billingOverviewSchema,
  checkoutResultSchema,
  devCheckoutSchema,
  planChangePreviewSchema,
  planStandingSchema,
  type PlanChangePreviewBody,
  type ChangePlanBody,
  type CheckoutBody,
  type ChecksAddOnBody,
} from '@shared/schemas/billing.ts';
import { api } from '@web/lib/api-client.ts';

export const billingKeys = {
  all: ['billing'] as const,
  standing: ['billing', 'standing'] as const,
  overview: ['billing', 'overview'] as const,
  checkout: (id: string) => ['billing', 'checkout', id] as const,
};

/** The plan's standing for the banners and the job cards; every company member may read it. */
export const usePlanStanding = (enabled: boolean) =>
  useQuery({ queryKey: billingKeys.standing, queryFn: () => api('/api/billing/standing', { schema: planStandingSchema }), enabled, staleTime: 60_000 });

export const useBillingOverview = () => useQuery({ queryKey: billingKeys.overview, queryFn: () => api('/api/billing', { schema: billingOverviewSchema }) });

export const useDevCheckout = (id: string) => useQuery({ queryKey: billingKeys.checkout(id), queryFn: () => api(`/api/billing/checkouts/${encodeURIComponent(id)}`, { schema: devCheckoutSchema }) });

export function useStartCheckout() {
  return useMutation({ mutationFn: (body: CheckoutBody) => api('/api/billing/checkout', { method: 'POST', body, schema: checkoutResultSchema }) });
}

/** Anything that changes the plan refreshes every billing read (banner, job cards, the screen). */
function useBillingMutation<T, R = unknown>(run: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) });
}

export const useChangePlan = () => useBillingMutation((body: ChangePlanBody) => api('/api/billing/change-plan', { method: 'POST', body }));
export const useSetChecksAddOn = () => useBillingMutation((body: ChecksAddOnBody) => api('/api/billing/checks-add-on', { method: 'PUT', body }));
export const useCancelPlan = () => useBillingMutation(() => api('/api/billing/cancel', { method: 'POST' }));
export const usePayTestCheckout = () => useBillingMutation((id: string) => api(`/api/billing/checkouts/${encodeURIComponent(id)}/test-payment`, { method: 'POST' }));
export const useResumePlan = () => useBillingMutation(() => api('/api/billing/resume', { method: 'POST', schema: checkoutResultSchema }));

/** The server's price and date for a change, asked when its confirmation opens (the browser never works out a price). */
export const usePlanChangePreview = (body: PlanChangePreviewBody, enabled: boolean) =>
  useQuery({
    // Not under billingKeys.all: a change's success refetches those, and its preview would then be refused.
    queryKey: ['billing-preview', body] as const,
    queryFn: () => api('/api/billing/preview', { method: 'POST', body, schema: planChangePreviewSchema }),
    enabled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
