import type { Kysely } from 'kysely';
import { mfaRecoveryMessages as text } from '../../../shared/messages/mfa-recovery.ts';
import { adminUserActions, type AdminUser } from '../../../shared/schemas/admin-console.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import { mfaResetEmail } from '../../auth/mfa-emails.ts';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { getAdminUser } from './list-users.ts';
import { lockForAdminChange, type AdminActor } from './lock-for-admin-change.ts';

/**
 * Manage Users → Reset two-step verification, for an owner who lost the phone and the recovery
 * codes (issue 33, A7). In one transaction: every factor (with its open challenges) and recovery
 * code of the user deleted, every session ended (a session that passed the old factor must not
 * outlive it), the audit entry with the admin and their reason, the user's email, and a live
 * `session_ended` event. The user then signs in with the password alone and sets it up again. An
 * admin cannot reset their own (they change it on their Security page, with their password).
 */
export async function resetUserMfa(db: Kysely<DB>, actor: AdminActor, targetId: string, reason: string): Promise<AdminUser> {
  if (targetId === actor.userId) throw conflict(text.cannotResetOwn, 'OWN_ACCOUNT');
  return db.transaction().execute(async (trx) => {
    const target = await lockForAdminChange(trx, actor, targetId, { removesAdmin: () => false });
    const factors = await trx.deleteFrom('mfa_factors').where('user_id', '=', target.id).executeTakeFirst();
    const codes = await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', target.id).executeTakeFirst();
    if (Number(factors.numDeletedRows) === 0 && Number(codes.numDeletedRows) === 0) throw conflict(text.nothingToReset, 'MFA_NOT_ENABLED');
    const ended = await trx.deleteFrom('auth_sessions').where('userId', '=', target.id).executeTakeFirst();
    await writeAudit(trx, {
      actorId: actor.userId,
      // The person's account security, not company work: no company's activity lists it (nor the reason).
      companyId: null,
      action: adminUserActions.mfaReset,
      entityType: 'user',
      entityId: target.id,
      details: {
        email: target.email,
        role: target.role,
        reason,
        factors_removed: Number(factors.numDeletedRows),
        recovery_codes_removed: Number(codes.numDeletedRows),
        sessions_ended: Number(ended.numDeletedRows),
      },
      ip: actor.ip,
    });
    await enqueueMessage(trx, mfaResetEmail(target.email, target.full_name));
    await publish(trx, { topic: `user:${target.id}`, type: 'session_ended', id: target.id });
    return getAdminUser(trx, target.id);
  });
}
