import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { createQueryClient } from '@web/lib/query-client.ts';
import { createRouter } from '@web/app/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
const router = createRouter();

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Below the 4rem page headers, so a toast never covers the Account menu or Sign out. */}
      <Toaster richColors position="top-right" closeButton offset={{ top: '4.75rem', right: '1.5rem' }} mobileOffset={{ top: '4.5rem' }} />
    </QueryClientProvider>
  </StrictMode>,
);
