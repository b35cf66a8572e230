import { useMutation } from '@tanstack/react-query';
import { signInMessages as messages } from '@shared/messages/sign-in.ts';
import type { SignInInput } from '@shared/schemas/auth.ts';
import { api, ApiError } from '@web/lib/api-client.ts';

/** POST /api/auth/sign-in/email: sets the session cookie on success. */
export function signInWithEmail(input: SignInInput): Promise<unknown> {
  return api('/api/auth/sign-in/email', { method: 'POST', body: { email: input.email, password: input.password } });
}

export function useSignInWithEmail() {
  return useMutation({ mutationFn: signInWithEmail });
}

/** The toast for a refused sign-in: our wording for known codes, else the server's message. */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status >= 500) return messages.auth.unexpected;
  if (error.status === 429) return messages.auth.tooManyAttempts;
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return messages.auth.invalidCredentials;
    case 'EMAIL_NOT_VERIFIED':
      return messages.auth.emailNotConfirmed;
    case 'ACCOUNT_SUSPENDED':
      return messages.auth.accountSuspended;
    default:
      return error.message || messages.auth.unexpected;
  }
}
