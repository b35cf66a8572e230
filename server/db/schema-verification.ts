import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** Verification checks, consents and shared records (migration 0010), merged into DB. */

export type VerificationSubject = 'phone' | 'uan' | 'resume' | 'bank_statement' | 'experience_letter' | 'salary_slip';

export type VerificationStatus = 'pending' | 'in_review' | 'verified' | 'rejected';

export interface VerificationFlag {
  rule: string;
  outcome: 'match' | 'mismatch' | 'missing' | 'not_checked';
  expected?: string;
  found?: string;
  evidence?: string;
  /** Document forensics (issue 35): the 1-based page and the place, [x0, y0, x1, y1] in points from the page's top-left corner. */
  page?: number;
  rect?: [number, number, number, number];
  /** The document_risk flag: the level its signals make. */
  risk?: 'low' | 'medium' | 'high';
}

export interface VerificationChecksTable {
  id: Generated<string>;
  candidate_id: string;
  subject: VerificationSubject;
  document_id: string | null;
  status: Generated<VerificationStatus>;
  reason: string | null;
  decided_by: 'algorithm' | 'provider' | 'verification_team' | null;
  decided_by_user: string | null;
  decided_at: NullableTimestamp;
  flags: ColumnType<VerificationFlag[], string | undefined, string>;
  verified_fields: ColumnType<string[], string[] | undefined, string[]>;
  provider: string | null;
  provider_reference: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationConsentsTable {
  id: Generated<string>;
  candidate_id: string;
  subject: VerificationSubject;
  purpose: string;
  granted_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip_address: string | null;
  /** The privacy notice in force when consent was given (migration 0040). */
  notice_version: Generated<string | null>;
}

export interface RecordSharesTable {
  id: Generated<string>;
  candidate_id: string;
  company_id: string;
  purpose: string;
  granted_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** The privacy notice in force when the record was shared (migration 0040). */
  notice_version: Generated<string | null>;
}

export interface RecordViewsTable {
  id: Generated<string>;
  share_id: string;
  viewer_id: string | null;
  viewed_at: Timestamp;
}

declare module './schema.ts' {
  interface DB {
    verification_checks: VerificationChecksTable;
    verification_consents: VerificationConsentsTable;
    record_shares: RecordSharesTable;
    record_views: RecordViewsTable;
  }
}
