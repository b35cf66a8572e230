import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import type { GuardianConsent, GuardianConsentBody } from '../../../shared/schemas/privacy.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { ensureCandidateProfile } from '../candidate-registration/ensure-candidate-profile.ts';

const text = messages.privacy;
const LIST_LIMIT = 100;
type Reader = Kysely<DB> | Transaction<DB>;

export interface GuardianActor {
  adminId: string;
  ip: string | null;
  now: Date;
  publicUrl: string;
}

async function guardianConsentsWhere(db: Reader, personId?: string): Promise<GuardianConsent[]> {
  const rows = await db
    .selectFrom('candidate_profiles as c')
    .innerJoin('user_profiles as u', 'u.id', 'c.user_id')
    .leftJoin('user_profiles as admin', 'admin.id', 'c.guardian_consent_by')
    .select(['u.id', 'u.full_name', 'u.email', 'c.guardian_name', 'c.guardian_relationship', 'c.guardian_consent_note', 'c.guardian_consent_at'])
    .select(sql<string | null>`coalesce(nullif(admin.full_name, ''), admin.email)`.as('admin_name'))
    .where('c.guardian_consent_at', 'is not', null)
    .$if(personId !== undefined, (qb) => qb.where('c.user_id', '=', personId as string))
    .orderBy('c.guardian_consent_at', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    person: { id: row.id, name: row.full_name, email: row.email },
    guardian_name: row.guardian_name ?? '',
    relationship: row.guardian_relationship ?? '',
    evidence: row.guardian_consent_note ?? '',
    recorded_at: (row.guardian_consent_at as Date).toISOString(),
    recorded_by: row.admin_name,
  }));
}

/** The guardian consents recorded, newest first (an erased person's are gone with the rest of their data). */
export function listGuardianConsents(db: Kysely<DB>): Promise<GuardianConsent[]> {
  return guardianConsentsWhere(db);
}

/**
 * Records a parent's or guardian's verifiable consent for a candidate under 18, once: the age step
 * of registration is then satisfied without "I am 18 or older". Refused for an unknown address,
 * for an account that is not a candidate's (404 either way: the admin learns only that no child's
 * account has it), for a person who already declared they are an adult, and a second time. The
 * child is emailed through the outbox; the record is audited without the parent's name.
 */
export async function recordGuardianConsent(db: Kysely<DB>, actor: GuardianActor, body: GuardianConsentBody): Promise<GuardianConsent> {
  const person = await db
    .selectFrom('user_profiles')
    .select(['id', 'full_name', 'email'])
    .where(sql<string>`lower(email)`, '=', body.email)
    .where('role', '=', 'candidate')
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  if (!person) throw notFound(text.guardianPersonNotFound);
  await ensureCandidateProfile(db, person.id);
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('candidate_profiles')
      .select(['adult_declared_at', 'guardian_consent_at'])
      .where('user_id', '=', person.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (current.guardian_consent_at) throw conflict(text.guardianAlreadyRecorded, 'GUARDIAN_ALREADY_RECORDED');
    if (current.adult_declared_at) throw conflict(text.guardianNotNeeded, 'GUARDIAN_NOT_NEEDED');
    await trx
      .updateTable('candidate_profiles')
      .set({
        guardian_consent_at: actor.now,
        guardian_consent_by: actor.adminId,
        guardian_consent_note: body.evidence,
        guardian_name: body.guardian_name,
        guardian_relationship: body.relationship,
        updated_at: actor.now,
      })
      .where('user_id', '=', person.id)
      .execute();
    await enqueueMessage(trx, {
      channel: 'email',
      to: person.email,
      subject: text.guardianEmailSubject,
      text: fill(text.guardianEmailText, {
        name: person.full_name || person.email,
        relationship: body.relationship.toLowerCase(),
        guardian: body.guardian_name,
        url: `${actor.publicUrl}/candidate/register`,
      }),
    });
    // The parent's name is personal data of someone else: only the relationship is logged.
    await writeAudit(trx, {
      actorId: actor.adminId,
      companyId: null,
      action: 'privacy_guardian_consent_recorded',
      entityType: 'user',
      entityId: person.id,
      details: { relationship: body.relationship },
      ip: actor.ip,
    });
    const [recorded] = await guardianConsentsWhere(trx, person.id);
    return recorded as GuardianConsent;
  });
}
