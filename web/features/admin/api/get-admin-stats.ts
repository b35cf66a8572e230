import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@web/lib/api-client.ts';

const adminStatsSchema = z.object({ total_users: z.number(), companies: z.number(), active_jobs: z.number() });
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/admin/stats (admins only). */
export function getAdminStats(): Promise<AdminStats> {
  return api('/api/admin/stats', { schema: adminStatsSchema });
}

export function adminStatsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'stats'], queryFn: getAdminStats });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
