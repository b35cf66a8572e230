import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { jobPipelineSchema, stageLimitsQuery, type JobPipeline, type StageLimits } from '@shared/schemas/pipeline.ts';
import { api } from '@web/lib/api-client.ts';

/** Every answer of a job's pipeline (whatever each stage shows) starts with this key. */
export const pipelineQueryKey = (jobId: string) => ['pipeline', jobId] as const;

/** GET /api/pipeline/jobs/:jobId?show=: each stage's newest applications, with counts per stage and source. */
export function getPipeline(jobId: string, show: StageLimits, signal?: AbortSignal): Promise<JobPipeline> {
  const query = stageLimitsQuery(show);
  return api(`/api/pipeline/jobs/${encodeURIComponent(jobId)}${query ? `?show=${encodeURIComponent(query)}` : ''}`, { schema: jobPipelineSchema, signal });
}

/** The pipeline with `show` more of some stages; the previous answer stays on screen while more load. */
export function usePipeline(jobId: string, show: StageLimits = {}) {
  return useQuery({
    queryKey: [...pipelineQueryKey(jobId), stageLimitsQuery(show)],
    queryFn: ({ signal }) => getPipeline(jobId, show, signal),
    retry: 1,
    placeholderData: keepPreviousData,
  });
}
