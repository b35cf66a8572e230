import { useQuery } from '@tanstack/react-query';
import { jobPipelineSchema, type JobPipeline } from '@shared/schemas/pipeline.ts';
import { api } from '@web/lib/api-client.ts';

export const pipelineQueryKey = (jobId: string) => ['pipeline', jobId] as const;

/** GET /api/pipeline/jobs/:jobId: the job's applications, with counts per stage and source. */
export function getPipeline(jobId: string, signal?: AbortSignal): Promise<JobPipeline> {
  return api(`/api/pipeline/jobs/${encodeURIComponent(jobId)}`, { schema: jobPipelineSchema, signal });
}

export function usePipeline(jobId: string) {
  return useQuery({ queryKey: pipelineQueryKey(jobId), queryFn: ({ signal }) => getPipeline(jobId, signal), retry: 1 });
}
