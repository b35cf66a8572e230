import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { adminUserActions, type AdminUser } from '../../../shared/schemas/admin-console.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { getAdminUser } from './list-users.ts';
import { lockForAdminChange, type AdminActor } from './lock-for-admin-change.ts';

/**
 * Manage Users: suspends an account. In one transaction: the flag, every session of the user
 * deleted (their cookies die on the next request, ASVS 7.4.2), the audit entry, and a live
 * `session_ended` event that signs out their open pages and closes their live connections once
 * committed. Sign-in is refused while suspended (server/auth/routes.ts). Suspending an account
 * already suspended changes nothing and writes no entry. An admin cannot suspend themselves, nor
 * the last active admin.
 */
export async function suspendUser(db: Kysely<DB>, actor: AdminActor, targetId: string): Promise<AdminUser> {
  if (targetId === actor.userId) throw conflict(messages.adminConsole.cannotSuspendYourself, 'OWN_ACCOUNT');
  return db.transaction().execute(async (trx) => {
    const target = await lockForAdminChange(trx, actor, targetId, { removesAdmin: (t) => t.role === 'admin' && t.suspended_at === null });
    if (target.suspended_at === null) {
      await trx.updateTable('user_profiles').set({ suspended_at: new Date(), updated_at: new Date() }).where('id', '=', target.id).execute();
      const ended = await trx.deleteFrom('auth_sessions').where('userId', '=', target.id).executeTakeFirst();
      await writeAudit(trx, {
        actorId: actor.userId,
        companyId: target.company_id,
        action: adminUserActions.suspended,
        entityType: 'user',
        entityId: target.id,
        details: { email: target.email, role: target.role, sessions_ended: Number(ended.numDeletedRows) },
        ip: actor.ip,
      });
      await publish(trx, { topic: `user:${target.id}`, type: 'session_ended', id: target.id });
    }
    return getAdminUser(trx, target.id);
  });
}

/** Manage Users: lifts a suspension, so the user may sign in again. Restoring an active account changes nothing. */
export async function restoreUser(db: Kysely<DB>, actor: AdminActor, targetId: string): Promise<AdminUser> {
  return db.transaction().execute(async (trx) => {
    const target = await lockForAdminChange(trx, actor, targetId, { removesAdmin: () => false });
    if (target.suspended_at !== null) {
      await trx.updateTable('user_profiles').set({ suspended_at: null, updated_at: new Date() }).where('id', '=', target.id).execute();
      await writeAudit(trx, {
        actorId: actor.userId,
        companyId: target.company_id,
        action: adminUserActions.restored,
        entityType: 'user',
        entityId: target.id,
        details: { email: target.email, role: target.role },
        ip: actor.ip,
      });
    }
    return getAdminUser(trx, target.id);
  });
}
