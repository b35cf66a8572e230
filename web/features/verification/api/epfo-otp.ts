import { useMutation, useQueryClient } from '@tanstack/react-query';
import { epfoLookupViewSchema, type EpfoLookupView } from '@shared/schemas/epfo.ts';
import { api } from '@web/lib/api-client.ts';
import { verificationChecksQueryKey } from './get-checks.ts';

/**
 * The stronger EPFO option (issue 34): the code EPFO texts to the member's mobile, then the
 * passbook. Each call answers the session as it now stands; the checks refetch, and live events
 * follow the worker's steps.
 */
function useOtpMutation<T>(call: (input: T) => Promise<EpfoLookupView>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: verificationChecksQueryKey }) });
}

/** POST /api/verification/epfo/otp: consent to the OTP flow and ask for the code. */
export const useStartEpfoOtp = () => useOtpMutation(() => api('/api/verification/epfo/otp', { method: 'POST', body: {}, schema: epfoLookupViewSchema }));

/** POST /api/verification/epfo/otp/code: the code the candidate typed. */
export const useSubmitEpfoCode = () => useOtpMutation((code: string) => api('/api/verification/epfo/otp/code', { method: 'POST', body: { code }, schema: epfoLookupViewSchema }));

/** POST /api/verification/epfo/otp/resend: a new code (a minute apart, three at most). */
export const useResendEpfoCode = () => useOtpMutation(() => api('/api/verification/epfo/otp/resend', { method: 'POST', body: {}, schema: epfoLookupViewSchema }));

/** DELETE /api/verification/epfo/otp: stop; the last answer stays. */
export const useCancelEpfoOtp = () => useOtpMutation(() => api('/api/verification/epfo/otp', { method: 'DELETE', schema: epfoLookupViewSchema }));
