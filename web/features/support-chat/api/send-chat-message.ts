import { chatMessageSchema, type ChatMessage } from '@shared/schemas/support-chat.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/support/chats/:chatId/messages: repeating it with the same client_message_id stores the message once. */
export function sendChatMessage(chatId: string, body: { message: string; client_message_id: string }): Promise<ChatMessage> {
  return api(`/api/support/chats/${encodeURIComponent(chatId)}/messages`, { method: 'POST', body, schema: chatMessageSchema });
}
