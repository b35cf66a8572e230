import { describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { csvImportMessages as text } from '../../shared/messages/csv-import.ts';
import { CSV_IMPORT_MAX_ROWS, type CsvImportRow } from '../../shared/schemas/csv-import.ts';
import { isoFromSheetDate } from '../../shared/schemas/employee-import.ts';
import { AppError } from '../../server/http/errors.ts';
import { flagRepeats, readCsvTable, rowsRefused, type CsvColumn } from '../../server/imports/csv-table.ts';

const columns: CsvColumn<'code' | 'title' | 'note'>[] = [
  { key: 'code', header: 'Candidate ID', required: true },
  { key: 'title', header: 'Title', required: true, maxLength: 15 },
  { key: 'note', header: 'Note' },
];

/** The 400 a file-level problem throws, as { code, message }. */
function refusal(csv: string): { code: string; message: string } {
  try {
    readCsvTable(csv, columns);
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the file was read');
}

describe('readCsvTable', () => {
  it('reads a spreadsheet’s CSV: Excel’s BOM, quoted commas and line breaks, blank lines, CRLF', () => {
    const rows = readCsvTable('\uFEFFCandidate ID,Title,Note\r\nWC-AAAAAA,"Fitter, Grade 2","Line one\nline two"\r\n\r\n,,\r\n,Welder,\r\nWC-BBBBBB,Welder,\r\n', columns);
    expect(rows).toEqual([
      // A quoted line break is one row of the spreadsheet, not two.
      { row: 2, values: { code: 'WC-AAAAAA', title: 'Fitter, Grade 2', note: 'Line one\nline two' }, errors: [] },
      // The empty line and Excel's empty row (",,") are skipped; the rows after them keep the
      // numbers the spreadsheet shows (regression: they were numbered as if the blanks were not there).
      { row: 5, values: { code: '', title: 'Welder', note: '' }, errors: [fill(text.required, { column: 'Candidate ID' })] },
      { row: 6, values: { code: 'WC-BBBBBB', title: 'Welder', note: '' }, errors: [] },
    ]);
  });

  it('matches headers without case, spaces, underscores or dashes, in any order; an optional column may be left out', () => {
    const rows = readCsvTable(' TITLE , candidate_id\nWelder,WC-CCCCCC', columns);
    expect(rows).toEqual([{ row: 2, values: { code: 'WC-CCCCCC', title: 'Welder', note: '' }, errors: [] }]);
  });

  it('trims cells, tolerates a short row, and says which cell is too long', () => {
    const rows = readCsvTable('Candidate ID,Title,Note\n  WC-DDDDDD  ,Senior Machinist\nWC-EEEEEE', columns);
    expect(rows).toEqual([
      { row: 2, values: { code: 'WC-DDDDDD', title: 'Senior Machinist', note: '' }, errors: [fill(text.tooLong, { column: 'Title', max: 15 })] },
      { row: 3, values: { code: 'WC-EEEEEE', title: '', note: '' }, errors: [fill(text.required, { column: 'Title' })] },
    ]);
  });

  it.each([
    { name: 'an empty file', csv: '', code: 'CSV_EMPTY', message: text.fileEmpty },
    { name: 'blank lines only', csv: '\r\n\r\n', code: 'CSV_EMPTY', message: text.fileEmpty },
    { name: 'a header without rows', csv: 'Candidate ID,Title\n', code: 'CSV_EMPTY', message: text.fileEmpty },
    { name: 'a header and empty rows', csv: 'Candidate ID,Title\n,\n\n , \n', code: 'CSV_EMPTY', message: text.fileEmpty },
    { name: 'a missing required column', csv: 'Candidate ID,Note\nWC-AAAAAA,x', code: 'CSV_COLUMNS', message: fill(text.missingColumns, { columns: '“Title”' }) },
    { name: 'an unknown column', csv: 'Candidate ID,Title,Salary,Grade\nWC-AAAAAA,x,1,2', code: 'CSV_COLUMNS', message: fill(text.unknownColumns, { columns: '“Salary”, “Grade”' }) },
    { name: 'an unterminated quote', csv: 'Candidate ID,Title\n"WC-AAAAAA,x', code: 'CSV_UNREADABLE', message: expect.stringContaining('could not be read as CSV') },
    {
      name: 'one row too many',
      csv: ['Candidate ID,Title', ...Array.from({ length: CSV_IMPORT_MAX_ROWS + 1 }, () => 'WC-AAAAAA,x')].join('\n'),
      code: 'CSV_TOO_MANY_ROWS',
      message: fill(text.tooManyRows, { count: CSV_IMPORT_MAX_ROWS + 1, max: CSV_IMPORT_MAX_ROWS }),
    },
  ])('refuses $name as a whole', ({ csv, code, message }) => {
    expect(refusal(csv)).toEqual({ code, message });
  });

  it('reads exactly the largest file allowed', () => {
    const csv = ['Candidate ID,Title', ...Array.from({ length: CSV_IMPORT_MAX_ROWS }, () => 'WC-AAAAAA,x')].join('\n');
    expect(readCsvTable(csv, columns)).toHaveLength(CSV_IMPORT_MAX_ROWS);
  });
});

describe('flagRepeats and rowsRefused', () => {
  const row = (n: number, code: string): CsvImportRow<{ code: string }> => ({ row: n, values: { code }, errors: [] });

  it('flags each later row repeating a key with the first row’s number, ignoring empty keys', () => {
    const rows = [row(2, 'A'), row(3, 'B'), row(4, 'A'), row(5, ''), row(6, ''), row(7, 'A')];
    flagRepeats(rows, 'candidate ID', (values) => values.code);
    expect(rows.map((r) => r.errors)).toEqual([[], [], [fill(text.sameAsRow, { what: 'candidate ID', row: 2 })], [], [], [fill(text.sameAsRow, { what: 'candidate ID', row: 2 })]]);
  });

  it('refuses an import with a 400 carrying every row and the counts', () => {
    const rows = [row(2, 'A'), { ...row(3, 'B'), errors: ['Bad.'] }];
    const error = rowsRefused(rows);
    expect(error).toMatchObject({ statusCode: 400, code: 'IMPORT_ROWS_INVALID', message: fill(text.rowsInvalid, { count: 1, total: 2 }) });
    expect(error.extra).toEqual({ rows, valid: 1, invalid: 1 });
  });
});

describe('isoFromSheetDate', () => {
  it.each([
    ['01/04/2024', '2024-04-01'],
    ['1/4/2024', '2024-04-01'],
    ['15-06-2023', '2023-06-15'],
    [' 2022-11-30 ', '2022-11-30'],
    // Left as written for the schema to refuse: mixed separators, a two-digit year, words.
    ['01/04-2024', '01/04-2024'],
    ['4/4/24', '4/4/24'],
    ['1 April 2024', '1 April 2024'],
    // Read day first; the schema then refuses a month 13 or 31 February.
    ['04/13/2024', '2024-13-04'],
    ['31/02/2024', '2024-02-31'],
  ])('reads %s as %s', (value, expected) => {
    expect(isoFromSheetDate(value)).toBe(expected);
  });
});
