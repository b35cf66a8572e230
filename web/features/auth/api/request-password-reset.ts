import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client.ts';

/** POST /api/auth/request-password-reset: the emailed link lands on /auth/reset-password?token=… */
export function requestPasswordReset(email: string): Promise<unknown> {
  return api('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: '/auth/reset-password' } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
