import { sql, type Kysely, type Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import {
  EMPLOYEES_LIST_CAP,
  employmentState,
  type Employee,
  type EmployeeStatusFilter,
  type RelieveInput,
  type UpdateEmploymentInput,
} from '../../../shared/schemas/employment.ts';
import { todayInIndia } from '../../../shared/schemas/jobs.ts';
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

/** The day employments are judged on (the app's clock, so tests move it) and the link in emails. */
export interface EmploymentContext {
  now: Date;
  publicUrl: string;
}
export const defaultContext = (): EmploymentContext => ({ now: new Date(), publicUrl: '' });

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
      'e.confirmation',
      'e.confirmed_by',
      'e.confirmed_at',
      'e.application_id',
      'jp.title as job_title',
      'e.created_at',
      'e.updated_at',
      // The person applied to one of the company's jobs: the company knows their name anyway.
      sql<boolean>`exists (select 1 from job_applications xa join job_postings xp on xp.id = xa.job_id where xa.candidate_id = e.employee_id and xp.company_id = e.company_id)`.as('applied_here'),
    ]);
}

type EmployeeRow = Awaited<ReturnType<ReturnType<typeof companyEmployments>['executeTakeFirstOrThrow']>>;

function toEmployee(row: EmployeeRow, today: string): Employee {
  return {
    id: row.id,
    employee_id: row.employee_id,
    // A candidate ID alone reveals no name (issue 33 A1): the person confirms, or applied here.
    full_name: row.confirmation === 'confirmed' || row.applied_here ? row.full_name : null,
    candidate_code: row.candidate_code,
    title: row.title,
    joining_date: row.joining_date,
    last_working_day: row.last_working_day,
    relieving_reason: row.relieving_reason,
    status: employmentState(row, today),
    confirmation: row.confirmation,
    confirmed_by: row.confirmed_by,
    confirmed_at: row.confirmed_at === null ? null : iso(row.confirmed_at),
    application_id: row.application_id,
    job_title: row.job_title,
    created_at: iso(row.created_at),
    // A relieved employment is never changed again (PATCH is for active ones), so its last update is the relieving.
    relieved_at: row.status === 'relieved' ? iso(row.updated_at) : null,
  };
}

/**
 * Team → Employees: the company's employees by status, newest joiners first (capped, see
 * EMPLOYEES_LIST_CAP). Active means current on the day: joining soon, working, or serving notice;
 * relieved means the last working day has come.
 */
export async function listEmployees(db: Kysely<DB>, companyId: string, status: EmployeeStatusFilter, now: Date = new Date()): Promise<Employee[]> {
  const today = todayInIndia(now);
  const rows = await companyEmployments(db, companyId)
    .$if(status === 'active', (qb) => qb.where((eb) => eb.or([eb('e.status', '=', 'active'), eb('e.last_working_day', '>', today)])))
    .$if(status === 'relieved', (qb) => qb.where('e.status', '=', 'relieved').where('e.last_working_day', '<=', today))
    .orderBy('e.joining_date', 'desc')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(EMPLOYEES_LIST_CAP)
    .execute();
  return rows.map((row) => toEmployee(row, today));
}

export async function employeeById(db: Kysely<DB> | Transaction<DB>, companyId: string, employmentId: string, now: Date): Promise<Employee> {
  return toEmployee(await companyEmployments(db, companyId).where('e.id', '=', employmentId).executeTakeFirstOrThrow(), todayInIndia(now));
}

/** The company's employments with these ids, in the order given (an import answers what it wrote). */
export async function employeesByIds(db: Kysely<DB> | Transaction<DB>, companyId: string, ids: readonly string[], now: Date): Promise<Employee[]> {
  if (ids.length === 0) return [];
  const today = todayInIndia(now);
  const rows = new Map((await companyEmployments(db, companyId).where('e.id', 'in', ids).execute()).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toEmployee(row, today)] : [];
  });
}

export const dashboardUrl = (context: EmploymentContext) => `${context.publicUrl.replace(/\/$/, '')}/dashboard`;

