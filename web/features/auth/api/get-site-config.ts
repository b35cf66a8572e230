import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@shared/schemas/site.ts';
import { api } from '@web/lib/api-client.ts';

/** GET /api/site-config: which optional sign-in methods the server offers (typed, not parsed: /auth loads no zod). */
export const siteConfigQueryOptions = () =>
  queryOptions({ queryKey: ['site-config'], queryFn: () => api<SiteConfig>('/api/site-config'), staleTime: Infinity });

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}
