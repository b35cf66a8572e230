import { useMutation } from '@tanstack/react-query';
import { challengeResultSchema, type ChallengeResult } from '@shared/schemas/auth.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/mfa/factors/:id/challenge: for a phone factor this texts a 6-digit code (429 when asked too often). */
export function createMfaChallenge(factorId: string): Promise<ChallengeResult> {
  return api(`/api/mfa/factors/${encodeURIComponent(factorId)}/challenge`, { method: 'POST', body: {}, schema: challengeResultSchema });
}

export function useCreateMfaChallenge() {
  return useMutation({ mutationFn: createMfaChallenge });
}
