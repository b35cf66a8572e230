import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { EMPLOYEES_LIST_CAP, type AddEmployeeInput, type Employee, type EmployeeStatusFilter, type RelieveInput, type UpdateEmploymentInput } from '../../../shared/schemas/employment.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { fill } from '../../../shared/fill.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';

const text = messages.employment;
const iso = (value: Date | string) => new Date(value).toISOString();

/** Who acts: an employer of `companyId` (from employerCompanyId), and their IP for the audit row. */
export interface EmployerActor {
  userId: string;
  companyId: string;
  ip: string;
}

/**
 * The company's employments with the person's name and candidate ID and the job they were hired
 * for. Every query of this feature's employer side starts here, scoped to the caller's company.
 */
function companyEmployments(db: Kysely<DB> | Transaction<DB>, companyId: string) {
  return db
    .selectFrom('employments as e')
    .innerJoin('user_profiles as u', 'u.id', 'e.employee_id')
    .leftJoin('candidate_profiles as cp', 'cp.user_id', 'e.employee_id')
    .leftJoin('job_applications as ja', 'ja.id', 'e.application_id')
    .leftJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .where('e.company_id', '=', companyId)
    .select([
      'e.id',
      'e.employee_id',
      'u.full_name',
      'cp.candidate_code',
      'e.title',
      'e.joining_date',
      'e.last_working_day',
      'e.relieving_reason',
      'e.status',
      'e.application_id',
      'jp.title as job_title',
      'e.created_at',
      'e.updated_at',
    ]);
}

type EmployeeRow = Awaited<ReturnType<ReturnType<typeof companyEmployments>['executeTakeFirstOrThrow']>>;

function toEmployee(row: EmployeeRow): Employee {
  return {
    id: row.id,
    employee_id: row.employee_id,
    full_name: row.full_name,
    candidate_code: row.candidate_code,
    title: row.title,
    joining_date: row.joining_date,
    last_working_day: row.last_working_day,
    relieving_reason: row.relieving_reason,
    status: row.status,
    application_id: row.application_id,
    job_title: row.job_title,
    created_at: iso(row.created_at),
    // A relieved employment is never changed again (PATCH is for active ones), so its last update is the relieving.
    relieved_at: row.status === 'relieved' ? iso(row.updated_at) : null,
  };
}

/** Team → Employees: the company's employees by status, newest joiners first (capped, see EMPLOYEES_LIST_CAP). */
export async function listEmployees(db: Kysely<DB>, companyId: string, status: EmployeeStatusFilter): Promise<Employee[]> {
  const rows = await companyEmployments(db, companyId)
    .$if(status !== 'all', (qb) => qb.where('e.status', '=', status as 'active' | 'relieved'))
    .orderBy('e.joining_date', 'desc')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(EMPLOYEES_LIST_CAP)
    .execute();
  return rows.map(toEmployee);
}

/** PostgreSQL's unique violation on the one-active-employment-per-company index. */
function isAlreadyEmployed(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'employments_one_active';
}

/**
 * Records someone the company employs who was not hired through WorkCred, found by candidate ID
 * (404 for an unknown ID or a non-candidate). Someone already active here is 409: the unique
 * index decides, so two clicks add one row. The person is emailed: a company wrote to their history.
 */
export async function addEmployee(db: Kysely<DB>, actor: EmployerActor, input: AddEmployeeInput): Promise<Employee> {
  const code = input.candidate_code.trim().toUpperCase();
  try {
    return await db.transaction().execute(async (trx) => {
      const person = await trx
        .selectFrom('candidate_profiles as cp')
        .innerJoin('user_profiles as u', 'u.id', 'cp.user_id')
        .innerJoin('companies as c', (join) => join.on('c.id', '=', actor.companyId))
        .select(['u.id', 'u.email', 'u.full_name', 'c.name as company_name'])
        .where('cp.candidate_code', '=', code)
        .where('u.role', '=', 'candidate')
        .executeTakeFirst();
      if (!person) throw notFound(text.candidateNotFound);
      const title = input.title.trim();
      const joiningDate = input.joining_date.trim();
      const { id } = await trx
        .insertInto('employments')
        .values({ company_id: actor.companyId, employee_id: person.id, title, joining_date: joiningDate, created_by: actor.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'employee_added', entityType: 'employment', entityId: id, details: { employee_id: person.id, joining_date: joiningDate }, ip: actor.ip });
      await announce(trx, actor.companyId, person.id, id);
      await emitWebhookEvent(trx, actor.companyId, 'employee.hired', { employment_id: id, candidate_id: person.id, title, joining_date: joiningDate });
      const values = { name: person.full_name || person.email, company: person.company_name, title, joiningDate };
      await enqueueMessage(trx, { channel: 'email', to: person.email, subject: fill(text.addedEmailSubject, values), text: fill(text.addedEmailText, values) });
      return toEmployee(await companyEmployments(trx, actor.companyId).where('e.id', '=', id).executeTakeFirstOrThrow());
    });
  } catch (error) {
    if (isAlreadyEmployed(error)) throw conflict(text.alreadyEmployed, 'ALREADY_EMPLOYED');
    throw error;
  }
}

