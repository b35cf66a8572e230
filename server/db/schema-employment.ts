import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** Employments on a person's record (migration 0010), merged into DB. */

export interface EmploymentsTable {
  id: Generated<string>;
  company_id: string;
  employee_id: string;
  application_id: string | null;
  title: string;
  /** A date column: 'YYYY-MM-DD' on both drivers (database.ts sets the parser). */
  joining_date: ColumnType<string, string, string>;
  last_working_day: ColumnType<string | null, string | null | undefined, string | null>;
  relieving_reason: string | null;
  /** 'relieved' once a relieving is recorded; the last working day may still be ahead (notice). */
  status: Generated<'active' | 'relieved'>;
  /** Migration 0048: the source of the employment (a hire, or the person's confirmation). */
  confirmation: Generated<'unconfirmed' | 'confirmed' | 'declined'>;
  confirmed_by: ColumnType<'hire' | 'person' | null, 'hire' | 'person' | null | undefined, 'hire' | 'person' | null>;
  confirmed_at: NullableTimestamp;
  created_by: string | null;
  relieved_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module './schema.ts' {
  interface DB {
    employments: EmploymentsTable;
  }
}
