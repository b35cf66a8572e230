import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CompanyRole } from '../../shared/permissions.ts';
import type { SelfServePlanId } from '../../shared/plans.ts';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/**
 * Kysely's view of the tables created by server/db/migrations. Keep in step with the SQL.
 * The people, companies and audit tables are here; each feature's tables live in a
 * schema-<feature>.ts file that merges them into DB (declaration merging), re-exported below
 * so every type import of this module keeps working.
 */

export type Role = 'admin' | 'employer' | 'candidate';

export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Generated<boolean>;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The plan chosen on the pricing section before signing up, until the company exists (0029). */
  chosenPlan: Generated<SelfServePlanId | null>;
  /** The company named at employer signup (0001), offered again by Complete Your Profile. */
  companyName: Generated<string | null>;
}

export interface AuthSessionsTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  aal: Generated<'aal1' | 'aal2'>;
}

export interface AuthAccountsTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CompaniesTable {
  id: Generated<string>;
  name: string;
  created_at: Timestamp;
  // Settings → Company and Candidate emails (migration 0017).
  industry: string | null;
  company_size: string | null;
  website: string | null;
  description: string | null;
  slug: string;
  brand_color: string | null;
  logo_key: string | null;
  logo_updated_at: NullableTimestamp;
  stage_emails_off: Generated<string[]>;
  reply_to_email: string | null;
  updated_at: Generated<Date>;
}

export interface UserProfilesTable {
  id: string;
  role: Generated<Role>;
  company_id: string | null;
  /** What the person may do in their company (issue 13); set exactly when company_id is. */
  company_role: CompanyRole | null;
  full_name: Generated<string>;
  email: string;
  phone: string | null;
  mobile_verified: Generated<boolean>;
  industry: string | null;
  position: string | null;
  suspended_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdminAuditLogsTable {
  id: Generated<string>;
  admin_id: string | null;
  company_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  ip_address: string | null;
  created_at: Timestamp;
}

export interface StorageIntentsTable {
  id: Generated<string>;
  object_key: string;
  action: 'upload' | 'delete';
  created_at: Timestamp;
}

export interface DB {
  auth_users: AuthUsersTable;
  auth_sessions: AuthSessionsTable;
  auth_accounts: AuthAccountsTable;
  companies: CompaniesTable;
  user_profiles: UserProfilesTable;
  admin_audit_logs: AdminAuditLogsTable;
  storage_intents: StorageIntentsTable;
}

export type UserProfile = Selectable<UserProfilesTable>;
export type NewUserProfile = Insertable<UserProfilesTable>;
export type UserProfileUpdate = Updateable<UserProfilesTable>;

// Sign-in protections, two-step verification and email changes (migrations 0003, 0004, 0014, 0019) live in schema-auth.ts, merged into DB there.
export type * from './schema-auth.ts';
// Jobs, applications and their pipeline (migrations 0002, 0010) live in schema-jobs.ts, merged into DB there.
export type * from './schema-jobs.ts';
// Interviews (migrations 0002, 0010) live in schema-interviews.ts, merged into DB there.
export type * from './schema-interviews.ts';
// Candidates' profiles and documents (migrations 0002, 0007) live in schema-candidates.ts, merged into DB there.
export type * from './schema-candidates.ts';
// Verification checks, consents and shared records (migration 0010) live in schema-verification.ts, merged into DB there.
export type * from './schema-verification.ts';
// Employments (migration 0010) live in schema-employment.ts, merged into DB there.
export type * from './schema-employment.ts';
// Onboarding, invites, join requests and billing profiles (migrations 0002, 0005, 0016-0018) live in schema-companies.ts, merged into DB there.
export type * from './schema-companies.ts';
// Notifications, the outbox, support chat and the public site (migrations 0002, 0003, 0006, 0008) live in schema-messaging.ts, merged into DB there.
export type * from './schema-messaging.ts';
// Billing tables (migration 0028) live in schema-billing.ts, merged into DB there.
export type * from './schema-billing.ts';
// The public API's tables (migration 0030) live in schema-developers.ts, merged into DB there.
export type * from './schema-developers.ts';
// Webhooks (migration 0032) live in schema-webhooks.ts, merged into DB there.
export type * from './schema-webhooks.ts';
// Hiring analytics rollups (migration 0036) live in schema-analytics.ts, merged into DB there.
export type * from './schema-analytics.ts';
// Document downloads (migration 0037) live in schema-documents.ts, merged into DB there.
export type * from './schema-documents.ts';
// Background checks asked of a candidate (migration 0035) live in schema-check-requests.ts, merged into DB there.
export type * from './schema-check-requests.ts';
// Letters and their templates (migration 0038) live in schema-letters.ts, merged into DB there.
export type * from './schema-letters.ts';
// Data rights (migration 0040) live in schema-privacy.ts, merged into DB there.
export type * from './schema-privacy.ts';
// Recovery codes of two-step verification (migration 0051) live in schema-mfa-recovery.ts, merged into DB there.
export type * from './schema-mfa-recovery.ts';
// EPFO lookups and provider calls (migration 0052) live in schema-epfo.ts, merged into DB there.
export type * from './schema-epfo.ts';
// Documents brought from DigiLocker (migration 0054) live in schema-digilocker.ts, merged into DB there.
export type * from './schema-digilocker.ts';
// Scans queued for OCR (migration 0056) live in schema-document-reads.ts, merged into DB there.
export type * from './schema-document-reads.ts';
// WhatsApp opt-ins and delivery statuses (migration 0059) live in schema-whatsapp.ts, merged into DB there.
export type * from './schema-whatsapp.ts';
// Candidate email templates and application notice preferences (migration 0067) live in schema-candidate-emails.ts, merged into DB there.
export type * from './schema-candidate-emails.ts';
// Candidate tags and application notes (migration 0064) live in schema-candidate-notes.ts, merged into DB there.
export type * from './schema-candidate-notes.ts';
// Offers and the letter signatory (migration 0066) live in schema-offers.ts, merged into DB there.
export type * from './schema-offers.ts';
