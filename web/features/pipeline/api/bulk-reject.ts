import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkRejectResultSchema, type BulkRejectInput, type BulkRejectResult } from '@shared/schemas/pipeline.ts';
import { api } from '@web/lib/api-client.ts';
import { pipelineQueryKey } from './get-pipeline.ts';

/** POST /api/pipeline/jobs/:jobId/bulk-reject: all or nothing; already closed ones come back as skipped. */
export function bulkReject(jobId: string, body: BulkRejectInput): Promise<BulkRejectResult> {
  return api(`/api/pipeline/jobs/${encodeURIComponent(jobId)}/bulk-reject`, { method: 'POST', body, schema: bulkRejectResultSchema });
}

export function useBulkReject(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkRejectInput) => bulkReject(jobId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pipelineQueryKey(jobId) }),
  });
}
