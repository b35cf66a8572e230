import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminChatsPageSchema, type AdminChatsPage } from '@shared/schemas/support-chat.ts';
import { api } from '@web/lib/api-client.ts';

export const adminChatsQueryKey = ['admin', 'support-chats'] as const;

/** GET /api/admin/support/chats?page=: every support chat, most recent activity first, 50 a page. */
export function getAdminChats(page: number, signal?: AbortSignal): Promise<AdminChatsPage> {
  return api(`/api/admin/support/chats?page=${page}`, { schema: adminChatsPageSchema, signal });
}

/** Refetched on every live chat event (the tab invalidates adminChatsQueryKey); the old page stays shown meanwhile. */
export function useAdminChats(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...adminChatsQueryKey, page],
    queryFn: ({ signal }) => getAdminChats(page, signal),
    enabled,
    placeholderData: keepPreviousData,
    retry: 1,
    staleTime: 0,
  });
}
