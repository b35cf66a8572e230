import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { summarise, type CsvImportRow } from '../../../shared/schemas/csv-import.ts';
import { employeeImportColumns, isoFromSheetDate, type EmployeeImportPreview, type EmployeeImportResult, type EmployeeImportValues } from '../../../shared/schemas/employee-import.ts';
import { addEmployeeBodySchema } from '../../../shared/schemas/employment.ts';
import { isIsoDate } from '../../../shared/schemas/jobs.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { flagRepeats, readCsvTable, rowsRefused } from '../../imports/csv-table.ts';
import { publish, type LiveEvent } from '../../realtime/events.ts';
import { candidatesByCode, isAlreadyEmployed, recordAddedEmployee, type CandidateToAdd } from './add-employee.ts';
import { employeesByIds, type EmployerActor, type EmploymentContext } from './employees.ts';

const text = messages.employment;

type Row = CsvImportRow<EmployeeImportValues>;

/**
 * One row by the rules of the single add (addEmployeeBodySchema), so its problems read as the Add
 * employee dialog's do; the date is read as a spreadsheet writes it first. A cell already reported
 * empty is not reported again, and each column says its first problem only.
 */
function checkCells(row: number, cells: EmployeeImportValues, cellErrors: string[]): Row {
  const joiningDate = isoFromSheetDate(cells.joining_date);
  const parsed = addEmployeeBodySchema.safeParse({ candidate_code: cells.candidate_code, title: cells.title, joining_date: joiningDate });
  if (parsed.success) return { row, values: parsed.data, errors: cellErrors };
  // A date that could not be read is shown as the file has it ("31/02/2024"), for the person to find.
  const values = { candidate_code: cells.candidate_code.toUpperCase(), title: cells.title, joining_date: isIsoDate(joiningDate) ? joiningDate : cells.joining_date };
  const errors = [...cellErrors];
  const reported = new Set<string>();
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof EmployeeImportValues;
    if (!cells[key] || reported.has(key)) continue;
    reported.add(key);
    // The single add's "(YYYY-MM-DD)" would send someone with 01/04/2024 the wrong way.
    errors.push(key === 'joining_date' && issue.message === text.invalidDate ? text.importDateInvalid : issue.message);
  }
  return { row, values, errors };
}

/** Who of these people is already an active employee of the company (the one-active unique index's rule). */
async function activeHere(db: Kysely<DB> | Transaction<DB>, companyId: string, personIds: string[]): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('employments')
    .select('employee_id')
    .where('company_id', '=', companyId)
    .where('employee_id', 'in', personIds)
    .where('status', '=', 'active')
    .where('confirmation', '<>', 'declined')
    .execute();
  return new Set(rows.map((row) => row.employee_id));
}

interface CheckedFile {
  rows: Row[];
  /** The person each row names, once every row is right. */
  people: Map<Row, CandidateToAdd>;
}

/**
 * Every row of the file with all its problems, writing nothing: the cells, the same candidate ID
 * twice in the file, an unknown candidate ID, someone already active here. Two queries whatever
 * the file's length. What is wrong with the file as a whole is a 400 from readCsvTable.
 */
async function checkFile(db: Kysely<DB> | Transaction<DB>, companyId: string, csv: string): Promise<CheckedFile> {
  const rows = readCsvTable(csv, employeeImportColumns).map(({ row, values, errors }) => checkCells(row, values, errors));
  flagRepeats(rows, text.importRepeatWhat, (values) => values.candidate_code);
  // Only well-formed IDs are looked up: a malformed one already says so.
  const lookedUp = rows.filter((row) => row.values.candidate_code && !row.errors.includes(text.candidateCodeInvalid));
  const found = await candidatesByCode(db, companyId, [...new Set(lookedUp.map((row) => row.values.candidate_code))]);
  const active = await activeHere(db, companyId, [...new Set([...found.values()].map((person) => person.id))]);
  const people = new Map<Row, CandidateToAdd>();
  for (const row of lookedUp) {
    const person = found.get(row.values.candidate_code);
    if (!person) row.errors.push(text.candidateNotFound);
    else if (active.has(person.id)) row.errors.push(text.alreadyEmployed);
    else people.set(row, person);
  }
  return { rows, people };
}

/** POST /api/employees/import/preview: every row with its problems; nothing is written. */
export async function previewEmployeeImport(db: Kysely<DB>, companyId: string, csv: string): Promise<EmployeeImportPreview> {
  return summarise((await checkFile(db, companyId, csv)).rows);
}

/**
 * POST /api/employees/import: checks the file again and, only if every row is right, records every
 * row as the single add does (recordAddedEmployee: the unconfirmed employment, its audit row, the
 * webhook, the email asking the person to confirm) in ONE transaction, with one more audit row
 * for the import. Any row wrong: 400 with every row and nothing written. Someone added by a
 * teammate between the check and the insert makes the unique index raise: the transaction rolls
 * back whole and the answer is the same 400, naming that row.
 */
export async function importEmployees(db: Kysely<DB>, actor: EmployerActor, csv: string, context: EmploymentContext): Promise<EmployeeImportResult> {
  let checked: CheckedFile | undefined;
  let inserting: Row | undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      checked = await checkFile(trx, actor.companyId, csv);
      if (checked.rows.some((row) => row.errors.length > 0)) throw rowsRefused(checked.rows);
      const ids: string[] = [];
      const events: LiveEvent[] = [{ topic: `company:${actor.companyId}`, type: 'employment' }];
      for (const row of checked.rows) {
        const person = checked.people.get(row);
        if (!person) throw new Error(`row ${row.row} passed the checks without a person`);
        inserting = row;
        const id = await recordAddedEmployee(trx, actor, person, row.values, context);
        ids.push(id);
        events.push({ topic: `user:${person.id}`, type: 'employment', id });
      }
      inserting = undefined;
      await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'employees_imported', entityType: 'company', entityId: actor.companyId, details: { count: ids.length }, ip: actor.ip });
      // One event tells the company's screens to refetch, not one per row.
      await publish(trx, events);
      return { imported: ids.length, employees: await employeesByIds(trx, actor.companyId, ids, context.now) };
    });
  } catch (error) {
    if (isAlreadyEmployed(error) && checked && inserting) {
      inserting.errors.push(text.alreadyEmployed);
      throw rowsRefused(checked.rows);
    }
    throw error;
  }
}
