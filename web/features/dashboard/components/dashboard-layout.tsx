import { useEffect, useRef, useState } from 'react';
import { Menu, X } from 'lucide-react';
import { Outlet } from 'react-router';
import { messages } from '@shared/messages.ts';
import { Brand } from '@web/components/brand.tsx';
import { AccountMenu } from '@web/components/layout/account-menu.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { FullPageSpinner } from '@web/components/ui/spinner.tsx';
import { useMe } from '@web/lib/session/get-me.ts';
import { NotificationBell } from '@web/features/notifications/components/notification-bell.tsx';
import { DashboardNav } from './dashboard-nav.tsx';
import { ScreenAccess } from './screen-access.tsx';
import { PlanBanner } from '@web/features/billing/components/plan-banner.tsx';

/** /dashboard/*: sidebar, header (title, notifications, Account menu) and the nested screen. */
export function DashboardLayout() {
  const profile = useMe();
  const me = profile.data;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The open menu takes the focus; Escape closes it and gives the focus back to the menu button
  // (issue 33 C5: Escape did nothing).
  useEffect(() => {
    if (!menuOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  // The profile is loaded on entering the dashboard (spec point 2): a spinner, then the shell.
  if (profile.isPending) return <FullPageSpinner label={messages.dashboardOverview.loadingProfile} />;
  if (!me) {
    if (!profile.isError) return null;
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center" role="alert">
        <p className="text-slate-700">{messages.dashboardOverview.profileLoadFailed}</p>
        <Button variant="outline" onClick={() => void profile.refetch()}>
          {messages.dashboardOverview.retry}
        </Button>
      </div>
    );
  }

  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {messages.shell.skipToContent}
      </a>
      <aside className="hidden border-r border-slate-200 bg-white lg:block">
        <div className="sticky top-0 flex h-dvh flex-col gap-6 px-4 py-5">
          <Brand className="px-2" />
          <DashboardNav />
        </div>
      </aside>
      {menuOpen ? (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" onClick={closeMenu} />
          <aside id="mobile-nav" className="relative flex h-full w-72 flex-col gap-6 bg-white px-4 py-5 shadow-xl">
            <div className="flex items-center justify-between">
              <Brand className="px-2" />
              <Button ref={closeButton} variant="ghost" size="icon" aria-label={messages.shell.closeMenu} onClick={closeMenu}>
                <X className="size-5" aria-hidden="true" />
              </Button>
            </div>
            <DashboardNav onNavigate={() => setMenuOpen(false)} />
          </aside>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={messages.shell.openMenu}
            aria-expanded={menuOpen}
            aria-controls="mobile-nav"
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="size-5" aria-hidden="true" />
          </Button>
          <h1 className="text-lg font-semibold text-slate-900">{messages.shell.dashboardTitle}</h1>
          <div className="ml-auto flex items-center gap-2">
            <NotificationBell />
            <AccountMenu me={me} />
          </div>
        </header>
        {me.user.role === 'employer' && me.user.company_id ? <PlanBanner companyRole={me.user.company_role} /> : null}
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <ScreenAccess>
            <Outlet />
          </ScreenAccess>
        </main>
      </div>
    </div>
  );
}
