import { queryOptions, useQuery } from '@tanstack/react-query';
import { myEmploymentRecordsSchema, type MyEmploymentRecords } from '@shared/schemas/employment.ts';
import { api } from '@web/lib/api-client.ts';

export const employmentRecordsQueryKey = ['employment-records'] as const;

/** GET /api/employment-records/mine: the signed-in person's employments, verified checks and what awaits their confirmation. */
export function getEmploymentRecords(signal?: AbortSignal): Promise<MyEmploymentRecords> {
  return api('/api/employment-records/mine', { schema: myEmploymentRecordsSchema, signal });
}

export function useEmploymentRecords() {
  return useQuery(queryOptions({ queryKey: employmentRecordsQueryKey, queryFn: ({ signal }) => getEmploymentRecords(signal) }));
}
