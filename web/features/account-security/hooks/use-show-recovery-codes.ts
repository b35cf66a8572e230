import { createContext, useContext } from 'react';

/**
 * Shows a new set of recovery codes in the page's own dialog. The dialog that produced them (adding
 * or finishing a factor, regenerating) closes, and the row that held it may go too, so the codes
 * are held by the page rather than by it.
 */
export const ShowRecoveryCodesContext = createContext<(codes: string[]) => void>(() => undefined);

export function useShowRecoveryCodes(): (codes: string[]) => void {
  return useContext(ShowRecoveryCodesContext);
}
