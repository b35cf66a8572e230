import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { companyDocumentsPageSchema, documentDownloadListSchema, type CompanyDocumentsQuery } from '@shared/schemas/company-documents.ts';
import { api } from '@web/lib/api-client.ts';

type Filters = Omit<CompanyDocumentsQuery, 'cursor'>;

/** GET /api/company/documents: the applicants' documents, fifty at a time, for the filters. */
export function useCompanyDocuments(filters: Filters) {
  return useInfiniteQuery({
    queryKey: ['company-documents', filters],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams(Object.entries({ ...filters, cursor: pageParam ?? undefined }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
      return api(`/api/company/documents?${search.toString()}`, { schema: companyDocumentsPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/candidate/document-downloads: who downloaded the candidate's documents. */
export function useDocumentDownloads() {
  return useQuery({ queryKey: ['document-downloads'], queryFn: ({ signal }) => api('/api/candidate/document-downloads', { schema: documentDownloadListSchema, signal }) });
}
