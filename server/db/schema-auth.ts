import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** Sign-in protections, two-step verification and email changes (migrations 0003, 0004, 0014, 0019), merged into DB. */

export interface AuthFailuresTable {
  key: string;
  failures: Generated<number>;
  window_started_at: Timestamp;
  locked_until: NullableTimestamp;
}

export interface MfaFactorsTable {
  id: Generated<string>;
  user_id: string;
  factor_type: 'totp' | 'phone';
  friendly_name: string | null;
  status: Generated<'unverified' | 'verified'>;
  secret_encrypted: string | null;
  phone: string | null;
  last_totp_step: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MfaChallengesTable {
  id: Generated<string>;
  factor_id: string;
  session_id: string;
  code_hash: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface MfaSmsSendsTable {
  id: Generated<string>;
  phone_hash: string;
  user_id: string | null;
  created_at: Timestamp;
}

export interface ReauthCodesTable {
  id: Generated<string>;
  user_id: string;
  session_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface EmailChangeRequestsTable {
  id: Generated<string>;
  user_id: string;
  new_email: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

declare module './schema.ts' {
  interface DB {
    auth_failures: AuthFailuresTable;
    mfa_factors: MfaFactorsTable;
    mfa_challenges: MfaChallengesTable;
    mfa_sms_sends: MfaSmsSendsTable;
    reauth_codes: ReauthCodesTable;
    email_change_requests: EmailChangeRequestsTable;
  }
}
