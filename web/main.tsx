import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <DeferredToaster />
    </QueryClientProvider>
  </StrictMode>,
);
