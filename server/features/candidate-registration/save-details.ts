import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { personalBodySchema, professionalBodySchema } from '../../../shared/schemas/candidate.ts';
import type { DB } from '../../db/schema.ts';
import { ensureCandidateProfile } from './ensure-candidate-profile.ts';

/** Personal details: the full name is the account's name (user_profiles), education the candidate's. */
export async function savePersonalDetails(db: Kysely<DB>, userId: string, input: z.output<typeof personalBodySchema>): Promise<void> {
  await ensureCandidateProfile(db, userId);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('user_profiles').set({ full_name: input.full_name, updated_at: sql<Date>`now()` }).where('id', '=', userId).execute();
    await trx.updateTable('candidate_profiles').set({ education: input.education, updated_at: sql<Date>`now()` }).where('user_id', '=', userId).execute();
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
