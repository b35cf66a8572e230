import { useCallback, useState } from 'react';

/**
 * A yes/no kept in this browser under `key` (the getting-started list's "Hide this list"). Storage
 * may be off (private mode, policy): the choice then lasts until the page is left.
 */
export function useDismissed(key: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(key) === '1';
    } catch {
      return false;
    }
  });
  const dismiss = useCallback(() => {
    setDismissed(true);
    try {
      localStorage.setItem(key, '1');
    } catch {
      // Kept for this page only.
    }
  }, [key]);
  return [dismissed, dismiss];
}
