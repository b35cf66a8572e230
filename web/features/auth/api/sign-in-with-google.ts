import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client.ts';

/** The provider's page to go to: an absolute http(s) address, nothing else (no javascript: URL). */
function providerUrl(value: unknown): string {
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error('The server did not answer with the provider address');
  return url.href;
}

/** POST /api/auth/sign-in/social: Google answers back through /auth/callback. */
export async function signInWithGoogle(): Promise<void> {
  const { url } = await api<{ url?: unknown }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback' },
  });
  window.location.assign(providerUrl(url));
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
