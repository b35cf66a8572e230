import { chatMessagesPageSchema, type ChatMessagesPage } from '@shared/schemas/support-chat.ts';
import { api } from '@web/lib/api-client.ts';

/** GET /api/support/chats/:chatId/messages: oldest first; `after` (a message id) for only what came since. */
export function getChatMessages(chatId: string, after: string | undefined, signal?: AbortSignal): Promise<ChatMessagesPage> {
  const path = `/api/support/chats/${encodeURIComponent(chatId)}/messages`;
  return api(after === undefined ? path : `${path}?after=${encodeURIComponent(after)}`, { schema: chatMessagesPageSchema, signal });
}
