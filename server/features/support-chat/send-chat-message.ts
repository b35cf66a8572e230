import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { ChatMessage, SendChatMessageValues } from '../../../shared/schemas/support-chat.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { findAccessibleChat, type ChatActor } from './chat-access.ts';
import { chatMessageColumns, toChatMessage } from './chat-rows.ts';

/**
 * Sends a message to a chat, as its owner or as an admin (spec points 5 and 7). One transaction
 * holds the message, the chat's last_message_at, the audit entry of an admin's reply and the live
 * events for the owner and the admins, so the events go out only if the message is stored.
 *
 * Idempotent on client_message_id: a repeat returns the stored message (created false) and
 * changes nothing. Reusing an id for someone else's message is a conflict.
 *
 * Order: the chat row is locked first, so sends to one chat run one at a time, and each message is
 * stamped after the previous one committed, strictly later than it (GREATEST with last_message_at
 * + 1 µs). Hence (created_at, id) order is commit order, and a client that asks for the messages
 * after the last one it has can never miss one that commits later with an earlier stamp.
 */
export async function sendChatMessage(db: Kysely<DB>, actor: ChatActor, chatId: string, input: SendChatMessageValues): Promise<{ message: ChatMessage; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const chat = await findAccessibleChat(trx, actor, chatId, { lock: true });

    const existing = await trx
      .selectFrom('chat_messages')
      .select(chatMessageColumns)
      .where('chat_id', '=', chat.id)
      .where('client_message_id', '=', input.client_message_id)
      .executeTakeFirst();
    if (existing) {
      if (existing.sender_id !== actor.userId || existing.message !== input.message) throw conflict(messages.supportChat.duplicateMessageId, 'DUPLICATE_MESSAGE_ID');
      return { message: toChatMessage(existing), created: false };
    }

    const stamped = await trx
      .updateTable('support_chats')
      .set({ last_message_at: sql`GREATEST(clock_timestamp(), last_message_at + interval '1 microsecond')` })
      .where('id', '=', chat.id)
      .returning('id')
      .executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto('chat_messages')
      .values({
        chat_id: chat.id,
        sender_id: actor.userId,
        message: input.message,
        client_message_id: input.client_message_id,
        // The chat's new last_message_at, read in the database so no microsecond is lost.
        created_at: sql`(SELECT last_message_at FROM support_chats WHERE id = ${stamped.id})`,
      })
      .returning(chatMessageColumns)
      .executeTakeFirstOrThrow();

    if (actor.isAdmin && chat.user_id !== actor.userId) {
      await trx
        .insertInto('admin_audit_logs')
        .values({
          admin_id: actor.userId,
          company_id: chat.company_id,
          action: 'chat_reply',
          entity_type: 'support_chat',
          entity_id: chat.id,
          details: JSON.stringify({ message_id: inserted.id, chat_owner_id: chat.user_id, length: inserted.message.length }),
          ip_address: actor.ip,
        })
        .execute();
    }
    const event = { type: 'chat_message', id: chat.id };
    await publish(trx, { topic: `user:${chat.user_id}`, ...event });
    await publish(trx, { topic: 'admins', ...event });
    return { message: toChatMessage(inserted), created: true };
  });
}
