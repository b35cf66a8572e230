import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billingProfileResponseSchema,
  candidateEmailSettingsResponseSchema,
  companySettingsSchema,
  type BillingProfileInput,
  type CandidateEmailSettings,
  type CompanySettings,
  type UpdateCompanyInput,
} from '@shared/schemas/company-settings.ts';
import { api, apiErrorFrom } from '@web/lib/api-client.ts';
import { meQueryKey } from '@web/lib/session/get-me.ts';

const companyKey = ['settings', 'company'] as const;
const billingKey = ['settings', 'billing'] as const;
const emailsKey = ['settings', 'emails'] as const;

export const useCompanySettings = (enabled: boolean) => useQuery({ queryKey: companyKey, queryFn: () => api('/api/settings/company', { schema: companySettingsSchema }), enabled });

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateCompanyInput) => api('/api/settings/company', { method: 'PUT', body: values, schema: companySettingsSchema }),
    onSuccess: (settings) => {
      queryClient.setQueryData(companyKey, settings);
      // The header shows the company's name.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** PUT the raw image (the server judges its type by content); DELETE removes it. */
async function sendLogo(file: File | null): Promise<CompanySettings> {
  const response = await fetch('/api/settings/company/logo', {
    method: file ? 'PUT' : 'DELETE',
    credentials: 'same-origin',
    headers: file ? { accept: 'application/json', 'content-type': file.type || 'application/octet-stream' } : { accept: 'application/json' },
    body: file ?? undefined,
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFrom(response.status, response.statusText, payload);
  return companySettingsSchema.parse(payload);
}

export function useLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendLogo, onSuccess: (settings) => queryClient.setQueryData(companyKey, settings) });
}

export const useBillingProfile = (enabled: boolean) =>
  useQuery({ queryKey: billingKey, queryFn: async () => (await api('/api/settings/billing-profile', { schema: billingProfileResponseSchema })).profile, enabled });

export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: BillingProfileInput) => (await api('/api/settings/billing-profile', { method: 'PUT', body: values, schema: billingProfileResponseSchema })).profile,
    onSuccess: (profile) => queryClient.setQueryData(billingKey, profile),
  });
}

export const useCandidateEmails = (enabled: boolean) => useQuery({ queryKey: emailsKey, queryFn: () => api('/api/settings/candidate-emails', { schema: candidateEmailSettingsResponseSchema }), enabled });

export function useSaveCandidateEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CandidateEmailSettings) => api('/api/settings/candidate-emails', { method: 'PUT', body: values, schema: candidateEmailSettingsResponseSchema }),
    onSuccess: (settings) => queryClient.setQueryData(emailsKey, settings),
  });
}
