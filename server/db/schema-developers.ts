import type { ColumnType, Generated } from 'kysely';
import type { ApiScope } from '../../shared/schemas/api-keys.ts';

/** The public API's tables (migration 0030), merged into DB. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface ApiKeysTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: ColumnType<ApiScope[], ApiScope[], ApiScope[]>;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_by: string | null;
}

export interface ApiRateWindowsTable {
  key_id: string;
  window_start: Date | string;
  count: Generated<number>;
}

declare module './schema.ts' {
  interface DB {
    api_keys: ApiKeysTable;
    api_rate_windows: ApiRateWindowsTable;
  }
}
