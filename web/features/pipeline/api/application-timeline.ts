import { useInfiniteQuery } from '@tanstack/react-query';
import { timelinePageSchema } from '@shared/schemas/candidate-record.ts';
import { api } from '@web/lib/api-client.ts';

export const applicationTimelineQueryKey = (applicationId: string) => ['application-timeline', applicationId] as const;

/** GET …/timeline?cursor=: what happened to the application, newest first, a page at a time. */
export function useApplicationTimeline(applicationId: string) {
  return useInfiniteQuery({
    queryKey: applicationTimelineQueryKey(applicationId),
    queryFn: ({ pageParam, signal }) =>
      api(`/api/pipeline/applications/${encodeURIComponent(applicationId)}/timeline${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { schema: timelinePageSchema, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
