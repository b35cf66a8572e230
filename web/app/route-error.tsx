import { useEffect } from 'react';
import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { Button } from '@web/components/ui/button.tsx';

/** Shown instead of a screen that crashed while rendering. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Screen failed to render', error);
  }, [error]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <TriangleAlert className="mb-4 size-10 text-amber-500" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">{messages.routeError.heading}</h1>
      <p className="mt-2 max-w-md text-slate-600">{messages.routeError.body}</p>
      <Button asChild className="mt-6">
        {/* A full load, not a router navigation: start again from a clean state. */}
        <a href="/">{messages.routeError.home}</a>
      </Button>
    </main>
  );
}
