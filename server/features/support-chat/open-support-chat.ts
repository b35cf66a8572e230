import type { Kysely } from 'kysely';
import type { SupportChat } from '../../../shared/schemas/support-chat.ts';
import type { DB } from '../../db/schema.ts';
import { publish } from '../../realtime/events.ts';
import { supportChatColumns, toSupportChat } from './chat-rows.ts';

/** The caller's support chat, if they have one (a read: GET never creates anything). */
export async function findOwnChat(db: Kysely<DB>, userId: string): Promise<SupportChat | null> {
  const row = await db.selectFrom('support_chats').select(supportChatColumns).where('user_id', '=', userId).executeTakeFirst();
  return row ? toSupportChat(row) : null;
}

/**
 * The caller's support chat, created the first time (spec points 3, 5 and 7: status open,
 * chat_type candidate_support). At most one per user: the unique user_id decides, so two first
 * calls at once (two tabs, a double render) both get the one chat. The admins' chat list hears of
 * a new chat in the same transaction.
 */
export async function openSupportChat(db: Kysely<DB>, userId: string): Promise<{ chat: SupportChat; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('support_chats')
      .values({ user_id: userId, status: 'open', chat_type: 'candidate_support' })
      .onConflict((oc) => oc.constraint('support_chats_one_per_user').doNothing())
      .returning(supportChatColumns)
      .executeTakeFirst();
    if (inserted) {
      await publish(trx, { topic: 'admins', type: 'support_chat', id: inserted.id });
      return { chat: toSupportChat(inserted), created: true };
    }
    // The row of whoever won is committed by now: ON CONFLICT waited for it.
    const existing = await trx.selectFrom('support_chats').select(supportChatColumns).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return { chat: toSupportChat(existing), created: false };
  });
}
