import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scorecardTemplateSchema, type PutScorecardTemplateInput, type ScorecardTemplate } from '@shared/schemas/scorecards.ts';
import { api } from '@web/lib/api-client.ts';

const templateKey = (jobId: string) => ['jobs', jobId, 'scorecard-template'] as const;

/** GET /api/jobs/:jobId/scorecard-template: the job's criteria, or the default ones. */
export function useScorecardTemplate(jobId: string, enabled: boolean) {
  return useQuery({ queryKey: templateKey(jobId), enabled, queryFn: () => api(`/api/jobs/${encodeURIComponent(jobId)}/scorecard-template`, { schema: scorecardTemplateSchema }) });
}

/** PUT /api/jobs/:jobId/scorecard-template: the whole ordered list at once. */
export function useSaveScorecardTemplate(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutScorecardTemplateInput): Promise<ScorecardTemplate> =>
      api(`/api/jobs/${encodeURIComponent(jobId)}/scorecard-template`, { method: 'PUT', body, schema: scorecardTemplateSchema }),
    onSuccess: (template) => queryClient.setQueryData(templateKey(jobId), template),
  });
}
