import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { CareerProfile, CareerProfileValues } from '../../../shared/schemas/candidate-search.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';

const text = messages.candidateSearch;

/** Only candidates have a career profile; anyone else is refused before anything is read. */
function candidateIdOf(session: SessionContext): string {
  if (session.profile.role !== 'candidate') throw forbidden(text.candidatesOnly, 'CANDIDATES_ONLY');
  return session.userId;
}

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));

/** The profile fields confirmed by the candidate's verified checks (written by the verification feature). */
export async function verifiedFieldsOf(db: Kysely<DB>, candidateId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('verification_checks')
    .select('verified_fields')
    .where('candidate_id', '=', candidateId)
    .where('status', '=', 'verified')
    .execute();
  return [...new Set(rows.flatMap((row) => row.verified_fields))].sort();
}

async function readCareerProfile(db: Kysely<DB>, candidateId: string): Promise<CareerProfile> {
  const row = await db
    .selectFrom('candidate_profiles')
    .select(['skills', 'projects', 'location', 'current_pay_lakh', 'expected_pay_lakh', 'current_employer'])
    .where('user_id', '=', candidateId)
    .executeTakeFirst();
  // The row is made when the candidate verifies their phone (registration); before that there is nothing to add to.
  if (!row) throw conflict(text.finishRegistration, 'REGISTRATION_UNFINISHED');
  return {
    skills: row.skills,
    projects: row.projects,
    location: row.location,
    current_pay_lakh: toNumber(row.current_pay_lakh),
    expected_pay_lakh: toNumber(row.expected_pay_lakh),
    current_employer: row.current_employer,
    verified_fields: await verifiedFieldsOf(db, candidateId),
  };
}

export async function getCareerProfile(db: Kysely<DB>, session: SessionContext): Promise<CareerProfile> {
  return readCareerProfile(db, candidateIdOf(session));
}

/**
 * Replaces the candidate's skills, projects, location and pay. The change, its audit entry and
 * the live event for the candidate's other tabs are one transaction.
 */
export async function saveCareerProfile(db: Kysely<DB>, session: SessionContext, values: CareerProfileValues, ip: string): Promise<CareerProfile> {
  const candidateId = candidateIdOf(session);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('candidate_profiles')
      .set({
        skills: values.skills,
        projects: values.projects,
        location: values.location,
        current_pay_lakh: values.current_pay_lakh,
        expected_pay_lakh: values.expected_pay_lakh,
        updated_at: new Date(),
      })
      .where('user_id', '=', candidateId)
      .returning('user_id')
      .executeTakeFirst();
    if (!updated) throw conflict(text.finishRegistration, 'REGISTRATION_UNFINISHED');
    // Pay is personal: the audit says what changed, not the amounts.
    await writeAudit(trx, {
      actorId: candidateId,
      companyId: null,
      action: 'career_profile_updated',
      entityType: 'candidate_profile',
      entityId: candidateId,
      details: { skills: values.skills.length, has_projects: values.projects !== null, has_location: values.location !== null },
      ip,
    });
    await publish(trx, { topic: `user:${candidateId}`, type: 'career_profile' });
  });
  return readCareerProfile(db, candidateId);
}
