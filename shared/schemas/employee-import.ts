/**
 * Import existing employees from CSV (issue 36 §2): one row per person, checked by the rules of
 * POST /api/employees, all rows imported in one transaction or none.
 *
 *   POST /api/employees/import/preview   user (employer, employees.manage) → EmployeeImportPreview (writes nothing)
 *   POST /api/employees/import           user (employer, employees.manage) → EmployeeImportResult (201), or 400 IMPORT_ROWS_INVALID with every row
 */
import { z } from 'zod';
import { employmentMessages as text } from '../messages/employment.ts';
import { csvImportPreviewSchema, type CsvImportPreview } from './csv-import.ts';
import { employeeSchema } from './employment.ts';

export type EmployeeImportKey = 'candidate_code' | 'title' | 'joining_date';

/** The file's columns, as the template writes them; the server matches headers without case or spaces. */
export const employeeImportColumns = [
  { key: 'candidate_code', header: text.columnCandidateId, required: true },
  { key: 'title', header: text.columnTitle, required: true },
  { key: 'joining_date', header: text.columnJoined, required: true },
] as const satisfies readonly { key: EmployeeImportKey; header: string; required: boolean }[];

/** The template's example row: a date as Indian spreadsheets write it. */
export const employeeImportExample: Record<EmployeeImportKey, string> = { candidate_code: 'WC-7K3F9Q', title: 'Machine Operator', joining_date: '01/04/2024' };

const DAY_MONTH_YEAR = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/;

/**
 * A joining date as a spreadsheet in India writes it, DD/MM/YYYY or DD-MM-YYYY (1/4/2024 too), as
 * YYYY-MM-DD; anything else is returned as written, for the schema to judge (YYYY-MM-DD passes,
 * the rest is refused). Day first always: an Indian sheet never writes the month first.
 */
export function isoFromSheetDate(value: string): string {
  const trimmed = value.trim();
  const match = DAY_MONTH_YEAR.exec(trimmed);
  if (!match) return trimmed;
  const [, day = '', , month = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** One row's values as checked: the candidate ID in capitals, the date as YYYY-MM-DD when it could be read. */
export const employeeImportValuesSchema = z.object({ candidate_code: z.string(), title: z.string(), joining_date: z.string() });
export type EmployeeImportValues = z.infer<typeof employeeImportValuesSchema>;

export const employeeImportPreviewSchema = csvImportPreviewSchema(employeeImportValuesSchema);
export type EmployeeImportPreview = CsvImportPreview<EmployeeImportValues>;

/** What an import wrote: every row, unconfirmed until each person confirms. */
export const employeeImportResultSchema = z.object({ imported: z.number().int(), employees: z.array(employeeSchema) });
export type EmployeeImportResult = z.infer<typeof employeeImportResultSchema>;
