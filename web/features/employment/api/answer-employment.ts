import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client.ts';
import { employmentRecordsQueryKey } from './get-employment-records.ts';

/**
 * POST /api/employment-records/:id/confirm or /decline: the person's answer to an employment a
 * company added directly. Confirmed, it joins their record; declined, it never does.
 */
export async function answerEmployment({ id, answer }: { id: string; answer: 'confirm' | 'decline' }): Promise<void> {
  await api(`/api/employment-records/${encodeURIComponent(id)}/${answer}`, { method: 'POST' });
}

export function useAnswerEmployment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerEmployment, onSettled: () => queryClient.invalidateQueries({ queryKey: employmentRecordsQueryKey }) });
}
