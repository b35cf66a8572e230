import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { careerProfileSchema, type CareerProfile, type CareerProfileValues } from '@shared/schemas/candidate-search.ts';
import { api } from '@web/lib/api-client.ts';

export const careerProfileQueryKey = ['career-profile'] as const;

/** GET /api/candidate-search/career-profile: skills, projects, location, pay and what checks verified. */
export function getCareerProfile(signal?: AbortSignal): Promise<CareerProfile> {
  return api('/api/candidate-search/career-profile', { schema: careerProfileSchema, signal });
}

export function useCareerProfile() {
  // A 409 (registration not started) is an answer, not a hiccup: do not retry it.
  return useQuery(queryOptions({ queryKey: careerProfileQueryKey, queryFn: ({ signal }) => getCareerProfile(signal), retry: false }));
}

/** PUT /api/candidate-search/career-profile: the whole career profile. */
export function saveCareerProfile(values: CareerProfileValues): Promise<CareerProfile> {
  return api('/api/candidate-search/career-profile', { method: 'PUT', body: values, schema: careerProfileSchema });
}

export function useSaveCareerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCareerProfile,
    onSuccess: (profile) => queryClient.setQueryData(careerProfileQueryKey, profile),
  });
}
