import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client.ts';
import { recordSharesQueryKey } from './get-record-shares.ts';

/** DELETE /api/record-shares/:shareId: the company can no longer read the record. */
export async function revokeShare(shareId: string): Promise<void> {
  await api(`/api/record-shares/${encodeURIComponent(shareId)}`, { method: 'DELETE' });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeShare, onSettled: () => queryClient.invalidateQueries({ queryKey: recordSharesQueryKey }) });
}
