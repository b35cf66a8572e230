import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client.ts';

/** POST /api/candidate/registration/email: emails a 6-digit code that creates or resumes the account. */
export function startEmail(email: string): Promise<unknown> {
  return api('/api/candidate/registration/email', { method: 'POST', body: { email } });
}

export function useStartEmail() {
  return useMutation({ mutationFn: startEmail });
}
