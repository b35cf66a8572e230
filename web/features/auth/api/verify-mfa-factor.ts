import { useMutation } from '@tanstack/react-query';
import { verifyResultSchema, type VerifyResult } from '@shared/schemas/auth.ts';
import { api } from '@web/lib/api-client.ts';

export interface VerifyMfaInput {
  factorId: string;
  challengeId: string;
  code: string;
}

/** POST /api/mfa/factors/:id/verify: on success the server sets a new (aal2) session cookie. */
export function verifyMfaFactor({ factorId, challengeId, code }: VerifyMfaInput): Promise<VerifyResult> {
  return api(`/api/mfa/factors/${encodeURIComponent(factorId)}/verify`, { method: 'POST', body: { challenge_id: challengeId, code }, schema: verifyResultSchema });
}

export function useVerifyMfaFactor() {
  return useMutation({ mutationFn: verifyMfaFactor });
}
