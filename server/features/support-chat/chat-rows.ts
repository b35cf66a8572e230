import type { Selectable } from 'kysely';
import type { ChatMessage, SupportChat } from '../../../shared/schemas/support-chat.ts';
import type { ChatMessagesTable, SupportChatsTable } from '../../db/schema.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export const supportChatColumns = ['id', 'user_id', 'status', 'chat_type', 'last_message_at', 'created_at'] as const;
export const chatMessageColumns = ['id', 'chat_id', 'sender_id', 'message', 'client_message_id', 'created_at'] as const;

export function toSupportChat(row: Pick<Selectable<SupportChatsTable>, (typeof supportChatColumns)[number]>): SupportChat {
  return { ...row, last_message_at: iso(row.last_message_at), created_at: iso(row.created_at) };
}

export function toChatMessage(row: Pick<Selectable<ChatMessagesTable>, (typeof chatMessageColumns)[number]>): ChatMessage {
  return { ...row, created_at: iso(row.created_at) };
}
