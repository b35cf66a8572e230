import { useQuery } from '@tanstack/react-query';
import { supportChatSchema, type SupportChat } from '@shared/schemas/support-chat.ts';
import { api } from '@web/lib/api-client.ts';

export const ownSupportChatQueryKey = (userId: string) => ['support-chat', 'mine', userId] as const;

/** POST /api/support/chat: the caller's support chat, created the first time (safe to repeat). */
export function openSupportChat(signal?: AbortSignal): Promise<SupportChat> {
  return api('/api/support/chat', { method: 'POST', schema: supportChatSchema, signal });
}

/** The signed-in user's chat: asked once, since a user keeps one chat; nothing is asked without a user. */
export function useOwnSupportChat(userId: string | undefined) {
  return useQuery({
    queryKey: ownSupportChatQueryKey(userId ?? ''),
    queryFn: ({ signal }) => openSupportChat(signal),
    enabled: userId !== undefined,
    retry: 1,
    staleTime: Infinity,
  });
}
