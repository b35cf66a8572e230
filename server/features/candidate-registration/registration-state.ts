import type { Kysely } from 'kysely';
import type { RegistrationState, RegistrationStep } from '../../../shared/schemas/candidate.ts';
import type { DB } from '../../db/schema.ts';
import { listCandidateDocuments } from '../candidate-documents/list-documents.ts';
import { ensureCandidateProfile } from './ensure-candidate-profile.ts';

export type StepFields = Pick<
  RegistrationState,
  'mobile_verified' | 'uan' | 'no_uan' | 'full_name' | 'education' | 'current_employer' | 'notice_period_days' | 'experience_years' | 'declared'
> & { completed: boolean };

/**
 * Where a returning candidate resumes: the first unfinished step, then 'documents' (uploads are
 * optional) until Complete Registration, then null. The email step is done by being signed in.
 */
export function firstUnfinishedStep(fields: StepFields): RegistrationStep | null {
  if (fields.completed) return null;
  return firstMissingDetail(fields) ?? 'documents';
}

/** The first step whose details are missing, or null when every required detail is saved. */
export function firstMissingDetail(fields: Omit<StepFields, 'completed'>): RegistrationStep | null {
  if (!fields.mobile_verified) return 'verification';
  // "I don't have a UAN yet" finishes the step too (issue 33: freshers have none).
  if (fields.uan === null && !fields.no_uan) return 'uan';
  if (fields.full_name.trim() === '' || fields.education === null || !fields.declared) return 'personal';
  if (fields.current_employer === null || fields.notice_period_days === null || fields.experience_years === null) return 'professional';
  return null;
}

/** The caller's own registration: only the given user's rows are read. */
export async function getRegistrationState(db: Kysely<DB>, userId: string): Promise<RegistrationState> {
  await ensureCandidateProfile(db, userId);
  const row = await db
    .selectFrom('user_profiles as u')
    .innerJoin('candidate_profiles as c', 'c.user_id', 'u.id')
    .select([
      'u.email',
      'u.phone',
      'u.mobile_verified',
      'u.full_name',
      'c.candidate_code',
      'c.uan',
      'c.no_uan_at',
      'c.education',
      'c.current_employer',
      'c.notice_period_days',
      'c.experience_years',
      'c.registration_completed_at',
      'c.adult_declared_at',
      'c.guardian_consent_at',
      'c.notice_accepted_at',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const fields: StepFields = {
    mobile_verified: row.mobile_verified,
    uan: row.uan,
    no_uan: row.uan === null && row.no_uan_at !== null,
    full_name: row.full_name,
    education: row.education,
    current_employer: row.current_employer,
    notice_period_days: row.notice_period_days,
    experience_years: row.experience_years === null ? null : Number(row.experience_years),
    declared: (row.adult_declared_at !== null || row.guardian_consent_at !== null) && row.notice_accepted_at !== null,
    completed: row.registration_completed_at !== null,
  };
  return {
    ...fields,
    step: firstUnfinishedStep(fields),
    candidate_code: row.candidate_code,
    guardian_consent_at: row.guardian_consent_at?.toISOString() ?? null,
    email: row.email,
    phone: row.phone,
    documents: await listCandidateDocuments(db, userId),
  };
}
