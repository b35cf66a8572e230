import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditFacetsSchema, auditLogsPageSchema, type AuditFacets, type AuditLogsPage } from '@shared/schemas/admin-console.ts';
import { api } from '@web/lib/api-client.ts';

export interface AuditFilter {
  actor: string;
  action: string;
  company: string;
  /** India dates, YYYY-MM-DD, both included; '' for no bound. */
  from: string;
  to: string;
  page: number;
}

export const auditLogsQueryKey = ['admin', 'audit-logs'] as const;

/** GET /api/admin/audit-logs: 50 entries a page, newest first, with the total. */
export function getAuditLogs(filter: AuditFilter, signal?: AbortSignal): Promise<AuditLogsPage> {
  const params = new URLSearchParams({ page: String(filter.page) });
  for (const key of ['actor', 'action', 'company', 'from', 'to'] as const) {
    const value = filter[key].trim();
    if (value) params.set(key, value);
  }
  return api(`/api/admin/audit-logs?${params.toString()}`, { schema: auditLogsPageSchema, signal });
}

export function useAuditLogs(filter: AuditFilter) {
  return useQuery(
    queryOptions({
      queryKey: [...auditLogsQueryKey, filter],
      queryFn: ({ signal }) => getAuditLogs(filter, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/admin/audit-logs/facets: the actions and companies the filters offer. */
export function getAuditFacets(): Promise<AuditFacets> {
  return api('/api/admin/audit-logs/facets', { schema: auditFacetsSchema });
}

export function useAuditFacets() {
  return useQuery(queryOptions({ queryKey: [...auditLogsQueryKey, 'facets'], queryFn: getAuditFacets }));
}
