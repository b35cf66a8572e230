import type { ColumnType, Generated } from 'kysely';
import type { ApiScope } from '../../shared/schemas/api-keys.ts';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** The public API's tables (migrations 0030 and 0031), merged into DB. */

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

/** An Idempotency-Key of a key's POST (migration 0031): claimed before the work, its answer kept 24 h. */
export interface ApiIdempotencyKeysTable {
  key_id: string;
  idempotency_key: string;
  request_hash: string;
  status_code: number | null;
  content_type: string | null;
  response: string | null;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

declare module './schema.ts' {
  interface DB {
    api_keys: ApiKeysTable;
    api_idempotency_keys: ApiIdempotencyKeysTable;
  }
}
