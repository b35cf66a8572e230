import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { personalBodySchema, professionalBodySchema } from '../../../shared/schemas/candidate.ts';
import { messages } from '../../../shared/messages.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/schemas/privacy.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { ensureCandidateProfile } from './ensure-candidate-profile.ts';

/**
 * Personal details: the full name is the account's name (user_profiles), education the candidate's.
 * The first save also records the age declaration and the privacy notice (issue 18): refused
 * until both are given, unless already recorded (a platform admin records a guardian's consent
 * for a person under 18). Nothing is written when refused.
 */
export async function savePersonalDetails(db: Kysely<DB>, userId: string, input: z.output<typeof personalBodySchema>): Promise<void> {
  await ensureCandidateProfile(db, userId);
  await db.transaction().execute(async (trx) => {
    const declared = await trx
      .selectFrom('candidate_profiles')
      .select(['adult_declared_at', 'guardian_consent_at', 'notice_accepted_at'])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const needsAge = declared.adult_declared_at === null && declared.guardian_consent_at === null;
    if (needsAge && input.adult_confirmed !== true) throw badRequest(messages.privacy.adultRequired, 'ADULT_REQUIRED');
    const needsNotice = declared.notice_accepted_at === null;
    if (needsNotice && input.notice_accepted !== true) throw badRequest(messages.privacy.noticeRequired, 'NOTICE_REQUIRED');

    await trx.updateTable('user_profiles').set({ full_name: input.full_name, updated_at: sql<Date>`now()` }).where('id', '=', userId).execute();
    await trx
      .updateTable('candidate_profiles')
      .set({
        education: input.education,
        updated_at: sql<Date>`now()`,
        ...(needsAge ? { adult_declared_at: sql<Date>`now()` } : {}),
        ...(needsNotice ? { notice_accepted_at: sql<Date>`now()`, notice_version: PRIVACY_NOTICE_VERSION } : {}),
      })
      .where('user_id', '=', userId)
      .execute();
  });
}

/** Professional details: current employer, notice period (days) and experience (years). */
export async function saveProfessionalDetails(db: Kysely<DB>, userId: string, input: z.output<typeof professionalBodySchema>): Promise<void> {
  await ensureCandidateProfile(db, userId);
  await db
    .updateTable('candidate_profiles')
    .set({
      current_employer: input.current_employer,
      notice_period_days: input.notice_period_days,
      experience_years: input.experience_years,
      updated_at: sql<Date>`now()`,
    })
    .where('user_id', '=', userId)
    .execute();
}
