import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { jobPipelineSchema, stageLimitsQuery, type JobPipeline, type StageLimits } from '@shared/schemas/pipeline.ts';
import { api } from '@web/lib/api-client.ts';

/** Every answer of a job's pipeline (whatever each stage shows) starts with this key. */
export const pipelineQueryKey = (jobId: string) => ['pipeline', jobId] as const;

/** GET /api/pipeline/jobs/:jobId?show=&tag=: each stage's newest applications (only those tagged `tag`), with counts per stage and source. */
export function getPipeline(jobId: string, show: StageLimits, signal?: AbortSignal, tag = ''): Promise<JobPipeline> {
  const params = new URLSearchParams();
  const query = stageLimitsQuery(show);
  if (query) params.set('show', query);
  if (tag) params.set('tag', tag);
  const search = params.toString();
  return api(`/api/pipeline/jobs/${encodeURIComponent(jobId)}${search ? `?${search}` : ''}`, { schema: jobPipelineSchema, signal });
}

/** The pipeline with `show` more of some stages (and only a tag's candidates); the previous answer stays on screen while more load. */
export function usePipeline(jobId: string, show: StageLimits = {}, tag = '') {
  return useQuery({
    queryKey: [...pipelineQueryKey(jobId), stageLimitsQuery(show), tag],
    queryFn: ({ signal }) => getPipeline(jobId, show, signal, tag),
    retry: 1,
    placeholderData: keepPreviousData,
  });
}
