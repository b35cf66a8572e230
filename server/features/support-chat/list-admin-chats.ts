import { sql, type Kysely } from 'kysely';
import { ADMIN_CHATS_PAGE_SIZE, CHAT_PREVIEW_LENGTH, type AdminChatsPage } from '../../../shared/schemas/support-chat.ts';
import type { DB } from '../../db/schema.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Every support chat for the admin Support tab (spec points 2 and 7), most recent activity first
 * (last_message_at DESC, id DESC), 50 a page, each with its user's name, email, role and company
 * and a preview of its newest message. One query: the newest message comes from a LATERAL
 * subquery on the (chat_id, created_at) index, for the chats of the page only.
 */
export async function listAdminChats(db: Kysely<DB>, page: number): Promise<AdminChatsPage> {
  const rows = await db
    .selectFrom('support_chats as sc')
    .leftJoin('user_profiles as up', 'up.id', 'sc.user_id')
    .leftJoin('companies as co', 'co.id', 'up.company_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('chat_messages as cm')
          .whereRef('cm.chat_id', '=', 'sc.id')
          .orderBy('cm.created_at', 'desc')
          .orderBy('cm.id', 'desc')
          .limit(1)
          .select([sql<string>`left(cm.message, ${sql.lit(CHAT_PREVIEW_LENGTH)})`.as('preview'), 'cm.sender_id', 'cm.created_at'])
          .as('lm'),
      (join) => join.onTrue(),
    )
    .orderBy('sc.last_message_at', 'desc')
    .orderBy('sc.id', 'desc')
    .limit(ADMIN_CHATS_PAGE_SIZE + 1)
    .offset((page - 1) * ADMIN_CHATS_PAGE_SIZE)
    .select([
      'sc.id',
      'sc.user_id',
      'sc.status',
      'sc.last_message_at',
      'sc.created_at',
      'up.full_name as user_name',
      'up.email as user_email',
      'up.role as user_role',
      'co.name as company_name',
      'lm.preview',
      'lm.sender_id as last_sender_id',
      'lm.created_at as last_created_at',
    ])
    .execute();

  const hasMore = rows.length > ADMIN_CHATS_PAGE_SIZE;
  return {
    chats: (hasMore ? rows.slice(0, ADMIN_CHATS_PAGE_SIZE) : rows).map((row) => ({
      id: row.id,
      user_id: row.user_id,
      user_name: row.user_name,
      user_email: row.user_email,
      user_role: row.user_role,
      company_name: row.company_name,
      status: row.status,
      last_message_at: iso(row.last_message_at),
      created_at: iso(row.created_at),
      last_message:
        row.preview === null || row.last_created_at === null ? null : { preview: row.preview, sender_id: row.last_sender_id, created_at: iso(row.last_created_at) },
    })),
    page,
    page_size: ADMIN_CHATS_PAGE_SIZE,
    has_more: hasMore,
  };
}
