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
  state: Generated<'queued' | 'retrying' | 'decided' | 'cancelled' | 'gave_up'>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  reference: string | null;
  /** Derived facts only (shared/schemas/epfo.ts), never the provider's answer. */
  result: ColumnType<EpfoFindings | null, string | null | undefined, string | null>;
  requested_at: Timestamp;
  decided_at: NullableTimestamp;
}

export type ProviderCallOutcome = 'answered' | 'not_found' | 'unavailable' | 'rate_limited' | 'refused' | 'error';

/** One call to an outside verification source (migration 0052): metering and the admins' view. */
export interface ProviderCallsTable {
  id: Generated<string>;
  provider: string;
  kind: 'epfo_history' | 'digilocker';
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
