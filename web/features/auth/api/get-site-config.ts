import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteConfigSchema } from '@shared/schemas/site.ts';
import { api } from '@web/lib/api-client.ts';

/** GET /api/site-config: which optional sign-in methods the server offers. */
export const siteConfigQueryOptions = () =>
  queryOptions({ queryKey: ['site-config'], queryFn: () => api('/api/site-config', { schema: siteConfigSchema }), staleTime: Infinity });

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}
