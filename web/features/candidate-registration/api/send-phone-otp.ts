import { useMutation } from '@tanstack/react-query';
import { phoneSendResultSchema } from '@shared/schemas/candidate.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/candidate/verify-phone {action: 'send'}: texts a 6-digit OTP to the number. */
export function sendPhoneOtp(phone: string) {
  return api('/api/candidate/verify-phone', { method: 'POST', body: { action: 'send', phone }, schema: phoneSendResultSchema });
}

export function useSendPhoneOtp() {
  return useMutation({ mutationFn: sendPhoneOtp });
}
