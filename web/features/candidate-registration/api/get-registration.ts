import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrationStateSchema, type RegistrationState } from '@shared/schemas/candidate.ts';
import { api } from '@web/lib/api-client.ts';

/** Every candidate call that changes the profile or documents answers, or refreshes, this state. */
export const registrationQueryKey = ['candidate-registration'] as const;

/** GET /api/candidate/registration: the signed-in candidate's profile, documents and first unfinished step. */
export function getRegistration(signal?: AbortSignal): Promise<RegistrationState> {
  return api('/api/candidate/registration', { schema: registrationStateSchema, signal });
}

export function registrationQueryOptions() {
  return queryOptions({ queryKey: registrationQueryKey, queryFn: ({ signal }) => getRegistration(signal) });
}

export function useRegistration() {
  return useQuery(registrationQueryOptions());
}
