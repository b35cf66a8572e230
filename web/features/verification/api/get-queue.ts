import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { checkDetailSchema, queuePageSchema, type CheckDetail, type QueuePage } from '@shared/schemas/verification.ts';
import { api } from '@web/lib/api-client.ts';

export type QueueFilter = 'open' | 'in_review' | 'pending' | 'verified' | 'rejected';

/** Every queue page and check detail lives under this key: one invalidation refreshes them all. */
export const verificationQueueQueryKey = ['verification-queue'] as const;

/** GET /api/verification/queue?status=&page=: oldest first, 50 a page. */
export function getVerificationQueue(status: QueueFilter, page: number, signal?: AbortSignal): Promise<QueuePage> {
  return api(`/api/verification/queue?${new URLSearchParams({ status, page: String(page) }).toString()}`, { schema: queuePageSchema, signal });
}

export function useVerificationQueue(status: QueueFilter, page: number) {
  return useQuery({
    queryKey: [...verificationQueueQueryKey, status, page],
    queryFn: ({ signal }) => getVerificationQueue(status, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/verification/checks/:checkId: flags, consent and history of one check. */
export function getCheckDetail(checkId: string, signal?: AbortSignal): Promise<CheckDetail> {
  return api(`/api/verification/checks/${encodeURIComponent(checkId)}`, { schema: checkDetailSchema, signal });
}

export function useCheckDetail(checkId: string | null) {
  return useQuery({
    queryKey: [...verificationQueueQueryKey, 'check', checkId],
    queryFn: ({ signal }) => getCheckDetail(checkId ?? '', signal),
    enabled: checkId !== null,
    staleTime: 0,
  });
}

/** Where the team's viewer loads the check's PDF (inline, sandboxed). */
export const checkDocumentUrl = (checkId: string) => `/api/verification/checks/${encodeURIComponent(checkId)}/document`;
