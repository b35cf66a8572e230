import { useMutation, useQueryClient } from '@tanstack/react-query';
import { issuedRecoveryCodesSchema, type IssuedRecoveryCodes } from '@shared/schemas/mfa-recovery.ts';
import { api } from '@web/lib/api-client.ts';
import { recoveryCodesQueryKey } from './get-recovery-codes.ts';

/** POST /api/mfa/recovery-codes: a new set (the password is asked again); the old codes stop working. */
export function regenerateRecoveryCodes(proof: { password?: string | undefined; email_code?: string | undefined }): Promise<IssuedRecoveryCodes> {
  return api('/api/mfa/recovery-codes', { method: 'POST', body: proof, schema: issuedRecoveryCodesSchema });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: () => queryClient.invalidateQueries({ queryKey: recoveryCodesQueryKey }) });
}
