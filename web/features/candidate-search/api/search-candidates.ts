import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { candidateSearchPageSchema, type CandidateSearchBodyInput, type CandidateSearchPage } from '@shared/schemas/candidate-search.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/candidate-search/search: a page of the company's applicants matching the filters (POST: long tag lists fit). */
export function searchCandidates(body: CandidateSearchBodyInput, signal?: AbortSignal): Promise<CandidateSearchPage> {
  return api('/api/candidate-search/search', { method: 'POST', body, schema: candidateSearchPageSchema, signal });
}

export function useCandidateSearch(body: CandidateSearchBodyInput, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['candidate-search', body] as const,
      queryFn: ({ signal }) => searchCandidates(body, signal),
      // The old page stays on screen while the next one loads, instead of flashing a spinner.
      placeholderData: keepPreviousData,
      retry: 1,
      enabled,
    }),
  );
}
