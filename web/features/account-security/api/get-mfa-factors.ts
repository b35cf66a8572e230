import { queryOptions, useQuery } from '@tanstack/react-query';
import { factorListSchema, type FactorList } from '@shared/schemas/auth.ts';
import { api } from '@web/lib/api-client.ts';

export const mfaFactorsQueryKey = ['account-security', 'factors'] as const;

/** GET /api/mfa/factors: the caller's second factors, oldest first, and how a change is confirmed. */
export async function getMfaFactors(): Promise<FactorList> {
  return api('/api/mfa/factors', { schema: factorListSchema });
}

export function mfaFactorsQueryOptions() {
  return queryOptions({ queryKey: mfaFactorsQueryKey, queryFn: getMfaFactors });
}

export function useMfaFactors() {
  return useQuery({ ...mfaFactorsQueryOptions(), select: (list) => list.factors });
}

/** 'password', or 'email_code' for an account without a password (a candidate who registered by email code). */
export function useReauthMethod() {
  return useQuery({ ...mfaFactorsQueryOptions(), select: (list) => list.reauth });
}
