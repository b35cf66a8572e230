import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

export type DocumentReadState = 'queued' | 'reading' | 'done' | 'failed' | 'cancelled';

/** Scans queued for OCR (migration 0056), merged into DB. */
export interface DocumentReadsTable {
  id: Generated<string>;
  check_id: string;
  candidate_id: string;
  document_id: string;
  state: Generated<DocumentReadState>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  pages_done: Generated<number>;
  page_count: number | null;
  confidence: number | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

declare module './schema.ts' {
  interface DB {
    document_reads: DocumentReadsTable;
  }
}
