import { queryOptions, useQuery } from '@tanstack/react-query';
import { factorListSchema, type Factor } from '@shared/schemas/auth.ts';
import { api } from '@web/lib/api-client.ts';

export type MfaFactor = Factor;

/** GET /api/mfa/factors (works at aal1, so a signing-in user can finish the second step). */
export async function getMfaFactors(): Promise<MfaFactor[]> {
  const { factors } = await api('/api/mfa/factors', { schema: factorListSchema });
  return factors;
}

export function mfaFactorsQueryOptions() {
  return queryOptions({ queryKey: ['mfa', 'factors'], queryFn: getMfaFactors, staleTime: 0 });
}

/** The verified factors a signing-in user can complete the second step with. */
export function useVerifiedMfaFactors() {
  return useQuery({ ...mfaFactorsQueryOptions(), select: (factors) => factors.filter((factor) => factor.status === 'verified') });
}
