import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registrationStateSchema, type RegistrationState } from '@shared/schemas/candidate.ts';
import { api } from '@web/lib/api-client.ts';
import { registrationQueryKey } from './get-registration.ts';

/** POST /api/candidate/registration/complete: marks the registration finished (documents are optional). */
export function completeRegistration(): Promise<RegistrationState> {
  return api('/api/candidate/registration/complete', { method: 'POST', body: {}, schema: registrationStateSchema });
}

export function useCompleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeRegistration,
    onSuccess: (state) => queryClient.setQueryData(registrationQueryKey, state),
  });
}
