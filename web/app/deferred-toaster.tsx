import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastsWanted, toastsWanted } from '@web/lib/toast.ts';

const Toaster = lazy(() => import('sonner').then((library) => ({ default: library.Toaster })));

/** The first of these from the person loads the Toaster ahead of the toast their action may bring. */
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

/**
 * The page's Toaster, mounted when the first toast is asked for or at the person's first click or
 * key press, so the toast library stays off the first load (issue 14, item 4).
 */
export function DeferredToaster() {
  const [mounted, setMounted] = useState(toastsWanted);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const stop = onToastsWanted(mount);
    for (const type of FIRST_INTERACTION) window.addEventListener(type, mount, { once: true, passive: true, capture: true });
    return () => {
      stop();
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, mount, { capture: true });
    };
  }, [mounted]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the 4rem page headers, so a toast never covers the Account menu or Sign out. */}
      <Toaster richColors position="top-right" closeButton offset={{ top: '4.75rem', right: '1.5rem' }} mobileOffset={{ top: '4.5rem' }} />
    </Suspense>
  );
}
