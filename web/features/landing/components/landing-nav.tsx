import { useEffect, useId, useRef, useState } from 'react';
import { LogOut, Menu, X } from 'lucide-react';
import { Link } from 'react-router';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { Brand } from '@web/components/brand.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { cn } from '@web/lib/cn.ts';
import { homeFor } from '@web/lib/session/destinations.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useSignOut } from '@web/lib/session/sign-out.ts';

const text = messages.landing.nav;
const links = [
  { to: '/jobs', label: text.findJobs },
  { to: '/companies', label: text.companies },
  { to: '/resources', label: text.resources },
] as const;

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const linkClass = cn('rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900', focusRing);
const registerClass = cn('rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-800', focusRing);

/**
 * The nav bar, shown only on / (spec point 2): Find Jobs, Companies, Resources, and Sign In /
 * Register (both to /employer-signup), or Sign Out while a session exists. Below md the links
 * fold into a menu button.
 */
export function LandingNav() {
  const session = useMe();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const me = session.data;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // A link of the menu had the focus: it goes back to the menu button, not to the page's start.
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <nav aria-label={text.label} className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 px-4 py-3 sm:px-6">
        <Brand />
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="ml-auto md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? text.closeMenu : text.openMenu}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
        </Button>
        <div
          id={menuId}
          className={cn(
            'w-full flex-col gap-1 border-t border-slate-100 pt-3 pb-1 md:ml-auto md:flex md:w-auto md:flex-row md:items-center md:gap-2 md:border-0 md:p-0',
            open ? 'flex' : 'hidden',
          )}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={cn(linkClass, 'block')} onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div
            // Hidden (not removed) while the session is being checked, so the bar does not jump.
            className={cn('flex items-center gap-2 md:ml-2 md:border-l md:border-slate-200 md:pl-4', session.isPending && 'invisible')}
            data-testid="nav-account"
          >
            {me ? (
              <>
                <Link to={homeFor(me)} className={linkClass} onClick={close}>
                  {text.dashboard}
                </Link>
                <Button variant="outline" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSettled: close })}>
                  <LogOut className="size-4" aria-hidden="true" />
                  {text.signOut}
                </Button>
              </>
            ) : (
              <p className="flex items-center text-sm font-medium">
                <Link to="/employer-signup" className={linkClass} onClick={close}>
                  {text.signIn}
                </Link>
                <span aria-hidden="true" className="px-1 text-slate-400">
                  /
                </span>
                <Link to="/employer-signup" className={registerClass} onClick={close}>
                  {text.register}
                </Link>
              </p>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
