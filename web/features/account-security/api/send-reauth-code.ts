import { useMutation } from '@tanstack/react-query';
import { reauthCodeSentSchema } from '@shared/schemas/auth.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/mfa/reauth-code: emails a 6-digit code that confirms a change (accounts without a password). */
export function sendReauthCode() {
  return api('/api/mfa/reauth-code', { method: 'POST', body: {}, schema: reauthCodeSentSchema });
}

export function useSendReauthCode() {
  return useMutation({ mutationFn: sendReauthCode });
}
