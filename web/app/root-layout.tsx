import { Outlet, ScrollRestoration } from 'react-router';
import { useSessionSync } from '@web/lib/session/use-session-sync.ts';

export function RootLayout() {
  useSessionSync();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
