import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { companyCandidateSearchSchema, type CompanyCandidateSearch } from '@shared/schemas/company-candidate-search.ts';
import { api } from '@web/lib/api-client.ts';

/** GET /api/pipeline/candidates/search: the company's candidates matching a name, email, phone or candidate ID. */
export function searchCompanyCandidates(q: string, signal?: AbortSignal): Promise<CompanyCandidateSearch> {
  return api(`/api/pipeline/candidates/search?q=${encodeURIComponent(q)}`, { schema: companyCandidateSearchSchema, signal });
}

/** Asked for a query with something in it; the previous answer stays listed while the next loads. */
export function useCompanyCandidateSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['company-candidate-search', query] as const,
    queryFn: ({ signal }) => searchCompanyCandidates(query, signal),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
}
