import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { EmploymentRecord } from '../../../shared/schemas/employment.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { employmentsOf } from './records.ts';

const text = messages.employment;

export interface PersonActor {
  userId: string;
  ip: string;
}

/**
 * The person answers an employment a company added directly (issue 33 A1): confirmed, it becomes
 * part of their record with "confirmed by the person" and when; declined, it never does, and the
 * company sees that it was declined. Only the person it names may answer (another's is 404), and
 * only once (409): the row is locked, so a double click records one answer.
 */
async function answer(db: Kysely<DB>, person: PersonActor, employmentId: string, confirmed: boolean, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('employments')
      .select(['id', 'company_id', 'confirmation'])
      .where('id', '=', employmentId)
      .where('employee_id', '=', person.userId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(text.employmentNotFound);
    if (row.confirmation !== 'unconfirmed') throw conflict(text.notPending, 'EMPLOYMENT_NOT_PENDING');
    await trx
      .updateTable('employments')
      .set(confirmed ? { confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: now } : { confirmation: 'declined', confirmed_at: now })
      .where('id', '=', employmentId)
      .execute();
    await writeAudit(trx, {
      actorId: person.userId,
      companyId: row.company_id,
      action: confirmed ? 'employment_confirmed' : 'employment_declined',
      entityType: 'employment',
      entityId: employmentId,
      details: {},
      ip: person.ip,
    });
    await publish(trx, { topic: `company:${row.company_id}`, type: 'employment', id: employmentId });
    await publish(trx, { topic: `user:${person.userId}`, type: 'employment', id: employmentId });
    return row.company_id;
  });
}

export async function confirmEmployment(db: Kysely<DB>, person: PersonActor, employmentId: string, now: Date = new Date()): Promise<EmploymentRecord> {
  const companyId = await answer(db, person, employmentId, true, now);
  const records = await employmentsOf(db, person.userId, { onlyCompanyId: companyId, now });
  return records.find((record) => record.id === employmentId)!;
}

export async function declineEmployment(db: Kysely<DB>, person: PersonActor, employmentId: string, now: Date = new Date()): Promise<void> {
  await answer(db, person, employmentId, false, now);
}
