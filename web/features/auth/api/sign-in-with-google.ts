import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@web/lib/api-client.ts';

/** POST /api/auth/sign-in/social: Google answers back through /auth/callback. */
export async function signInWithGoogle(): Promise<void> {
  const { url } = await api('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback' },
    schema: z.object({ url: z.url() }),
  });
  window.location.assign(url);
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
