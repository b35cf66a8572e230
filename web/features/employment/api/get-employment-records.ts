import { queryOptions, useQuery } from '@tanstack/react-query';
import { employmentRecordsSchema, type EmploymentRecords } from '@shared/schemas/employment.ts';
import { api } from '@web/lib/api-client.ts';

export const employmentRecordsQueryKey = ['employment-records'] as const;

/** GET /api/employment-records/mine: the signed-in person's employments and verified checks. */
export function getEmploymentRecords(signal?: AbortSignal): Promise<EmploymentRecords> {
  return api('/api/employment-records/mine', { schema: employmentRecordsSchema, signal });
}

export function useEmploymentRecords() {
  return useQuery(queryOptions({ queryKey: employmentRecordsQueryKey, queryFn: ({ signal }) => getEmploymentRecords(signal) }));
}
