import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registrationStateSchema, type RegistrationState } from '@shared/schemas/candidate.ts';
import { api } from '@web/lib/api-client.ts';
import { meQueryKey } from '@web/lib/session/get-me.ts';
import { registrationQueryKey } from './get-registration.ts';

/** POST /api/candidate/registration/email/verify: proves the email and signs the candidate in (session cookie). */
export function verifyEmail(input: { email: string; otp: string }): Promise<RegistrationState> {
  return api('/api/candidate/registration/email/verify', { method: 'POST', body: input, schema: registrationStateSchema });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: async (state) => {
      queryClient.setQueryData(registrationQueryKey, state);
      // The whole app learns the candidate is now signed in.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
