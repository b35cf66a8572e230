import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { fill } from '../../../shared/fill.ts';
import type { AddEmployeeInput, Employee } from '../../../shared/schemas/employment.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { announce, dashboardUrl, defaultContext, employeeById, type EmployerActor, type EmploymentContext } from './employees.ts';

const text = messages.employment;

/** PostgreSQL's unique violation on the one-active-employment-per-company index. */
export function isAlreadyEmployed(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'employments_one_active';
}

/** A candidate found by candidate ID, and the name of the company adding them (for the email). */
export interface CandidateToAdd {
  id: string;
  email: string;
  full_name: string;
  candidate_code: string;
  company_name: string;
}

/** The candidates (candidate accounts only) with these candidate IDs, written in capitals, by ID. */
export async function candidatesByCode(db: Kysely<DB> | Transaction<DB>, companyId: string, codes: readonly string[]): Promise<Map<string, CandidateToAdd>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('candidate_profiles as cp')
    .innerJoin('user_profiles as u', 'u.id', 'cp.user_id')
    .innerJoin('companies as c', (join) => join.on('c.id', '=', companyId))
    .select(['u.id', 'u.email', 'u.full_name', 'cp.candidate_code', 'c.name as company_name'])
    .where('cp.candidate_code', 'in', codes)
    .where('u.role', '=', 'candidate')
    .execute();
  return new Map(rows.map((row) => [row.candidate_code, row]));
}

/**
 * Writes one directly added employment in the caller's transaction: the unconfirmed row, its
 * audit row, the employee.hired webhook and the email asking the person to confirm. The single add
 * and the CSV import both call it, so an imported row is exactly an added one; each announces the
 * change itself (the import once for the company). Someone already active at the company makes
 * the insert raise (isAlreadyEmployed), which rolls the caller's transaction back.
 */
export async function recordAddedEmployee(
  trx: Transaction<DB>,
  actor: EmployerActor,
  person: CandidateToAdd,
  input: { title: string; joining_date: string },
  context: EmploymentContext,
): Promise<string> {
  const title = input.title.trim();
  const joiningDate = input.joining_date.trim();
  const { id } = await trx
    .insertInto('employments')
    .values({ company_id: actor.companyId, employee_id: person.id, title, joining_date: joiningDate, created_by: actor.userId, confirmation: 'unconfirmed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'employee_added', entityType: 'employment', entityId: id, details: { employee_id: person.id, joining_date: joiningDate }, ip: actor.ip });
  await emitWebhookEvent(trx, actor.companyId, 'employee.hired', { employment_id: id, candidate_id: person.id, title, joining_date: joiningDate, confirmation: 'unconfirmed' });
  const values = { name: person.full_name || person.email, company: person.company_name, title, joiningDate, dashboardUrl: dashboardUrl(context) };
  await enqueueMessage(trx, { channel: 'email', to: person.email, subject: fill(text.addedEmailSubject, values), text: fill(text.addedEmailText, values) });
  return id;
}

/**
 * Records someone the company employs who was not hired through WorkCred, found by candidate ID
 * (404 for an unknown ID or a non-candidate). It is unconfirmed (issue 33 A1): only the company
 * sees it, without the person's name unless they applied here, until the person confirms it; they
 * are emailed to confirm or decline. Someone already active here is 409: the unique index decides,
 * so two clicks add one row.
 */
export async function addEmployee(db: Kysely<DB>, actor: EmployerActor, input: AddEmployeeInput, context: EmploymentContext = defaultContext()): Promise<Employee> {
  const code = input.candidate_code.trim().toUpperCase();
  try {
    return await db.transaction().execute(async (trx) => {
      const person = (await candidatesByCode(trx, actor.companyId, [code])).get(code);
      if (!person) throw notFound(text.candidateNotFound);
      const id = await recordAddedEmployee(trx, actor, person, input, context);
      await announce(trx, actor.companyId, person.id, id);
      return employeeById(trx, actor.companyId, id, context.now);
    });
  } catch (error) {
    if (isAlreadyEmployed(error)) throw conflict(text.alreadyEmployed, 'ALREADY_EMPLOYED');
    throw error;
  }
}
