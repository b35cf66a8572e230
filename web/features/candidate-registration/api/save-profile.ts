import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { registrationStateSchema, type personalBodySchema, type professionalBodySchema, type RegistrationState, type uanBodySchema } from '@shared/schemas/candidate.ts';
import { api } from '@web/lib/api-client.ts';
import { meQueryKey } from '@web/lib/session/get-me.ts';
import { registrationQueryKey } from './get-registration.ts';

/** The three profile sections, each saved by its own PUT /api/candidate/profile/{section}. */
export interface ProfileSectionBodies {
  uan: z.output<typeof uanBodySchema>;
  personal: z.output<typeof personalBodySchema>;
  professional: z.output<typeof professionalBodySchema>;
}
export type ProfileSection = keyof ProfileSectionBodies;

export function saveProfileSection<S extends ProfileSection>(section: S, body: ProfileSectionBodies[S]): Promise<RegistrationState> {
  return api(`/api/candidate/profile/${section}`, { method: 'PUT', body, schema: registrationStateSchema });
}

export function useSaveProfileSection<S extends ProfileSection>(section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileSectionBodies[S]) => saveProfileSection(section, body),
    onSuccess: async (state) => {
      queryClient.setQueryData(registrationQueryKey, state);
      // The full name is also the account's name, shown in the header.
      if (section === 'personal') await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
