import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { homeFor } from '@web/lib/session/destinations.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { usePageMeta } from '@web/lib/use-page-meta.ts';
import { Brand } from '../brand.tsx';
import { Button } from '../ui/button.tsx';
import { SiteFooter } from './site-footer.tsx';

/**
 * The frame of a public page other than /: the spec shows the nav bar only on /, so here a slim
 * header with the brand (home) and a sign-in link (or the way back for a signed-in visitor), the
 * page, and the site footer.
 */
export function PublicLayout({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  usePageMeta(title, description);
  const me = useMe().data;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Brand />
          {/* A signed-in visitor is offered the way back to their own area instead of Sign In. */}
          <Button asChild variant="ghost">
            {me ? <Link to={homeFor(me)}>{me.user.role === 'admin' ? 'Admin' : 'Dashboard'}</Link> : <Link to="/auth">Sign In</Link>}
          </Button>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
