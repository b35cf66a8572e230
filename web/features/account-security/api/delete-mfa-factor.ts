import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client.ts';
import { meQueryKey } from '@web/lib/session/get-me.ts';
import { mfaFactorsQueryKey } from './get-mfa-factors.ts';
import { recoveryCodesQueryKey } from './get-recovery-codes.ts';

export interface DeleteMfaFactorInput {
  factorId: string;
  password?: string | undefined;
  email_code?: string | undefined;
}

/** DELETE /api/mfa/factors/:id (204): the password is asked again (ASVS 7.5.1). */
export async function deleteMfaFactor({ factorId, ...proof }: DeleteMfaFactorInput): Promise<void> {
  await api(`/api/mfa/factors/${encodeURIComponent(factorId)}`, { method: 'DELETE', body: proof });
}

export function useDeleteMfaFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMfaFactor,
    // Removing the last verified factor takes the account's sessions back to aal1 and drops the recovery codes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mfaFactorsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: recoveryCodesQueryKey }),
      ]),
  });
}
