import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardOverviewSchema, type DashboardOverview } from '@shared/schemas/dashboard.ts';
import { api } from '@web/lib/api-client.ts';

export const overviewQueryKey = ['dashboard-overview'] as const;

/** GET /api/dashboard/overview: counts, trends and recent activity of the user's own company. */
export function getOverview(): Promise<DashboardOverview> {
  return api('/api/dashboard/overview', { schema: dashboardOverviewSchema });
}

export function useOverview(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: overviewQueryKey, queryFn: getOverview, enabled, staleTime: 0 }));
}
