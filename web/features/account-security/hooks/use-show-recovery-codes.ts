import { createContext, useContext } from 'react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';

/**
 * Shows a new set of recovery codes in the page's own dialog. The dialog that produced them (adding
 * or finishing a factor, regenerating) closes, and the row that held it may go too, so the codes
 * are held by the page rather than by it.
 */
export const ShowRecoveryCodesContext = createContext<(codes: string[]) => void>(() => undefined);

export function useShowRecoveryCodes(): (codes: string[]) => void {
  return useContext(ShowRecoveryCodesContext);
}

/**
 * What follows a new factor's first right code (adding one, or finishing its setup): "enabled", the
 * recovery codes when this factor turned two-step verification on, and the dialog closes.
 */
export function useFactorEnabled(onDone: () => void): (recoveryCodes: string[] | undefined) => void {
  const showRecoveryCodes = useShowRecoveryCodes();
  return (codes) => {
    toast.success(messages.accountSecurity.enabled);
    if (codes) showRecoveryCodes(codes);
    onDone();
  };
}
