import { useMutation, useQueryClient } from '@tanstack/react-query';
import { phoneVerifyResultSchema } from '@shared/schemas/candidate.ts';
import { api } from '@web/lib/api-client.ts';
import { meQueryKey } from '@web/lib/session/get-me.ts';
import { registrationQueryKey } from './get-registration.ts';

/** POST /api/candidate/verify-phone {action: 'verify'}: {verified: false} for a wrong code. */
export function verifyPhoneOtp(input: { phone: string; otp: string }) {
  return api('/api/candidate/verify-phone', { method: 'POST', body: { action: 'verify', ...input }, schema: phoneVerifyResultSchema });
}

export function useVerifyPhoneOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhoneOtp,
    onSuccess: async ({ verified }) => {
      if (!verified) return;
      // mobile_verified changed: the step the registration is at, and the profile /api/me reports.
      await Promise.all([queryClient.invalidateQueries({ queryKey: registrationQueryKey }), queryClient.invalidateQueries({ queryKey: meQueryKey })]);
    },
  });
}
