import { z } from 'zod';
import { fill } from '../fill.ts';
import { csvImportMessages as text } from '../messages/csv-import.ts';

/** An import's file, sent as its text (the browser reads the chosen file): at most 1 MB and 500 rows. */
export const CSV_IMPORT_MAX_BYTES = 1_000_000;
export const CSV_IMPORT_MAX_ROWS = 500;

export const csvImportBodySchema = z.strictObject({
  csv: z.string(text.fileEmpty).max(CSV_IMPORT_MAX_BYTES, fill(text.fileTooLarge, { max: CSV_IMPORT_MAX_BYTES / 1000 })),
});
export type CsvImportBody = z.infer<typeof csvImportBodySchema>;

/** One row as checked: its number in the spreadsheet (the header is row 1), what it holds, and what is wrong with it. */
export interface CsvImportRow<Values> {
  row: number;
  values: Values;
  errors: string[];
  /** What importing it will do, when that is not the plain case (e.g. an invitation instead of an account). */
  note?: string;
}

/** The answer to a preview, and the rows of a refused import (sent beside its 400's code and message). */
export interface CsvImportPreview<Values> {
  rows: CsvImportRow<Values>[];
  valid: number;
  invalid: number;
}

/** The preview's answer as a response schema, for an import's own values (serialised and documented like any other). */
export const csvImportPreviewSchema = <Values extends z.ZodType>(values: Values) =>
  z.object({
    rows: z.array(z.object({ row: z.number().int(), values, errors: z.array(z.string()), note: z.string().optional() })),
    valid: z.number().int(),
    invalid: z.number().int(),
  });

export const summarise = <Values>(rows: CsvImportRow<Values>[]): CsvImportPreview<Values> => {
  const invalid = rows.filter((row) => row.errors.length > 0).length;
  return { rows, valid: rows.length - invalid, invalid };
};
