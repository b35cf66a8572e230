import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { adminUserActions, type AdminUser } from '../../../shared/schemas/admin-console.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB, Role } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { getAdminUser } from './list-users.ts';
import { lockForAdminChange, type AdminActor } from './lock-for-admin-change.ts';

/**
 * Manage Users: gives a user another role. An admin cannot change their own role (another admin
 * must), and the last active admin cannot be demoted. Only employers belong to a company, so a
 * move to admin or candidate leaves it (the audit entry keeps which); an employer without a
 * company is allowed and is asked for one on their next visit. The change applies to the user's
 * next request; their open live connection is closed so it reconnects with the new role's topics.
 */
export async function changeUserRole(db: Kysely<DB>, actor: AdminActor, targetId: string, role: Role): Promise<AdminUser> {
  if (targetId === actor.userId) throw conflict(messages.adminConsole.cannotChangeOwnRole, 'OWN_ROLE');
  return db.transaction().execute(async (trx) => {
    const target = await lockForAdminChange(trx, actor, targetId, { removesAdmin: (t) => t.role === 'admin' && role !== 'admin' });
    if (target.role !== role) {
      const companyId = role === 'employer' ? target.company_id : null;
      // A company always keeps an owner (issue 13): its last one cannot be moved out of it here.
      if (target.company_id && !companyId && target.company_role === 'owner') {
        const others = await trx.selectFrom('user_profiles').select('id').where('company_id', '=', target.company_id).where('company_role', '=', 'owner').where('id', '!=', target.id).executeTakeFirst();
        if (!others) {
          const company = await trx.selectFrom('companies').select('name').where('id', '=', target.company_id).executeTakeFirst();
          throw conflict(fill(messages.adminConsole.lastCompanyOwner, { company: company?.name ?? '' }), 'LAST_OWNER');
        }
      }
      await trx
        .updateTable('user_profiles')
        .set({ role, company_id: companyId, company_role: companyId ? target.company_role : null, updated_at: new Date() })
        .where('id', '=', target.id)
        .execute();
      const leftCompany = target.company_id !== null && companyId === null;
      const company = leftCompany ? await trx.selectFrom('companies').select('name').where('id', '=', target.company_id!).executeTakeFirst() : undefined;
      await writeAudit(trx, {
        actorId: actor.userId,
        companyId: target.company_id,
        action: adminUserActions.roleChanged,
        entityType: 'user',
        entityId: target.id,
        details: {
          from: target.role,
          to: role,
          email: target.email,
          ...(leftCompany ? { left_company_id: target.company_id, left_company_name: company?.name ?? null } : {}),
        },
        ip: actor.ip,
      });
      await publish(trx, { topic: `user:${target.id}`, type: 'role_changed', id: target.id });
    }
    return getAdminUser(trx, target.id);
  });
}
