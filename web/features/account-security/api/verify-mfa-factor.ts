import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyResultSchema, type VerifyResult } from '@shared/schemas/auth.ts';
import { api } from '@web/lib/api-client.ts';
import { meQueryKey } from '@web/lib/session/get-me.ts';
import { mfaFactorsQueryKey } from './get-mfa-factors.ts';
import { recoveryCodesQueryKey } from './get-recovery-codes.ts';

export interface VerifyMfaFactorInput {
  factorId: string;
  challengeId: string;
  code: string;
}

/** POST /api/mfa/factors/:id/verify: finishes an unverified factor and replaces the session with an aal2 one. */
export function verifyMfaFactor({ factorId, challengeId, code }: VerifyMfaFactorInput): Promise<VerifyResult> {
  return api(`/api/mfa/factors/${encodeURIComponent(factorId)}/verify`, { method: 'POST', body: { challenge_id: challengeId, code }, schema: verifyResultSchema });
}

export function useVerifyMfaFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyMfaFactor,
    // The factor is now verified and the session changed (new cookie, aal2); a first factor brings recovery codes.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mfaFactorsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: recoveryCodesQueryKey }),
      ]),
  });
}
