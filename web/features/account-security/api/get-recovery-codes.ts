import { useQuery } from '@tanstack/react-query';
import { recoveryCodesStatusSchema, type RecoveryCodesStatus } from '@shared/schemas/mfa-recovery.ts';
import { api } from '@web/lib/api-client.ts';

export const recoveryCodesQueryKey = ['account-security', 'recovery-codes'] as const;

/** GET /api/mfa/recovery-codes: whether two-step verification is on and how many recovery codes are left (never the codes). */
export function getRecoveryCodesStatus(): Promise<RecoveryCodesStatus> {
  return api('/api/mfa/recovery-codes', { schema: recoveryCodesStatusSchema });
}

export function useRecoveryCodesStatus() {
  return useQuery({ queryKey: recoveryCodesQueryKey, queryFn: getRecoveryCodesStatus });
}
