import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkDetailSchema, type CheckDetail, type DecisionBody } from '@shared/schemas/verification.ts';
import { api } from '@web/lib/api-client.ts';
import { verificationQueueQueryKey } from './get-queue.ts';

/** POST /api/verification/checks/:checkId/decision */
export function decideCheck({ checkId, ...body }: DecisionBody & { checkId: string }): Promise<CheckDetail> {
  return api(`/api/verification/checks/${encodeURIComponent(checkId)}/decision`, { method: 'POST', body, schema: checkDetailSchema });
}

/** POST /api/verification/checks/:checkId/rerun: the automatic pass (or the provider) again. */
export function rerunCheck(checkId: string): Promise<CheckDetail> {
  return api(`/api/verification/checks/${encodeURIComponent(checkId)}/rerun`, { method: 'POST', schema: checkDetailSchema });
}

function useQueueMutation<T>(mutationFn: (input: T) => Promise<CheckDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (detail) => queryClient.setQueryData([...verificationQueueQueryKey, 'check', detail.id], detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationQueueQueryKey }),
  });
}

export const useDecideCheck = () => useQueueMutation(decideCheck);
export const useRerunCheck = () => useQueueMutation(rerunCheck);
