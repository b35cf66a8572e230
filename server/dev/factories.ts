import { fakerEN_IN as faker } from '@faker-js/faker';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/database.ts';
import type { CompanyRole } from '../../shared/permissions.ts';
import type { Role } from '../db/schema.ts';
import { withFreshCandidateCode } from '../features/candidate-registration/candidate-code.ts';
import { ensureCandidateProfile } from '../features/candidate-registration/ensure-candidate-profile.ts';
import { INDIAN_CITIES, INDIAN_EMPLOYERS, JOB_TEMPLATES } from './demo-people.ts';
import { freeSlug } from '../features/company-settings/company-slug.ts';
import { PRIVACY_NOTICE_VERSION } from '../../shared/schemas/privacy.ts';

/**
 * Factories with overrides, shared by the tests and `npm run seed:demo`. They go through the same
 * code paths as real users (better-auth sign-up), then set what a person would set later.
 */
export interface Factories {
  user(overrides?: {
    email?: string;
    password?: string;
    fullName?: string;
    role?: Role;
    companyId?: string | null;
    /** With a company: what they may do there (owner unless given). */
    companyRole?: CompanyRole;
    confirmed?: boolean;
  }): Promise<{ id: string; email: string; password: string; fullName: string }>;
  company(overrides?: { name?: string }): Promise<{ id: string; name: string }>;
  job(companyId: string, overrides?: Partial<{ title: string; description: string; location: string; salary: string; requirements: string; benefits: string; expiresAt: Date; createdBy: string }>): Promise<{ id: string; title: string }>;
  application(jobId: string, candidateId: string): Promise<{ id: string }>;
  /** A candidate_profiles row for a candidate user (registration finished unless told otherwise). */
  candidateProfile(userId: string, overrides?: Partial<CandidateProfileFields>): Promise<{ candidate_code: string }>;
}

export interface CandidateProfileFields {
  uan: string | null;
  education: string;
  current_employer: string;
  notice_period_days: number;
  experience_years: number;
  skills: string[];
  projects: string | null;
  location: string | null;
  current_pay_lakh: number | null;
  expected_pay_lakh: number | null;
  completed: boolean;
  /** The verified phone of the registration's verification step (a random Indian mobile unless given; null: none). */
  phone: string | null;
  /** The age declaration and the privacy notice of the personal step (issue 18); true unless given. */
  declared: boolean;
}

export const DEFAULT_TEST_PASSWORD = 'Correct-Horse-Battery-42';

export function createFactories(auth: Auth, database: Database): Factories {
  const { db } = database;
  return {
    async user(overrides = {}) {
      const fullName = overrides.fullName ?? faker.person.fullName();
      const email = (overrides.email ?? `${faker.internet.username().replace(/[^\w]/g, '').toLowerCase()}.${faker.string.alphanumeric(6).toLowerCase()}@example-corp.in`).toLowerCase();
      const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
      await auth.api.signUpEmail({ body: { email, password, name: fullName } });
      const user = await db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      if (overrides.confirmed !== false) await db.updateTable('auth_users').set({ emailVerified: true }).where('id', '=', user.id).execute();
      await db
        .updateTable('user_profiles')
        .set({ role: overrides.role ?? 'candidate', company_id: overrides.companyId ?? null, company_role: overrides.companyId ? (overrides.companyRole ?? 'owner') : null })
        .where('id', '=', user.id)
        .execute();
      // Factory users are confirmed directly; drop the confirmation mail sign-up queued.
      if (overrides.confirmed !== false) await db.deleteFrom('outbox_messages').where('recipient', '=', email).where('status', '=', 'pending').execute();
      return { id: user.id, email, password, fullName };
    },
    async company(overrides = {}) {
      const name = overrides.name ?? `${faker.company.name()} ${faker.string.alphanumeric(4).toUpperCase()}`;
      const row = await db.insertInto('companies').values({ name, slug: await freeSlug(db, name) }).returning(['id', 'name']).executeTakeFirstOrThrow();
      return row;
    },
    async job(companyId, overrides = {}) {
      const template = faker.helpers.arrayElement(JOB_TEMPLATES);
      const row = await db
        .insertInto('job_postings')
        .values({
          company_id: companyId,
          created_by: overrides.createdBy ?? null,
          title: overrides.title ?? template.title,
          description: overrides.description ?? template.description,
          location: overrides.location ?? faker.helpers.arrayElement([...INDIAN_CITIES, 'Remote (India)']),
          salary: overrides.salary ?? template.salary,
          requirements: overrides.requirements ?? template.requirements,
          benefits: overrides.benefits ?? template.benefits,
          expires_at: overrides.expiresAt ?? faker.date.soon({ days: 45 }),
        })
        .returning(['id', 'title'])
        .executeTakeFirstOrThrow();
      return row;
    },
    async application(jobId, candidateId) {
      // Every applicant has a candidate profile (a foreign key since migration 0012).
      await ensureCandidateProfile(db, candidateId);
      return db.insertInto('job_applications').values({ job_id: jobId, candidate_id: candidateId }).returning('id').executeTakeFirstOrThrow();
    },
    async candidateProfile(userId, overrides = {}) {
      const { completed = true, declared = true, phone, ...fields } = overrides;
      const verifiedPhone = phone === undefined ? `+91${faker.helpers.arrayElement(['9', '8', '7'])}${faker.string.numeric(9)}` : phone;
      if (verifiedPhone !== null) await db.updateTable('user_profiles').set({ phone: verifiedPhone, mobile_verified: true }).where('id', '=', userId).execute();
      const values = {
        uan: fields.uan === undefined ? faker.string.numeric(12) : fields.uan,
        education: fields.education ?? 'B.Tech, Computer Science',
        current_employer: fields.current_employer ?? faker.helpers.arrayElement(INDIAN_EMPLOYERS),
        notice_period_days: fields.notice_period_days ?? 30,
        experience_years: fields.experience_years ?? 4,
        skills: fields.skills ?? [],
        projects: fields.projects ?? null,
        location: fields.location ?? null,
        current_pay_lakh: fields.current_pay_lakh ?? null,
        expected_pay_lakh: fields.expected_pay_lakh ?? null,
        registration_completed_at: completed ? new Date() : null,
        ...(declared ? { adult_declared_at: new Date(), notice_accepted_at: new Date(), notice_version: PRIVACY_NOTICE_VERSION } : {}),
      };
      // A profile row may exist already (the registration's email step creates it): fill it in.
      return withFreshCandidateCode((code) =>
        db
          .insertInto('candidate_profiles')
          .values({ user_id: userId, candidate_code: code, ...values })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
          .returning('candidate_code')
          .executeTakeFirstOrThrow(),
      );
    },
  };
}
