import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@shared/schemas/site.ts';
import { SITE_CONFIG_ELEMENT_ID } from '@shared/options.ts';
import { api } from '@web/lib/api-client.ts';

/**
 * The answer the server put in the /auth page it served, read once: the form renders with its
 * sign-in methods at once, as the server rendered it, with no request and nothing that moves.
 */
function servedSiteConfig(): SiteConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(SITE_CONFIG_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const config = JSON.parse(element.textContent ?? '') as SiteConfig;
    return typeof config.google_sign_in === 'boolean' ? config : undefined;
  } catch {
    return undefined;
  }
}

/** GET /api/site-config: which optional sign-in methods the server offers (typed, not parsed: /auth loads no zod). */
export const siteConfigQueryOptions = () =>
  queryOptions({ queryKey: ['site-config'], queryFn: () => api<SiteConfig>('/api/site-config'), initialData: servedSiteConfig, staleTime: Infinity });

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions());
}
