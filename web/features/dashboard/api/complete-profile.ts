import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completeProfileResultSchema, type CompleteProfileResult, type CompleteProfileValues } from '@shared/schemas/dashboard.ts';
import { api } from '@web/lib/api-client.ts';
import { meQueryKey } from '@web/lib/session/get-me.ts';
import { gettingStartedQueryKey } from './get-getting-started.ts';
import { overviewQueryKey } from './get-overview.ts';
import { signupCompanyQueryKey } from './get-signup-company.ts';

/** POST /api/profile/complete: creates the user's company and makes them its employer. */
export function completeProfile(values: CompleteProfileValues): Promise<CompleteProfileResult> {
  return api('/api/profile/complete', { method: 'POST', body: values, schema: completeProfileResultSchema });
}

export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries({ queryKey: overviewQueryKey });
      await queryClient.invalidateQueries({ queryKey: gettingStartedQueryKey });
      queryClient.removeQueries({ queryKey: signupCompanyQueryKey });
    },
  });
}
