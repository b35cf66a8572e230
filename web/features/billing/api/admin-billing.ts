import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCompaniesPageSchema, type EnterprisePlanBody } from '@shared/schemas/billing.ts';
import { api } from '@web/lib/api-client.ts';

const companiesKey = ['admin', 'companies'] as const;

/** GET /api/admin/companies: 25 companies a page, newest first, with plan and usage. */
export function useCompanyPlans(q: string, page: number) {
  return useQuery({
    queryKey: [...companiesKey, q, page],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      return api(`/api/admin/companies?${params.toString()}`, { schema: adminCompaniesPageSchema, signal });
    },
    placeholderData: keepPreviousData,
  });
}

function useCompaniesMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }) });
}

export const useExtendTrial = () =>
  useCompaniesMutation(({ companyId, days }: { companyId: string; days: number }) =>
    api<{ trial_ends_at: string }>(`/api/admin/companies/${companyId}/extend-trial`, { method: 'POST', body: { days } }),
  );

export const useSetEnterprise = () =>
  useCompaniesMutation(({ companyId, body }: { companyId: string; body: EnterprisePlanBody }) => api(`/api/admin/companies/${companyId}/enterprise`, { method: 'PUT', body }));
