import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scorecardListSchema, scorecardSchema, type Scorecard, type ScorecardBody } from '@shared/schemas/interviews.ts';
import { api } from '@web/lib/api-client.ts';
import { interviewsQueryKey } from './get-interviews.ts';

export const scorecardsQueryKey = (interviewId: string) => ['interviews', interviewId, 'scorecards'] as const;

/** GET /api/interviews/:id/scorecards: every interviewer's scorecard, for the company's members. */
export function getScorecards(interviewId: string, signal?: AbortSignal): Promise<Scorecard[]> {
  return api(`/api/interviews/${encodeURIComponent(interviewId)}/scorecards`, { schema: scorecardListSchema, signal }).then((body) => body.scorecards);
}

export function useScorecards(interviewId: string, enabled: boolean) {
  return useQuery({ queryKey: scorecardsQueryKey(interviewId), queryFn: ({ signal }) => getScorecards(interviewId, signal), enabled });
}

/** PUT /api/interviews/:id/scorecard: the caller's own scorecard (a second save replaces it). */
export function saveScorecard({ interviewId, ...body }: ScorecardBody & { interviewId: string }): Promise<Scorecard> {
  return api(`/api/interviews/${encodeURIComponent(interviewId)}/scorecard`, { method: 'PUT', body, schema: scorecardSchema });
}

export function useSaveScorecard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveScorecard, onSettled: () => queryClient.invalidateQueries({ queryKey: interviewsQueryKey }) });
}
