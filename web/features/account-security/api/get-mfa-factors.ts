import { queryOptions, useQuery } from '@tanstack/react-query';
import { factorListSchema, type Factor } from '@shared/schemas/auth.ts';
import { api } from '@web/lib/api-client.ts';

export const mfaFactorsQueryKey = ['account-security', 'factors'] as const;

/** GET /api/mfa/factors: the caller's second factors, verified or not, oldest first. */
export async function getMfaFactors(): Promise<Factor[]> {
  const { factors } = await api('/api/mfa/factors', { schema: factorListSchema });
  return factors;
}

export function mfaFactorsQueryOptions() {
  return queryOptions({ queryKey: mfaFactorsQueryKey, queryFn: getMfaFactors });
}

export function useMfaFactors() {
  return useQuery(mfaFactorsQueryOptions());
}
