import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

/** Who is acting on a chat: the session's user, and whether they may act on every chat. */
export interface ChatActor {
  userId: string;
  isAdmin: boolean;
  ip: string;
}

export function chatActor(session: SessionContext, ip: string): ChatActor {
  return { userId: session.userId, isAdmin: session.profile.role === 'admin', ip };
}

export interface AccessibleChat {
  id: string;
  user_id: string;
  /** The chat owner's company, for the audit log's company filter. */
  company_id: string | null;
}

/**
 * The one place Support Chat decides who may read or write a chat: its owner, or an admin. Anyone
 * else gets 404, the same as for a chat that does not exist, so chat ids reveal nothing.
 * `lock` takes the chat row FOR UPDATE: sends to one chat then run one after another (see
 * send-chat-message.ts for why that matters).
 */
export async function findAccessibleChat(db: Kysely<DB> | Transaction<DB>, actor: ChatActor, chatId: string, { lock = false } = {}): Promise<AccessibleChat> {
  const chat = await db
    .selectFrom('support_chats as sc')
    .leftJoin('user_profiles as up', 'up.id', 'sc.user_id')
    .select(['sc.id', 'sc.user_id', 'up.company_id'])
    .where('sc.id', '=', chatId)
    .$if(!actor.isAdmin, (qb) => qb.where('sc.user_id', '=', actor.userId))
    .$if(lock, (qb) => qb.forUpdate('sc'))
    .executeTakeFirst();
  if (!chat) throw notFound(messages.supportChat.chatNotFound);
  return chat;
}
