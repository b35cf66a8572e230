import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPrivacyRequestListSchema,
  adminPrivacyRequestSchema,
  type breachBodySchema,
  breachListSchema,
  breachSchema,
  dataExportSchema,
  type guardianConsentBodySchema,
  guardianConsentListSchema,
  guardianConsentSchema,
  nomineeSchema,
  privacyOverviewSchema,
  privacyRequestSchema,
  retentionRunListSchema,
  type AnswerRequestBody,
  type ConsentEntry,
  type CorrectionBody,
  type GrievanceBody,
  type NomineeBody,
} from '@shared/schemas/privacy.ts';
import type { z } from 'zod';
import { api } from '@web/lib/api-client.ts';

const overviewKey = ['privacy', 'overview'] as const;
const adminKey = ['privacy', 'admin-requests'] as const;

/** GET /api/privacy: the person's consents, holdings, disclosures, requests and nominee. */
export function usePrivacyOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => api('/api/privacy', { schema: privacyOverviewSchema, signal }),
    // While an export is being prepared, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.exports.some((row) => row.status === 'pending') ? 3000 : false),
  });
}

/** POST /api/privacy/exports: asks for a copy of all the person's data (prepared in the background). */
export function useRequestExport() {
  return useOverviewMutation(() => api('/api/privacy/exports', { method: 'POST', body: {}, schema: dataExportSchema }));
}

function useOverviewMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['privacy'] }) });
}

/**
 * Withdraws a consent through the route that gave it: the check's consent, the record share, the
 * application. Other screens showing them refetch too.
 */
export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (entry: ConsentEntry) => {
      const ref = encodeURIComponent(entry.ref);
      if (entry.kind === 'check') await api(`/api/verification/checks/${ref}/consent`, { method: 'DELETE' });
      else if (entry.kind === 'share') await api(`/api/record-shares/${ref}`, { method: 'DELETE' });
      else if (entry.kind === 'application') await api(`/api/pipeline/applications/${ref}/withdraw`, { method: 'POST', body: {} });
      else if (entry.kind === 'whatsapp') await api('/api/candidate/whatsapp', { method: 'PUT', body: { opted_in: false } });
      else throw new Error(`A ${entry.kind} consent is not withdrawn here`);
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useRequestErasure() {
  return useOverviewMutation(() => api('/api/privacy/erasure', { method: 'POST', body: {}, schema: privacyRequestSchema }));
}

export function useCancelErasure() {
  return useOverviewMutation(() => api('/api/privacy/erasure', { method: 'DELETE' }));
}

export function useRaiseGrievance() {
  return useOverviewMutation((body: GrievanceBody) => api('/api/privacy/grievances', { method: 'POST', body, schema: privacyRequestSchema }));
}

export function useSetNominee() {
  return useOverviewMutation((body: NomineeBody) => api('/api/privacy/nominee', { method: 'PUT', body, schema: nomineeSchema }));
}

export function useRemoveNominee() {
  return useOverviewMutation(() => api('/api/privacy/nominee', { method: 'DELETE' }));
}

/** GET /api/admin/privacy/requests: the platform admins' queue. */
export function useAdminPrivacyRequests(status: 'open' | 'closed' | 'all') {
  return useQuery({
    queryKey: [...adminKey, status],
    queryFn: ({ signal }) => api(`/api/admin/privacy/requests?status=${status}`, { schema: adminPrivacyRequestListSchema, signal }),
  });
}

const breachesKey = ['privacy', 'breaches'] as const;

/** GET /api/admin/privacy/breaches: the breach register. */
export function useBreaches() {
  return useQuery({ queryKey: breachesKey, queryFn: ({ signal }) => api('/api/admin/privacy/breaches', { schema: breachListSchema, signal }) });
}

function useBreachMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: breachesKey }) });
}

export const useRecordBreach = () => useBreachMutation((body: z.input<typeof breachBodySchema>) => api('/api/admin/privacy/breaches', { method: 'POST', body, schema: breachSchema }));
export const useNotifyBreach = () =>
  useBreachMutation(({ id, notice }: { id: string; notice: string }) => api(`/api/admin/privacy/breaches/${encodeURIComponent(id)}/notify`, { method: 'POST', body: { notice }, schema: breachSchema }));
export const useMarkBreachReported = () => useBreachMutation((id: string) => api(`/api/admin/privacy/breaches/${encodeURIComponent(id)}/reported`, { method: 'POST', body: {}, schema: breachSchema }));

const guardiansKey = ['privacy', 'guardian-consents'] as const;

/** GET /api/admin/privacy/guardian-consents: the guardian consents recorded, newest first. */
export function useGuardianConsents() {
  return useQuery({ queryKey: guardiansKey, queryFn: ({ signal }) => api('/api/admin/privacy/guardian-consents', { schema: guardianConsentListSchema, signal }) });
}

export function useRecordGuardianConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof guardianConsentBodySchema>) => api('/api/admin/privacy/guardian-consents', { method: 'POST', body, schema: guardianConsentSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guardiansKey }),
  });
}

/** GET /api/admin/privacy/retention-runs: the retention schedule's newest runs. */
export function useRetentionRuns() {
  return useQuery({ queryKey: ['privacy', 'retention-runs'], queryFn: ({ signal }) => api('/api/admin/privacy/retention-runs', { schema: retentionRunListSchema, signal }) });
}

/** Answers a request: platform admins any, a company's employee managers their company's corrections. */
export function useAnswerPrivacyRequest(scope: 'admin' | 'company' = 'admin') {
  const queryClient = useQueryClient();
  const base = scope === 'admin' ? '/api/admin/privacy/requests' : '/api/company/privacy/corrections';
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AnswerRequestBody }) => api(`${base}/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: adminPrivacyRequestSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scope === 'admin' ? adminKey : companyCorrectionsKey }),
  });
}

const companyCorrectionsKey = ['privacy', 'company-corrections'] as const;

/** GET /api/company/privacy/corrections: the company's open correction requests. */
export function useCompanyCorrections() {
  return useQuery({ queryKey: companyCorrectionsKey, queryFn: ({ signal }) => api('/api/company/privacy/corrections', { schema: adminPrivacyRequestListSchema, signal }) });
}

export function useRequestCorrection() {
  return useOverviewMutation((body: CorrectionBody) => api('/api/privacy/corrections', { method: 'POST', body, schema: privacyRequestSchema }));
}
