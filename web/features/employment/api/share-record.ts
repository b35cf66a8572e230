import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordShareSchema, type RecordShare } from '@shared/schemas/employment.ts';
import { api } from '@web/lib/api-client.ts';
import { recordSharesQueryKey } from './get-record-shares.ts';

/** POST /api/record-shares: the candidate's consent to one company they applied to. */
export function shareRecord(companyId: string): Promise<RecordShare> {
  return api('/api/record-shares', { method: 'POST', body: { company_id: companyId }, schema: recordShareSchema });
}

export function useShareRecord() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: shareRecord, onSettled: () => queryClient.invalidateQueries({ queryKey: recordSharesQueryKey }) });
}
