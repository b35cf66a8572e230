import { sql, type Kysely, type Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { AdminUser, AdminUsersPage, AdminUsersQuery } from '../../../shared/schemas/admin-console.ts';
import { containsPattern, ilike } from '../../db/like-pattern.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

function usersWithCompany(db: Kysely<DB> | Transaction<DB>) {
  return db.selectFrom('user_profiles as u').leftJoin('companies as c', 'c.id', 'u.company_id');
}

const userColumns = ['u.id', 'u.full_name', 'u.email', 'u.role', 'u.company_id', 'c.name as company_name', 'u.created_at', 'u.suspended_at'] as const;
/** Whether the user has a verified second factor (what Reset two-step verification would remove). */
const mfaEnabled = sql<boolean>`EXISTS (SELECT 1 FROM mfa_factors f WHERE f.user_id = u.id AND f.status = 'verified')`.as('mfa_enabled');

type UserRow = {
  id: string;
  full_name: string;
  email: string;
  role: AdminUser['role'];
  company_id: string | null;
  company_name: string | null;
  created_at: Date | string;
  suspended_at: Date | string | null;
  mfa_enabled: boolean;
};

const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  full_name: row.full_name,
  email: row.email,
  role: row.role,
  company_id: row.company_id,
  company_name: row.company_name,
  created_at: new Date(row.created_at).toISOString(),
  suspended: row.suspended_at !== null,
  suspended_at: row.suspended_at === null ? null : new Date(row.suspended_at).toISOString(),
  mfa_enabled: Boolean(row.mfa_enabled),
});

/**
 * The Users tab: every user, newest first, filtered by a name or email fragment and a role, a page
 * at a time with the total for "Page x of y". Admins only (enforced by the route's access).
 */
export async function listUsers(db: Kysely<DB>, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const { search, role, page, page_size: pageSize } = query;
  const filtered = usersWithCompany(db)
    .$if(Boolean(search), (qb) => {
      // The admin's %, _ and \ match themselves, not "anything".
      const pattern = containsPattern(search ?? '');
      return qb.where((eb) => eb.or([ilike('u.full_name', pattern), ilike('u.email', pattern)]));
    })
    .$if(role !== undefined, (qb) => qb.where('u.role', '=', role!));

  const [rows, count] = await Promise.all([
    filtered
      .select([...userColumns, mfaEnabled])
      .orderBy('u.created_at', 'desc')
      // Ties (users created in the same transaction) keep one order across pages.
      .orderBy('u.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  return { users: rows.map(toAdminUser), total, page, page_size: pageSize, page_count: Math.ceil(total / pageSize) };
}

/** One user as the Users tab shows it (404 if there is none). */
export async function getAdminUser(db: Kysely<DB> | Transaction<DB>, userId: string): Promise<AdminUser> {
  const row = await usersWithCompany(db).select([...userColumns, mfaEnabled]).where('u.id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(messages.adminConsole.userNotFound);
  return toAdminUser(row);
}
