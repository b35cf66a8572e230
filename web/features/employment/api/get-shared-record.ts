import { queryOptions, useQuery } from '@tanstack/react-query';
import { sharedRecordSchema, type SharedRecord } from '@shared/schemas/employment.ts';
import { api, isApiError } from '@web/lib/api-client.ts';

export const sharedRecordQueryKey = (candidateId: string) => ['shared-record', candidateId] as const;

/**
 * GET /api/employment-records/shared/:candidateId. For an applicant of the company, not shared is
 * { shared: false } (with the company's own records of the person, if any); for anyone else the
 * server answers 404, which resolves to null here. Every read of a shared record is logged for
 * the candidate.
 */
export async function getSharedRecord(candidateId: string, signal?: AbortSignal): Promise<SharedRecord | null> {
  try {
    return await api(`/api/employment-records/shared/${encodeURIComponent(candidateId)}`, { schema: sharedRecordSchema, signal });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function useSharedRecord(candidateId: string) {
  // Each read is a logged view: no refetch on focus, only on mount or when the consent changes.
  return useQuery(
    queryOptions({ queryKey: sharedRecordQueryKey(candidateId), queryFn: ({ signal }) => getSharedRecord(candidateId, signal), staleTime: Infinity, refetchOnWindowFocus: false }),
  );
}
