import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client.ts';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** POST /api/auth/reset-password: 400 PASSWORD_NOT_ACCEPTED (weak) or INVALID_TOKEN. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return api('/api/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
