import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stageChangeResultSchema, type JobPipeline, type MoveStageInput, type StageChangeResult } from '@shared/schemas/pipeline.ts';
import { api } from '@web/lib/api-client.ts';
import { pipelineApplicationQueryKey } from './get-application.ts';
import { pipelineQueryKey } from './get-pipeline.ts';

/** POST /api/pipeline/applications/:applicationId/stage */
export function moveStage(applicationId: string, body: MoveStageInput): Promise<StageChangeResult> {
  return api(`/api/pipeline/applications/${encodeURIComponent(applicationId)}/stage`, { method: 'POST', body, schema: stageChangeResultSchema });
}

/**
 * Moves a card at once (optimistic: the board follows the drag), then refetches the job's
 * pipeline and the application's detail; a refusal puts the card back.
 */
export function useMoveStage(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, body }: { applicationId: string; body: MoveStageInput }) => moveStage(applicationId, body),
    onMutate: async ({ applicationId, body }) => {
      await queryClient.cancelQueries({ queryKey: pipelineQueryKey(jobId) });
      // Every answer of this job's pipeline (each stage may show more or fewer).
      const previous = queryClient.getQueriesData<JobPipeline>({ queryKey: pipelineQueryKey(jobId) });
      queryClient.setQueriesData<JobPipeline>({ queryKey: pipelineQueryKey(jobId) }, (current) =>
        current
          ? { ...current, applications: current.applications.map((application) => (application.id === applicationId ? { ...application, stage: body.stage } : application)) }
          : current,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: (_data, _error, { applicationId }) => {
      void queryClient.invalidateQueries({ queryKey: pipelineQueryKey(jobId) });
      void queryClient.invalidateQueries({ queryKey: pipelineApplicationQueryKey(applicationId) });
    },
  });
}