/** The employment, locked for the change; another company's (or an unknown id) is 404. */
async function lockEmployment(trx: Transaction<DB>, companyId: string, employmentId: string) {
  const row = await trx
    .selectFrom('employments')
    .select(['id', 'employee_id', 'status', 'joining_date', 'title', 'confirmation', 'confirmed_by'])
    .where('id', '=', employmentId)
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(text.employmentNotFound);
  if (row.confirmation === 'declined') throw conflict(text.declinedNotEditable, 'EMPLOYMENT_DECLINED');
  return row;
}

export async function announce(trx: Transaction<DB>, companyId: string, employeeId: string, employmentId: string) {
  await publish(trx, { topic: `company:${companyId}`, type: 'employment', id: employmentId });
  await publish(trx, { topic: `user:${employeeId}`, type: 'employment', id: employmentId });
}

/**
 * Corrects an active employment's title or joining date. A relieved one is history: 409. One the
 * person confirmed leaves their record until they confirm the change (a company's word alone never
 * reaches it); a hire stays confirmed by the hire.
 */
export async function updateEmployment(db: Kysely<DB>, actor: EmployerActor, employmentId: string, input: UpdateEmploymentInput, context: EmploymentContext = defaultContext()): Promise<Employee> {
  return db.transaction().execute(async (trx) => {
    const current = await lockEmployment(trx, actor.companyId, employmentId);
    if (current.status !== 'active') throw conflict(text.relievedNotEditable, 'EMPLOYMENT_RELIEVED');
    const changes = { ...(input.title === undefined ? {} : { title: input.title }), ...(input.joining_date === undefined ? {} : { joining_date: input.joining_date }) };
    const reconfirm = current.confirmed_by === 'person';
    await trx
      .updateTable('employments')
      .set({ ...changes, ...(reconfirm ? { confirmation: 'unconfirmed' as const, confirmed_by: null, confirmed_at: null } : {}), updated_at: new Date() })
      .where('id', '=', employmentId)
      .execute();
    if (reconfirm) {
      const person = await personAndCompany(trx, current.employee_id, actor.companyId);
      const values = { name: person.full_name || person.email, company: person.company_name, title: input.title ?? current.title, joiningDate: input.joining_date ?? current.joining_date, dashboardUrl: dashboardUrl(context) };
      await enqueueMessage(trx, { channel: 'email', to: person.email, subject: fill(text.changedEmailSubject, values), text: fill(text.changedEmailText, values) });
    }
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
    return employeeById(trx, actor.companyId, employmentId, context.now);
  });
}

function personAndCompany(trx: Transaction<DB>, personId: string, companyId: string) {
  return trx
    .selectFrom('user_profiles as u')
    .innerJoin('companies as c', (join) => join.on('c.id', '=', companyId))
    .select(['u.email', 'u.full_name', 'c.name as company_name'])
    .where('u.id', '=', personId)
    .executeTakeFirstOrThrow();
}

/**
 * Relieves an employee: records the last working day (not before joining; the schema caps it at
 * 90 days ahead) and the reason, and emails the person, in one transaction with the audit row and
 * the live events. A day still ahead is a notice period: the person is "serving notice" until it
 * comes, and relieving letters wait for it (issue 33 A2). A second relieve is 409 and changes nothing.
 */
export async function relieveEmployee(db: Kysely<DB>, actor: EmployerActor, employmentId: string, input: RelieveInput, context: EmploymentContext = defaultContext()): Promise<Employee> {
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

    // The email says it is part of the person's history: only true of a confirmed employment.
    if (current.confirmation === 'confirmed') {
      const person = await personAndCompany(trx, current.employee_id, actor.companyId);
      const values = { name: person.full_name || person.email, company: person.company_name, lastDay, title: current.title, reason };
      await enqueueMessage(trx, { channel: 'email', to: person.email, subject: fill(text.relievedEmailSubject, values), text: fill(text.relievedEmailText, values) });
    }

    return employeeById(trx, actor.companyId, employmentId, context.now);
  });
}
