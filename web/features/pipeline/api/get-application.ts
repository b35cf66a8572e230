import { useQuery } from '@tanstack/react-query';
import { pipelineApplicationDetailSchema, type PipelineApplicationDetail } from '@shared/schemas/pipeline.ts';
import { api } from '@web/lib/api-client.ts';

export const pipelineApplicationQueryKey = (applicationId: string) => ['pipeline-application', applicationId] as const;

/** GET /api/pipeline/applications/:applicationId: one application with its stage history. */
export function getPipelineApplication(applicationId: string, signal?: AbortSignal): Promise<PipelineApplicationDetail> {
  return api(`/api/pipeline/applications/${encodeURIComponent(applicationId)}`, { schema: pipelineApplicationDetailSchema, signal });
}

/** Asked only while the application panel is open. */
export function usePipelineApplication(applicationId: string | null) {
  return useQuery({
    queryKey: pipelineApplicationQueryKey(applicationId ?? ''),
    queryFn: ({ signal }) => getPipelineApplication(applicationId ?? '', signal),
    enabled: applicationId !== null,
    retry: 1,
  });
}