/** The employment, locked for the change; another company's (or an unknown id) is 404. */
async function lockEmployment(trx: Transaction<DB>, companyId: string, employmentId: string) {
  const row = await trx
    .selectFrom('employments')
    .select(['id', 'employee_id', 'status', 'joining_date', 'title'])
    .where('id', '=', employmentId)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(text.employmentNotFound);
  return row;
}

async function announce(trx: Transaction<DB>, companyId: string, employeeId: string, employmentId: string) {
  await publish(trx, { topic: `company:${companyId}`, type: 'employment', id: employmentId });
  await publish(trx, { topic: `user:${employeeId}`, type: 'employment', id: employmentId });
}

/** Corrects an active employment's title or joining date. A relieved one is history: 409. */
export async function updateEmployment(db: Kysely<DB>, actor: EmployerActor, employmentId: string, input: UpdateEmploymentInput): Promise<Employee> {
  return db.transaction().execute(async (trx) => {
    const current = await lockEmployment(trx, actor.companyId, employmentId);
    if (current.status !== 'active') throw conflict(text.relievedNotEditable, 'EMPLOYMENT_RELIEVED');
    const changes = { ...(input.title === undefined ? {} : { title: input.title }), ...(input.joining_date === undefined ? {} : { joining_date: input.joining_date }) };
    await trx
      .updateTable('employments')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', employmentId)
      .execute();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'employment_updated',
      entityType: 'employment',
      entityId: employmentId,
      details: { before: { title: current.title, joining_date: current.joining_date }, after: changes },
      ip: actor.ip,
    });
    await announce(trx, actor.companyId, current.employee_id, employmentId);
    return toEmployee(await companyEmployments(trx, actor.companyId).where('e.id', '=', employmentId).executeTakeFirstOrThrow());
  });
}

/**
 * Relieves an employee: records the last working day (not before joining; the schema caps it at
 * 90 days ahead) and the reason, ends the employment, and emails the person, in one transaction
 * with the audit row and the live events. A second relieve is 409 and changes nothing.
 */
export async function relieveEmployee(db: Kysely<DB>, actor: EmployerActor, employmentId: string, input: RelieveInput): Promise<Employee> {
  return db.transaction().execute(async (trx) => {
    const current = await lockEmployment(trx, actor.companyId, employmentId);
    if (current.status !== 'active') throw conflict(text.alreadyRelieved, 'ALREADY_RELIEVED');
    const lastDay = input.last_working_day.trim();
    const reason = input.reason.trim();
    if (lastDay < current.joining_date) throw badRequest(fill(text.lastDayBeforeJoining, { date: current.joining_date }), 'LAST_DAY_BEFORE_JOINING');

    await trx
      .updateTable('employments')
      .set({ status: 'relieved', last_working_day: lastDay, relieving_reason: reason, relieved_by: actor.userId, updated_at: new Date() })
      .where('id', '=', employmentId)
      .execute();
    await writeAudit(trx, {
      actorId: actor.userId,
      companyId: actor.companyId,
      action: 'employee_relieved',
      entityType: 'employment',
      entityId: employmentId,
      // The reason stays on the record; the audit trail notes the date only.
      details: { employee_id: current.employee_id, last_working_day: lastDay },
      ip: actor.ip,
    });
    await announce(trx, actor.companyId, current.employee_id, employmentId);
    await emitWebhookEvent(trx, actor.companyId, 'employee.relieved', { employment_id: employmentId, candidate_id: current.employee_id, last_working_day: lastDay });

    const person = await trx
      .selectFrom('user_profiles as u')
      .innerJoin('companies as c', (join) => join.on('c.id', '=', actor.companyId))
      .select(['u.email', 'u.full_name', 'c.name as company_name'])
      .where('u.id', '=', current.employee_id)
      .executeTakeFirstOrThrow();
    const values = { name: person.full_name || person.email, company: person.company_name, lastDay, title: current.title, reason };
    await enqueueMessage(trx, { channel: 'email', to: person.email, subject: fill(text.relievedEmailSubject, values), text: fill(text.relievedEmailText, values) });

    return toEmployee(await companyEmployments(trx, actor.companyId).where('e.id', '=', employmentId).executeTakeFirstOrThrow());
  });
}
