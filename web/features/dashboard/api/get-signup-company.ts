import { queryOptions, useQuery } from '@tanstack/react-query';
import { signupCompanySchema, type SignupCompany } from '@shared/schemas/getting-started.ts';
import { api } from '@web/lib/api-client.ts';

export const signupCompanyQueryKey = ['signup-company'] as const;

/** GET /api/profile/signup-company: the company the signed-in user named at signup (issue 33, B2). */
export function getSignupCompany(): Promise<SignupCompany> {
  return api('/api/profile/signup-company', { schema: signupCompanySchema });
}

export function useSignupCompany(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: signupCompanyQueryKey, queryFn: getSignupCompany, enabled, staleTime: Infinity }));
}
