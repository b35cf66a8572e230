import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@web/lib/query-client.ts';
import { createRouter } from '@web/app/router.tsx';
import { DeferredToaster } from '@web/app/deferred-toaster.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
const router = createRouter();
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <DeferredToaster />
    </QueryClientProvider>
  </StrictMode>
);

if (container.firstElementChild) {
  // The server rendered this page (the landing, a job: web/prerender.tsx). Hydrate it once the
  // router has loaded the page's screen, so the first render matches the markup instead of
  // replacing it with the loading fallback.
  const hydrate = () => hydrateRoot(container, app);
  if (router.state.initialized) hydrate();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      hydrate();
    });
  }
} else {
  createRoot(container).render(app);
}
