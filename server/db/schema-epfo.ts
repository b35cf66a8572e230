import type { ColumnType, Generated } from 'kysely';
import type { EpfoFindings } from '../../shared/schemas/epfo.ts';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** EPFO lookups, both the job queue and the result (migration 0052), merged into DB. */
export interface EpfoLookupsTable {
  id: Generated<string>;
  candidate_id: string;
  check_id: string;
  consent_id: string;
  provider: 'surepass' | 'hyperverge' | 'development';
  billed_company_id: string | null;
  state: Generated<'queued' | 'retrying' | 'decided' | 'cancelled' | 'gave_up' | 'ended'>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  reference: string | null;
  /** Derived facts only (shared/schemas/epfo.ts), never the provider's answer. */
  result: ColumnType<EpfoFindings | null, string | null | undefined, string | null>;
  requested_at: Timestamp;
  decided_at: NullableTimestamp;
  /** Migration 0055: 'uan' (the history by UAN) or 'passbook_otp' (the member's OTP, then the passbook). */
  method: Generated<EpfoLookupMethod>;
  otp_step: EpfoOtpStep | null;
  otp_step_at: NullableTimestamp;
  otp_session: string | null;
  /** The typed code, only between its submission and the worker's claim (which clears it). */
  otp_code: string | null;
  otp_masked_mobile: string | null;
  otp_expires_at: NullableTimestamp;
  otp_sent_at: NullableTimestamp;
  otp_sends: Generated<number>;
  otp_wrong: Generated<number>;
  otp_notice: EpfoOtpNotice | null;
  otp_end: EpfoOtpEnd | null;
}

export type EpfoLookupMethod = 'uan' | 'passbook_otp';
export type EpfoOtpStep = 'sending' | 'awaiting_code' | 'checking' | 'reading';
export type EpfoOtpNotice = 'wrong_code' | 'not_checked' | 'code_lost';
export type EpfoOtpEnd = 'expired' | 'too_many_wrong' | 'unavailable' | 'cancelled';

export type ProviderCallOutcome = 'answered' | 'not_found' | 'unavailable' | 'rate_limited' | 'refused' | 'error';

/** One call to an outside verification source (migration 0052): metering and the admins' view. */
export interface ProviderCallsTable {
  id: Generated<string>;
  provider: string;
  kind: 'epfo_history' | 'epfo_passbook' | 'digilocker';
  company_id: string | null;
  outcome: ProviderCallOutcome;
  duration_ms: number;
  called_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module './schema.ts' {
  interface DB {
    epfo_lookups: EpfoLookupsTable;
    provider_calls: ProviderCallsTable;
  }
}
