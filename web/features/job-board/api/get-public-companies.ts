import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicCompaniesSchema, type PublicCompany } from '@shared/schemas/public-jobs.ts';
import { api } from '@web/lib/api-client.ts';

/** GET /api/public/companies: companies with open jobs and how many. */
export function getPublicCompanies(signal?: AbortSignal): Promise<PublicCompany[]> {
  return api('/api/public/companies', { schema: publicCompaniesSchema, signal });
}

export function publicCompaniesQueryOptions() {
  return queryOptions({ queryKey: ['public-companies'], queryFn: ({ signal }) => getPublicCompanies(signal) });
}

export function usePublicCompanies() {
  return useQuery(publicCompaniesQueryOptions());
}
