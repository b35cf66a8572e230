import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the page's script has taken over. A page the server
 * rendered can be used before its script runs; a control that must not work without the script
 * (a form's submit, which would otherwise submit natively) stays disabled until then.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
