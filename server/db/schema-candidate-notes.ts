import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns.ts';

/** A company's tag on a candidate (migration 0064), unique per company and candidate by lower(label). */
export interface CandidateTagsTable {
  id: Generated<string>;
  company_id: string;
  candidate_id: string;
  label: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** A private note on an application (migration 0064); mentions are @[Name](user id) in the body and the ids here. */
export interface ApplicationNotesTable {
  id: Generated<string>;
  application_id: string;
  company_id: string;
  author_id: string | null;
  body: string;
  mentions: Generated<string[]>;
  created_at: Timestamp;
  edited_at: NullableTimestamp;
}

declare module './schema.ts' {
  interface DB {
    candidate_tags: CandidateTagsTable;
    application_notes: ApplicationNotesTable;
  }
}
