import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedSearchListSchema, savedSearchSchema, type CandidateSearchFiltersInput, type SavedSearch } from '@shared/schemas/candidate-search.ts';
import { api } from '@web/lib/api-client.ts';

export const savedSearchesQueryKey = ['saved-candidate-searches'] as const;

/** GET /api/candidate-search/saved-searches: the caller's own saved searches, by name. */
export function getSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  return api('/api/candidate-search/saved-searches', { schema: savedSearchListSchema, signal });
}

export function useSavedSearches(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: savedSearchesQueryKey, queryFn: ({ signal }) => getSavedSearches(signal), enabled }));
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; filters: CandidateSearchFiltersInput }) =>
      api('/api/candidate-search/saved-searches', { method: 'POST', body, schema: savedSearchSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/candidate-search/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey }),
  });
}
