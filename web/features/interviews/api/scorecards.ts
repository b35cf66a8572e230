import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scorecardListSchema, scorecardSchema, scorecardSummarySchema, type Scorecard, type ScorecardBody, type ScorecardList, type ScorecardSummary } from '@shared/schemas/scorecards.ts';
import { api } from '@web/lib/api-client.ts';
import { interviewsQueryKey } from './get-interviews.ts';

export const scorecardsQueryKey = (interviewId: string) => ['interviews', interviewId, 'scorecards'] as const;
const summaryQueryKey = (applicationId: string) => ['interviews', 'scorecard-summary', applicationId] as const;

/** GET /api/interviews/:id/scorecards: the scorecards the caller may see, who has submitted, and the job's criteria. */
export function getScorecards(interviewId: string, signal?: AbortSignal): Promise<ScorecardList> {
  return api(`/api/interviews/${encodeURIComponent(interviewId)}/scorecards`, { schema: scorecardListSchema, signal });
}

export function useScorecards(interviewId: string, enabled: boolean) {
  return useQuery({ queryKey: scorecardsQueryKey(interviewId), queryFn: ({ signal }) => getScorecards(interviewId, signal), enabled });
}

/** PUT /api/interviews/:id/scorecard: the caller's own scorecard (a second save replaces it). */
export function saveScorecard({ interviewId, ...body }: ScorecardBody & { interviewId: string }): Promise<Scorecard> {
  return api(`/api/interviews/${encodeURIComponent(interviewId)}/scorecard`, { method: 'PUT', body, schema: scorecardSchema });
}

/** Saving refreshes every interviews query: the counts, the dialog's list and the pipeline's summary. */
export function useSaveScorecard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveScorecard, onSettled: () => queryClient.invalidateQueries({ queryKey: interviewsQueryKey }) });
}

/** GET /api/pipeline/applications/:applicationId/scorecards: each interviewer's recommendation and average, hiding applied. */
export function useScorecardSummary(applicationId: string) {
  return useQuery({
    queryKey: summaryQueryKey(applicationId),
    queryFn: ({ signal }): Promise<ScorecardSummary> => api(`/api/pipeline/applications/${encodeURIComponent(applicationId)}/scorecards`, { schema: scorecardSummarySchema, signal }),
  });
}
