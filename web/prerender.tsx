/**
 * The public pages rendered to HTML on the server (issue 14, item 4; decision record 0014): the
 * landing page and a shared job's page arrive with their content, so they paint before any
 * script runs, and the browser app hydrates them (web/main.tsx). Built by `vite build --ssr`
 * into dist-ssr/prerender.js; the server imports it when it is there (server/http/page-render.ts).
 */
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PublicJobDetail } from '@shared/schemas/job-detail.ts';
import type { SiteConfig } from '@shared/schemas/site.ts';
import { routes } from '@web/app/router.tsx';
import { jobDetailQueryKey } from '@web/features/job-detail/api/get-job-detail.ts';
import { siteConfigQueryOptions } from '@web/features/auth/api/get-site-config.ts';

const handler = createStaticHandler(routes);

/**
 * The markup of `path` as the browser app's first render makes it (signed out, nothing fetched
 * but `job` and `siteConfig`, which the served page carries too), or undefined when the route does
 * not render (a redirect, an error).
 */
export async function renderPage(path: string, { job, siteConfig }: { job?: PublicJobDetail; siteConfig?: SiteConfig } = {}): Promise<string | undefined> {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response || context.errors) return undefined;
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  if (job) queryClient.setQueryData(jobDetailQueryKey(job.id), job);
  if (siteConfig) queryClient.setQueryData(siteConfigQueryOptions().queryKey, siteConfig);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </QueryClientProvider>,
  );
}
