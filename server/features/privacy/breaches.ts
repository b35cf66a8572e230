import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { BREACH_REPORT_HOURS, type Breach, type BreachBody } from '../../../shared/schemas/privacy.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';

const text = messages.privacy;
const HOUR_MS = 60 * 60 * 1000;
type Reader = Kysely<DB> | Transaction<DB>;
export interface BreachActor {
  adminId: string;
  ip: string | null;
  now: Date;
}

async function breachesWhere(db: Reader, breachId?: string): Promise<Breach[]> {
  const rows = await db
    .selectFrom('breach_incidents as b')
    .select(['b.id', 'b.title', 'b.description', 'b.discovered_at', 'b.reported_at', 'b.notice', 'b.notified_at', 'b.created_at'])
    .select((eb) => eb.selectFrom('breach_affected as a').whereRef('a.incident_id', '=', 'b.id').select(sql<string>`count(*)`.as('n')).as('affected'))
    .$if(breachId !== undefined, (qb) => qb.where('b.id', '=', breachId as string))
    .orderBy('b.discovered_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    discovered_at: row.discovered_at.toISOString(),
    report_due_at: new Date(row.discovered_at.getTime() + BREACH_REPORT_HOURS * HOUR_MS).toISOString(),
    reported_at: row.reported_at?.toISOString() ?? null,
    notice: row.notice,
    notified_at: row.notified_at?.toISOString() ?? null,
    affected: Number(row.affected ?? 0),
    created_at: row.created_at.toISOString(),
  }));
}

/** The register, newest discovery first. */
export function listBreaches(db: Kysely<DB>): Promise<Breach[]> {
  return breachesWhere(db);
}

async function oneBreach(db: Reader, breachId: string): Promise<Breach> {
  const [breach] = await breachesWhere(db, breachId);
  if (!breach) throw notFound(text.breachNotFound);
  return breach;
}

/** Records a breach and the people it affected (every address must be an account: unknown ones are named). */
export async function recordBreach(db: Kysely<DB>, actor: BreachActor, body: BreachBody): Promise<Breach> {
  const discoveredAt = new Date(body.discovered_at);
  if (discoveredAt.getTime() > actor.now.getTime() + 60_000) throw badRequest(text.breachDiscoveredFuture, 'BREACH_DISCOVERED_FUTURE');
  return db.transaction().execute(async (trx) => {
    const people = await trx.selectFrom('user_profiles').select(['id', 'email']).where(sql<string>`lower(email)`, 'in', body.affected_emails).execute();
    const known = new Set(people.map((person) => person.email.toLowerCase()));
    const unknown = body.affected_emails.filter((email) => !known.has(email));
    if (unknown.length > 0) throw badRequest(fill(text.breachUnknownPeople, { emails: unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ', …' : '') }), 'BREACH_UNKNOWN_PEOPLE');
    const { id } = await trx
      .insertInto('breach_incidents')
      .values({ title: body.title, description: body.description, discovered_at: discoveredAt, created_by: actor.adminId, created_at: actor.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < people.length; start += 1000) {
      await trx
        .insertInto('breach_affected')
        .values(people.slice(start, start + 1000).map((person) => ({ incident_id: id, person_id: person.id })))
        .execute();
    }
    await writeAudit(trx, { actorId: actor.adminId, companyId: null, action: 'privacy_breach_recorded', entityType: 'breach_incident', entityId: id, details: { affected: people.length }, ip: actor.ip });
    return oneBreach(trx, id);
  });
}

/** Emails the notice to every affected person not yet notified, through the outbox, once. */
export async function notifyBreach(db: Kysely<DB>, actor: BreachActor, breachId: string, notice: string): Promise<Breach> {
  return db.transaction().execute(async (trx) => {
    const breach = await trx.selectFrom('breach_incidents').select(['id', 'notified_at']).where('id', '=', breachId).forUpdate().executeTakeFirst();
    if (!breach) throw notFound(text.breachNotFound);
    if (breach.notified_at) throw conflict(text.breachAlreadyNotified, 'BREACH_ALREADY_NOTIFIED');
    const people = await trx
      .selectFrom('breach_affected as a')
      .innerJoin('user_profiles as u', 'u.id', 'a.person_id')
      .select(['u.email', 'u.full_name'])
      .where('a.incident_id', '=', breachId)
      .where('a.notified_at', 'is', null)
      .execute();
    for (const person of people) {
      await enqueueMessage(trx, { channel: 'email', to: person.email, subject: text.breachNoticeSubject, text: `Hello ${person.full_name || person.email},\n\n${notice}\n\nWorkCred` });
    }
    await trx.updateTable('breach_affected').set({ notified_at: actor.now }).where('incident_id', '=', breachId).where('notified_at', 'is', null).execute();
    await trx.updateTable('breach_incidents').set({ notice, notified_at: actor.now }).where('id', '=', breachId).execute();
    await writeAudit(trx, { actorId: actor.adminId, companyId: null, action: 'privacy_breach_notified', entityType: 'breach_incident', entityId: breachId, details: { notified: people.length }, ip: actor.ip });
    return oneBreach(trx, breachId);
  });
}

/** Records that the breach was reported to the Data Protection Board, once. */
export async function markBreachReported(db: Kysely<DB>, actor: BreachActor, breachId: string): Promise<Breach> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('breach_incidents').set({ reported_at: actor.now }).where('id', '=', breachId).where('reported_at', 'is', null).returning('id').executeTakeFirst();
    if (!updated) {
      await oneBreach(trx, breachId);
      throw conflict(text.breachAlreadyReported, 'BREACH_ALREADY_REPORTED');
    }
    await writeAudit(trx, { actorId: actor.adminId, companyId: null, action: 'privacy_breach_reported', entityType: 'breach_incident', entityId: breachId, ip: actor.ip });
    return oneBreach(trx, breachId);
  });
}
