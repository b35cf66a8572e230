import { useMe } from '@web/lib/session/get-me.ts';

/** Every notifications query lives under this key: a live event invalidates them all at once. */
export const notificationsQueryKey = ['notifications'] as const;

/**
 * Whose notifications: part of every key, so a tab where one person's session ended and another
 * signed in never shows the first one's cached banners or count, not even for a moment.
 */
export function useNotificationsOwner(): string {
  return useMe().data?.user.id ?? 'nobody';
}
