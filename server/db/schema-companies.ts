import type { Generated } from 'kysely';
import type { CompanyRole } from '../../shared/permissions.ts';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** Employer onboarding, company verification, invites, join requests and billing profiles (migrations 0002, 0005, 0016-0018), merged into DB. */

export interface CompanyVerificationsTable {
  id: Generated<string>;
  company_name: string;
  domain: string;
  verification_status: Generated<'pending' | 'verified' | 'rejected'>;
  created_at: Timestamp;
}

export interface EmployerOnboardingTable {
  id: Generated<string>;
  user_id: string | null;
  company_name: string;
  industry: string;
  company_size: string;
  company_website: string | null;
  full_name: string;
  work_email: string;
  phone_number: string;
  created_at: Timestamp;
}

export interface EmployerOnboardingCodesTable {
  id: Generated<string>;
  user_id: string;
  work_email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CompanyInvitesTable {
  id: Generated<string>;
  company_id: string;
  email: string;
  company_role: CompanyRole;
  token_hash: string;
  invited_by: string | null;
  status: Generated<'pending' | 'accepted' | 'revoked'>;
  expires_at: Timestamp;
  sent_count: Generated<number>;
  last_sent_at: Timestamp;
  accepted_by: string | null;
  responded_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CompanyJoinRequestsTable {
  id: Generated<string>;
  company_id: string;
  user_id: string;
  status: Generated<'pending' | 'approved' | 'declined' | 'cancelled'>;
  company_role: CompanyRole | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface CompanyBillingProfilesTable {
  company_id: string;
  legal_name: string;
  gstin: string | null;
  address_line1: string;
  address_line2: string | null;
  city: string;
  state: string;
  pincode: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

declare module './schema.ts' {
  interface DB {
    company_verifications: CompanyVerificationsTable;
    employer_onboarding: EmployerOnboardingTable;
    employer_onboarding_codes: EmployerOnboardingCodesTable;
    company_invites: CompanyInvitesTable;
    company_join_requests: CompanyJoinRequestsTable;
    company_billing_profiles: CompanyBillingProfilesTable;
  }
}
