import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** Candidates' profiles, UAN claims, phone codes and documents (migrations 0002, 0007), merged into DB. */

/** The employment a read document states (decision/document-claims.ts). Dates 'YYYY-MM-DD' or 'YYYY-MM'. */
export interface DocumentEmploymentClaim {
  employer: string;
  from: string | null;
  /** null: still employed, or not stated. */
  to: string | null;
  /** 'YYYY-MM': a month the document shows the person employed there (a slip's month, an open letter's date). */
  month?: string;
}

export interface CandidateProfilesTable {
  user_id: string;
  candidate_code: string;
  uan: string | null;
  education: string | null;
  current_employer: string | null;
  notice_period_days: number | null;
  /** numeric(4,1): pg returns it as a string. */
  experience_years: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  registration_completed_at: NullableTimestamp;
  /** Handpick (migration 0010). */
  skills: ColumnType<string[], string[] | undefined, string[]>;
  projects: string | null;
  location: string | null;
  /** numeric(6,2) lakh rupees a year: pg returns a string. */
  current_pay_lakh: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  expected_pay_lakh: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Data rights (migration 0040): the age declaration, the privacy notice accepted, a guardian's consent. */
  adult_declared_at: Generated<Date | null>;
  notice_version: Generated<string | null>;
  notice_accepted_at: Generated<Date | null>;
  guardian_consent_at: Generated<Date | null>;
  guardian_consent_by: Generated<string | null>;
  guardian_consent_note: Generated<string | null>;
  /** Migration 0044: the parent or guardian who consented, and how they are related. */
  guardian_name: Generated<string | null>;
  guardian_relationship: Generated<string | null>;
  /** Retention (migration 0042): the last sign-in, and when the 48-hour warning went. */
  last_seen_at: Generated<Date>;
  retention_warned_at: Generated<Date | null>;
  /** lower_tags(skills), kept by the database (migration 0046): what the skills filter matches. */
  skills_lower: GeneratedAlways<string[]>;
  /** "I don't have a UAN yet" (migration 0053): the UAN step is done without one. */
  no_uan_at: Generated<Date | null>;
}

export interface UanClaimsTable {
  id: Generated<string>;
  uan: string;
  claimant_id: string;
  holder_id: string | null;
  attempts: Generated<number>;
  reviewed_at: NullableTimestamp;
  created_at: Timestamp;
  last_attempt_at: Timestamp;
}

export interface PhoneVerificationCodesTable {
  id: Generated<string>;
  user_id: string;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CandidateDocumentsTable {
  id: Generated<string>;
  candidate_id: string;
  document_type: 'resume' | 'bank_statement' | 'experience_letter' | 'salary_slip';
  file_path: string;
  size_bytes: ColumnType<string, number | undefined, number>;
  original_name: string | null;
  created_at: Timestamp;
  /** The employment the document states, once its check has read it (issue 34): compared with EPFO. */
  employment_claim: ColumnType<DocumentEmploymentClaim | null, string | null | undefined, string | null>;
}

declare module './schema.ts' {
  interface DB {
    candidate_profiles: CandidateProfilesTable;
    uan_claims: UanClaimsTable;
    phone_verification_codes: PhoneVerificationCodesTable;
    candidate_documents: CandidateDocumentsTable;
  }
}
