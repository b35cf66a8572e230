import type { ColumnType, Generated } from 'kysely';

/** One recovery code of a person (migration 0051): only its keyed hash; used_at once spent. */
export interface MfaRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
}

declare module './schema.ts' {
  interface DB {
    mfa_recovery_codes: MfaRecoveryCodesTable;
  }
}
