import { useState } from 'react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import type { Factor } from '@shared/schemas/auth.ts';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { useCreateMfaChallenge } from '../api/create-mfa-challenge.ts';
import { useVerifyMfaFactor } from '../api/verify-mfa-factor.ts';

type FactorRef = Pick<Factor, 'id' | 'factor_type'>;

/** The outcome of a code: accepted, or the text to show under the code field. */
/** recoveryCodes: the codes shown once when this factor turned two-step verification on. */
export type VerifyOutcome = { ok: true; recoveryCodes: string[] | undefined } | { ok: false; message: string };

/** Answers after which the challenge is of no more use: a new one must be opened. */
const deadChallengeCodes = new Set(['CODE_EXPIRED', 'CHALLENGE_NOT_FOUND']);

/**
 * Challenge and verify for one factor being set up. A phone challenge texts a code, so it is
 * opened on request (sendCode); a TOTP challenge sends nothing and is opened when the first code
 * is submitted, and again whenever the server says the previous one is used up.
 */
export function useFactorVerification() {
  const createChallenge = useCreateMfaChallenge();
  const verifyFactor = useVerifyMfaFactor();
  const [challengeId, setChallengeId] = useState<string | null>(null);

  async function sendCode(factor: FactorRef): Promise<string | null> {
    try {
      const { id } = await createChallenge.mutateAsync(factor.id);
      setChallengeId(id);
      return id;
    } catch (error) {
      if (!isApiError(error)) console.error('Could not create the MFA challenge', error);
      // The server's own words, e.g. "Please wait a minute before requesting another code."
      toast.error(errorMessage(error, messages.auth.unexpected));
      return null;
    }
  }

  async function verify(factor: FactorRef, code: string): Promise<VerifyOutcome> {
    const challenge = challengeId ?? (factor.factor_type === 'totp' ? await sendCode(factor) : null);
    if (!challenge) return { ok: false, message: messages.mfa.challengeNotFound };
    try {
      const result = await verifyFactor.mutateAsync({ factorId: factor.id, challengeId: challenge, code });
      setChallengeId(null);
      return { ok: true, recoveryCodes: result.recovery_codes };
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 429)) {
        if (error.status === 429 || deadChallengeCodes.has(error.code)) setChallengeId(null);
        return { ok: false, message: error.message };
      }
      if (!isApiError(error)) console.error('MFA verification failed', error);
      toast.error(errorMessage(error, messages.auth.unexpected));
      return { ok: false, message: '' };
    }
  }

  return {
    sendCode,
    verify,
    reset: () => setChallengeId(null),
    sending: createChallenge.isPending,
    verifying: verifyFactor.isPending,
  };
}

export type FactorVerification = ReturnType<typeof useFactorVerification>;
