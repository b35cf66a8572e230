import { sql, type Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { whatsappMessages as text } from '../../../shared/messages/whatsapp.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/schemas/privacy.ts';
import type { WhatsappOptIn } from '../../../shared/schemas/whatsapp.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden } from '../../http/errors.ts';

/** The opt-in is the candidate's own: employers and admins are refused. */
export function candidateIdOf(session: SessionContext): string {
  if (session.profile.role !== 'candidate') throw forbidden(text.candidatesOnly, 'CANDIDATES_ONLY');
  return session.userId;
}

export interface OptInContext {
  /** Whether WhatsApp is on (WHATSAPP_PROVIDER is not none). */
  available: boolean;
  ip: string;
}

/** GET /api/candidate/whatsapp: the standing opt-in, read for the candidate only. */
export async function getWhatsappOptIn(db: Kysely<DB>, candidateId: string, available: boolean): Promise<WhatsappOptIn> {
  const [person, consent] = await Promise.all([
    db.selectFrom('user_profiles').select(['phone', 'mobile_verified']).where('id', '=', candidateId).executeTakeFirstOrThrow(),
    db.selectFrom('whatsapp_consents').select(['phone', 'granted_at']).where('candidate_id', '=', candidateId).where('revoked_at', 'is', null).executeTakeFirst(),
  ]);
  const verifiedPhone = person.mobile_verified ? person.phone : null;
  // An opt-in counts only for the number it was given for, and only while that number is verified.
  const standing = consent !== undefined && consent.phone === verifiedPhone;
  return {
    available,
    opted_in: available && standing,
    phone: person.phone,
    phone_verified: verifiedPhone !== null,
    given_at: standing ? consent.granted_at.toISOString() : null,
    phone_changed: consent !== undefined && !standing,
  };
}

/**
 * PUT /api/candidate/whatsapp. Turning it on records a consent of the ledger (time, the verified
 * number, the privacy notice, IP) and refuses without a verified number; an opt-in left from a
 * number since changed is withdrawn first, so the ledger shows both. Turning it off withdraws the
 * standing opt-in. Repeating either changes nothing. One transaction with its audit entry.
 */
export async function setWhatsappOptIn(db: Kysely<DB>, candidateId: string, optedIn: boolean, context: OptInContext): Promise<WhatsappOptIn> {
  await db.transaction().execute(async (trx) => {
    // Held to the commit, so two tabs switching at once take turns (the active-row index backs it).
    const person = await trx.selectFrom('user_profiles').select(['phone', 'mobile_verified']).where('id', '=', candidateId).forUpdate().executeTakeFirstOrThrow();
    const active = await trx.selectFrom('whatsapp_consents').select(['id', 'phone']).where('candidate_id', '=', candidateId).where('revoked_at', 'is', null).executeTakeFirst();
    const verifiedPhone = person.mobile_verified ? person.phone : null;
    if (optedIn) {
      if (!context.available) throw conflict(text.unavailable, 'WHATSAPP_UNAVAILABLE');
      if (!verifiedPhone) throw conflict(text.needsVerifiedPhone, 'PHONE_NOT_VERIFIED');
      if (active?.phone === verifiedPhone) return;
      if (active) await trx.updateTable('whatsapp_consents').set({ revoked_at: sql<Date>`now()` }).where('id', '=', active.id).execute();
      const given = await trx
        .insertInto('whatsapp_consents')
        .values({ candidate_id: candidateId, phone: verifiedPhone, notice_version: PRIVACY_NOTICE_VERSION, ip_address: context.ip })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, { actorId: candidateId, companyId: null, action: 'whatsapp_opt_in', entityType: 'whatsapp_consent', entityId: given.id, details: {}, ip: context.ip });
      return;
    }
    if (!active) return;
    await trx.updateTable('whatsapp_consents').set({ revoked_at: sql<Date>`now()` }).where('id', '=', active.id).execute();
    await writeAudit(trx, { actorId: candidateId, companyId: null, action: 'whatsapp_opt_out', entityType: 'whatsapp_consent', entityId: active.id, details: {}, ip: context.ip });
  });
  return getWhatsappOptIn(db, candidateId, context.available);
}

/** The ledger's words for an opt-in: what it allows, to which number. */
export function whatsappConsentPurpose(phone: string): string {
  return fill(text.consentPurpose, { phone });
}
