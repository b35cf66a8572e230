import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyToJobResult } from '@shared/schemas/job-detail.ts';
import type { ScreeningAnswerValue } from '@shared/screening-answers.ts';
import { api, isApiError } from '@web/lib/api-client.ts';
import { jobDetailQueryKey } from './get-job-detail.ts';
import { myApplicationQueryKey } from './get-my-application.ts';

/**
 * POST /api/jobs/:jobId/applications: 201 received, or 200 already_applied for a repeat.
 * `source` is the ?src= tag of the link the candidate followed (link, qr, drive:<id>); `answers`
 * answer the job's screening questions (issue 36 §1).
 */
export type ScreeningAnswers = { question_id: string; answer: ScreeningAnswerValue }[];
export async function applyToJob(jobId: string, source?: string, answers?: ScreeningAnswers): Promise<ApplyToJobResult> {
  // The schema (and zod) load when someone applies, not with the job page (issue 14, item 4).
  const { applyToJobResultSchema } = await import('@shared/schemas/job-detail.ts');
  return api(`/api/jobs/${encodeURIComponent(jobId)}/applications`, { method: 'POST', body: { ...(source ? { source } : {}), ...(answers?.length ? { answers } : {}) }, schema: applyToJobResultSchema });
}

export function useApplyToJob(jobId: string, source?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers?: ScreeningAnswers) => applyToJob(jobId, source, answers),
    onSuccess: () => queryClient.setQueryData(myApplicationQueryKey(jobId), { applied: true, status: 'received' }),
    // A job that closed (409) or disappeared (404) meanwhile: show the page as it now is.
    onError: (error) => {
      if (isApiError(error, 409) || isApiError(error, 404)) void queryClient.invalidateQueries({ queryKey: jobDetailQueryKey(jobId) });
    },
  });
}
