import type { Transaction } from 'kysely';
import type { CompanyRole } from '../../../shared/permissions.ts';
import { messages } from '../../../shared/messages.ts';
import type { DB, Role } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';

const text = messages.adminConsole;

/** The admin making a change: who, and from which address (for the audit entry). */
export interface AdminActor {
  userId: string;
  ip: string | null;
}

export interface LockedTarget {
  id: string;
  role: Role;
  company_id: string | null;
  company_role: CompanyRole | null;
  full_name: string;
  email: string;
  suspended_at: Date | string | null;
}

/**
 * Locks the target, the actor and every admin row, in id order, for the rest of the transaction.
 * Every Manage Users change takes the same locks in the same order, so two admins acting on each
 * other at once queue up instead of deadlocking, and each sees the other's committed change: two
 * admins cannot demote or suspend each other into a platform without an active admin.
 *
 * Refuses (in this order): an unknown target (404); a change that would leave no active admin
 * (409); an actor who stopped being an active admin since their request was let in (403).
 */
export async function lockForAdminChange(trx: Transaction<DB>, actor: AdminActor, targetId: string, { removesAdmin }: { removesAdmin: (target: LockedTarget) => boolean }): Promise<LockedTarget> {
  const rows = await trx
    .selectFrom('user_profiles')
    .select(['id', 'role', 'company_id', 'company_role', 'full_name', 'email', 'suspended_at'])
    .where((eb) => eb.or([eb('role', '=', 'admin'), eb('id', 'in', [actor.userId, targetId])]))
    .orderBy('id')
    .forUpdate()
    .execute();
  const target = rows.find((row) => row.id === targetId);
  if (!target) throw notFound(text.userNotFound);
  if (removesAdmin(target)) {
    const otherActiveAdmins = rows.filter((row) => row.id !== target.id && row.role === 'admin' && row.suspended_at === null);
    if (otherActiveAdmins.length === 0) throw conflict(text.lastAdmin, 'LAST_ADMIN');
  }
  const self = rows.find((row) => row.id === actor.userId);
  if (!self || self.role !== 'admin' || self.suspended_at !== null) throw forbidden(messages.auth.adminRequired);
  return target;
}
