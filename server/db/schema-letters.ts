import type { ColumnType, Generated } from 'kysely';
import type { LetterKind } from '../../shared/schemas/letters.ts';

/** Dates are read as strings (YYYY-MM-DD), as employments' are. */
type DateColumn = ColumnType<string, string, string>;

/** A company's wording of a letter (migration 0038), merged into DB. */
export interface LetterTemplatesTable {
  company_id: string;
  kind: LetterKind;
  subject: string;
  body: string;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** An issued letter (migration 0038): what it states, its stored PDF and its SHA-256, and whether it was revoked. */
export interface LettersTable {
  id: Generated<string>;
  company_id: string;
  kind: LetterKind;
  code: string;
  recipient_id: string;
  recipient_name: string;
  company_name: string;
  title: string;
  joining_date: DateColumn | null;
  last_working_day: DateColumn | null;
  annual_ctc_paise: ColumnType<string | null, number | null | undefined, number | null>;
  application_id: string | null;
  employment_id: string | null;
  storage_key: string;
  sha256: string;
  size_bytes: number;
  issued_by: string | null;
  issued_at: Generated<Date>;
  revoked_at: Date | null;
  revoked_by: string | null;
  revoke_reason: string | null;
}

declare module './schema.ts' {
  interface DB {
    letter_templates: LetterTemplatesTable;
    letters: LettersTable;
  }
}
