import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkCompanyResponseSchema, type CompanyCheckResult } from '@shared/schemas/employer-signup.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/rpc/check-company-exists: the spec's RPC answers a list; its first item is the result. */
export async function checkCompanyExists(companyName: string, signal?: AbortSignal): Promise<CompanyCheckResult> {
  const [result] = await api('/api/rpc/check-company-exists', { method: 'POST', body: { company_name: companyName }, schema: checkCompanyResponseSchema, signal });
  if (!result) throw new Error('The company check answered an empty list');
  return result;
}

/**
 * Keyed by the name as checked, so an answer always belongs to its own name. Passing the signal
 * lets React Query abort the request for a name the user has typed past: the latest answer wins.
 */
export function companyCheckQueryOptions(companyName: string) {
  return queryOptions({
    queryKey: ['company-check', companyName],
    queryFn: ({ signal }) => checkCompanyExists(companyName, signal),
    staleTime: 30_000,
    // A live hint: show a failure at once rather than after retries.
    retry: false,
  });
}

export function useCheckCompanyExists(companyName: string, enabled: boolean) {
  return useQuery({ ...companyCheckQueryOptions(companyName), enabled });
}
