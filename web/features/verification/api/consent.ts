import { useMutation, useQueryClient } from '@tanstack/react-query';
import { candidateCheckListSchema, type CandidateCheck, type VerificationSubjectName } from '@shared/schemas/verification.ts';
import { api } from '@web/lib/api-client.ts';
import { verificationChecksQueryKey } from './get-checks.ts';

const consentPath = (subject: VerificationSubjectName) => `/api/verification/checks/${subject}/consent`;

/** POST …/consent: the server stores the consent with its own purpose text and runs the check; answers every check. */
export function giveConsent(subject: VerificationSubjectName): Promise<CandidateCheck[]> {
  return api(consentPath(subject), { method: 'POST', schema: candidateCheckListSchema });
}

/** DELETE …/consent: the check goes back to pending. */
export function revokeConsent(subject: VerificationSubjectName): Promise<CandidateCheck[]> {
  return api(consentPath(subject), { method: 'DELETE', schema: candidateCheckListSchema });
}

/**
 * The answer is every check as it stands after the change: shown as it is, not fetched again (the
 * change's own live event is marked `own` and skipped). A failure refetches what is true, and so
 * does an answer overtaken by a live event's list (an EPFO decision that came first, which the
 * answer, read before it, would hide).
 */
function useConsentMutation(mutationFn: (subject: VerificationSubjectName) => Promise<CandidateCheck[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: () => ({ asked: Date.now() }),
    onSuccess: (checks, _subject, context) => {
      const overtaken = (queryClient.getQueryState(verificationChecksQueryKey)?.dataUpdatedAt ?? 0) >= (context?.asked ?? Number.POSITIVE_INFINITY);
      if (overtaken) return queryClient.invalidateQueries({ queryKey: verificationChecksQueryKey });
      queryClient.setQueryData(verificationChecksQueryKey, checks);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: verificationChecksQueryKey }),
  });
}

export const useGiveConsent = () => useConsentMutation(giveConsent);
export const useRevokeConsent = () => useConsentMutation(revokeConsent);
