import { parse } from 'csv-parse/sync';
import { fill } from '../../shared/fill.ts';
import { csvImportMessages as text } from '../../shared/messages/csv-import.ts';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, summarise, type CsvImportPreview, type CsvImportRow } from '../../shared/schemas/csv-import.ts';
import { AppError, badRequest } from '../http/errors.ts';

/**
 * An import route's bodyLimit: the file's text at its longest (CSV_IMPORT_MAX_BYTES characters, up
 * to 3 bytes each in UTF-8 or 2 as a JSON escape) inside `{"csv": …}`. The schema then says "larger
 * than 1000 KB" for a file over the limit that still fits here.
 */
export const CSV_IMPORT_BODY_BYTES = CSV_IMPORT_MAX_BYTES * 3 + 1024;

/** A column an import reads: its key, the header a person writes (matched without case or spaces), and whether a row must fill it. */
export interface CsvColumn<Key extends string> {
  key: Key;
  header: string;
  required?: boolean;
  maxLength?: number;
}

export interface CsvTableRow<Key extends string> {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  values: Record<Key, string>;
  /** Problems with the row's own cells (required, too long), before the import's rules. */
  errors: string[];
}

const headerKey = (header: string) => header.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

/**
 * Reads an import's CSV into rows keyed by its columns. What is wrong with the file as a whole (not
 * CSV, a required column missing, an unknown column, no rows, too many) is a 400 naming it; what is
 * wrong with a row is kept on the row, so the preview can show every problem at once. Excel's BOM,
 * quoted cells with commas or line breaks and blank lines are all read as a spreadsheet would.
 */
export function readCsvTable<Key extends string>(csv: string, columns: readonly CsvColumn<Key>[]): CsvTableRow<Key>[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, trim: true, max_record_size: 10_000 }) as string[][];
  } catch (error) {
    throw badRequest(fill(text.fileUnreadable, { reason: error instanceof Error ? error.message.replace(/\.$/, '') : 'unknown' }), 'CSV_UNREADABLE');
  }
  // Blank rows (an empty line, or ",," as Excel writes an empty row) are skipped but still
  // counted, so each row keeps the number the spreadsheet shows beside it.
  const numbered = records.flatMap((cells, index) => (cells.some((cell) => cell !== '') ? [{ cells, row: index + 1 }] : []));
  const [first, ...body] = numbered;
  const header = first?.cells;
  if (!header) throw badRequest(text.fileEmpty, 'CSV_EMPTY');
  const byHeader = new Map(columns.map((column) => [headerKey(column.header), column]));
  const unknown = header.filter((cell) => cell.trim() && !byHeader.has(headerKey(cell)));
  if (unknown.length > 0) throw badRequest(fill(text.unknownColumns, { columns: unknown.map((cell) => `“${cell}”`).join(', ') }), 'CSV_COLUMNS');
  const positions = new Map(header.map((cell, index) => [headerKey(cell), index]));
  const missing = columns.filter((column) => column.required && !positions.has(headerKey(column.header)));
  if (missing.length > 0) throw badRequest(fill(text.missingColumns, { columns: missing.map((column) => `“${column.header}”`).join(', ') }), 'CSV_COLUMNS');
  if (body.length === 0) throw badRequest(text.fileEmpty, 'CSV_EMPTY');
  if (body.length > CSV_IMPORT_MAX_ROWS) throw badRequest(fill(text.tooManyRows, { count: body.length, max: CSV_IMPORT_MAX_ROWS }), 'CSV_TOO_MANY_ROWS');

  return body.map(({ cells: record, row }) => {
    const values = {} as Record<Key, string>;
    const errors: string[] = [];
    for (const column of columns) {
      const position = positions.get(headerKey(column.header));
      const value = position === undefined ? '' : (record[position] ?? '').trim();
      values[column.key] = value;
      if (column.required && !value) errors.push(fill(text.required, { column: column.header }));
      else if (column.maxLength && value.length > column.maxLength) errors.push(fill(text.tooLong, { column: column.header, max: column.maxLength }));
    }
    return { row, values, errors };
  });
}

/** Adds "Same email as row 3." to each later row repeating a value that must be unique in the file. */
export function flagRepeats<Values>(rows: CsvImportRow<Values>[], what: string, keyOf: (values: Values) => string) {
  const first = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row.values);
    if (!key) continue;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row.row);
    else row.errors.push(fill(text.sameAsRow, { what, row: earlier }));
  }
}

/** The refusal of an import with any row wrong: 400 with every row, so nothing is half-imported and the screen shows why. */
export function rowsRefused<Values>(rows: CsvImportRow<Values>[]): AppError {
  const preview: CsvImportPreview<Values> = summarise(rows);
  return new AppError(400, 'IMPORT_ROWS_INVALID', fill(text.rowsInvalid, { count: preview.invalid, total: rows.length }), { ...preview });
}
