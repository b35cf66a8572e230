import type { Me } from '@shared/schemas/auth.ts';

/** Where a user lands after signing in when no page was being reached (spec point 2). */
export function homeFor(me: Me): string {
  return me.user.role === 'admin' ? '/admin' : '/dashboard';
}

/** The page the guard sent the user away from (router state `from`), if it is one of ours. */
export function originFrom(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string') return undefined;
  // Only paths on this site; never back to the sign-in screens themselves.
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\') || from.startsWith('/auth')) return undefined;
  return from;
}

export function destinationAfterSignIn(state: unknown, me: Me): string {
  return originFrom(state) ?? homeFor(me);
}
