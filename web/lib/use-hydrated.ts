import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the page's script has taken over. A page the server
 * rendered can be used before its script runs; a control that must not work without the script
 * (a form's submit, which would otherwise submit natively) stays disabled until then.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // Not useSyncExternalStore with a server snapshot: the build runs on Preact (decision record 0014),
  // whose hydration keeps the server's attributes and does not render the server snapshot first, so
  // the button would stay disabled. A render after mounting is the point here.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
