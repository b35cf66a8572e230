import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { ChatMessagesPage } from '../../../shared/schemas/support-chat.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { findAccessibleChat, type ChatActor } from './chat-access.ts';
import { chatMessageColumns, toChatMessage } from './chat-rows.ts';

export interface MessagesPageRequest {
  /** A message id of this chat: only messages after it. None: from the first message. */
  after?: string | undefined;
  limit: number;
}

/**
 * A chat's messages oldest first, ordered by (created_at, id) (spec point 7), to its owner or an
 * admin (404 to anyone else). A client catches up with `after` = the last message it holds: since
 * sends to a chat are serialised and stamped in commit order (send-chat-message.ts), nothing can
 * later appear before a message it has already seen. The position of `after` is read from the
 * database, to the microsecond, never from a timestamp the client sends back.
 */
export async function listChatMessages(db: Kysely<DB>, actor: ChatActor, chatId: string, { after, limit }: MessagesPageRequest): Promise<ChatMessagesPage> {
  const chat = await findAccessibleChat(db, actor, chatId);
  if (after !== undefined) {
    const known = await db.selectFrom('chat_messages').select('id').where('id', '=', after).where('chat_id', '=', chat.id).executeTakeFirst();
    if (!known) throw badRequest(messages.supportChat.unknownAfter, 'UNKNOWN_AFTER');
  }
  const rows = await db
    .selectFrom('chat_messages')
    .select(chatMessageColumns)
    .where('chat_id', '=', chat.id)
    .$if(after !== undefined, (qb) =>
      qb.where(sql<boolean>`(created_at, id) > (SELECT m.created_at, m.id FROM chat_messages m WHERE m.id = ${after} AND m.chat_id = ${chat.id})`),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  const hasMore = rows.length > limit;
  return { messages: (hasMore ? rows.slice(0, limit) : rows).map(toChatMessage), has_more: hasMore };
}
