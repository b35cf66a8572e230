import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { candidateTagListSchema, companyTagListSchema } from '@shared/schemas/candidate-record.ts';
import { api } from '@web/lib/api-client.ts';
import { pipelineApplicationQueryKey } from './get-application.ts';
import { applicationTimelineQueryKey } from './application-timeline.ts';

export const candidateTagsQueryKey = (applicationId: string) => ['candidate-tags', applicationId] as const;
export const companyTagsQueryKey = ['company-tags'] as const;
const path = (applicationId: string) => `/api/pipeline/applications/${encodeURIComponent(applicationId)}/tags`;

/** GET …/tags: the company's tags on this application's candidate. */
export function useCandidateTags(applicationId: string) {
  return useQuery({ queryKey: candidateTagsQueryKey(applicationId), queryFn: ({ signal }) => api(path(applicationId), { schema: candidateTagListSchema, signal }) });
}

/** GET /api/pipeline/tags: the company's tags, most used first (suggestions and the board's filter). */
export function useCompanyTags(enabled = true) {
  return useQuery({ queryKey: companyTagsQueryKey, queryFn: ({ signal }) => api('/api/pipeline/tags', { schema: companyTagListSchema, signal }), enabled, staleTime: 30_000 });
}

/** Adds (a label) or removes (a tag id); the tags, the panel, the board's cards and the timeline refetch. */
export function useChangeTags(applicationId: string, jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { add: string } | { remove: string }) =>
      'add' in change
        ? api(path(applicationId), { method: 'POST', body: { tag: change.add }, schema: candidateTagListSchema })
        : api(`${path(applicationId)}/${encodeURIComponent(change.remove)}`, { method: 'DELETE', schema: candidateTagListSchema }),
    onSuccess: (tags) => {
      queryClient.setQueryData(candidateTagsQueryKey(applicationId), tags);
      void queryClient.invalidateQueries({ queryKey: pipelineApplicationQueryKey(applicationId) });
      void queryClient.invalidateQueries({ queryKey: ['pipeline', jobId] });
      void queryClient.invalidateQueries({ queryKey: companyTagsQueryKey });
      void queryClient.invalidateQueries({ queryKey: applicationTimelineQueryKey(applicationId) });
    },
  });
}
