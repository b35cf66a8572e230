import { useMutation } from '@tanstack/react-query';
import { recoveryVerifyResultSchema, type RecoveryVerifyResult } from '@shared/schemas/mfa-recovery.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/mfa/recovery-codes/verify: one recovery code instead of a factor's code; on success a new (aal2) session cookie. */
export function verifyRecoveryCode(code: string): Promise<RecoveryVerifyResult> {
  return api('/api/mfa/recovery-codes/verify', { method: 'POST', body: { code }, schema: recoveryVerifyResultSchema });
}

export function useVerifyRecoveryCode() {
  return useMutation({ mutationFn: verifyRecoveryCode });
}
