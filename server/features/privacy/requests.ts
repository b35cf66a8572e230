import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { formatIstDate, istDate } from '../../../shared/gst.ts';
import { messages } from '../../../shared/messages.ts';
import {
  GRIEVANCE_DUE_DAYS,
  GRIEVANCE_WARNING_DAYS,
  OPEN_REQUEST_STATUSES,
  PRIVACY_LIMITS,
  type AdminPrivacyRequest,
  type AnswerRequestBody,
  type GrievanceBody,
  type PrivacyRequest,
  type PrivacyRequestKind,
} from '../../../shared/schemas/privacy.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, notFound, tooManyRequests } from '../../http/errors.ts';
import { cancelQueuedMessages, enqueueMessage } from '../../messaging/outbox.ts';
import { REQUEST_COLUMNS, toPrivacyRequest, type GrievanceOfficer } from './request-row.ts';

const text = messages.privacy;
const DAY_MS = 24 * 60 * 60 * 1000;
const PREFIX: Record<PrivacyRequestKind, string> = { grievance: 'GR', correction: 'CR', erasure: 'ER' };

export interface PrivacyContext {
  officer: GrievanceOfficer;
  publicUrl: string;
  ip: string | null;
  /** The clock (tests move it). */
  now?: Date;
}

/** GR-2026-000042: the kind, the year in IST, and the next number of one sequence for all requests. */
export async function nextReference(trx: Transaction<DB>, kind: PrivacyRequestKind, now: Date): Promise<string> {
  const { rows } = await sql<{ n: string }>`SELECT nextval('privacy_request_number') AS n`.execute(trx);
  const year = istDate(now).slice(0, 4);
  return `${PREFIX[kind]}-${year}-${String(rows[0]?.n).padStart(6, '0')}`;
}

/**
 * Locks the person's profile and refuses a request past the day's limit of its kind: racing
 * requests of one person count each other. Returns the person's name and email.
 */
export async function lockPersonWithinDailyLimit(trx: Transaction<DB>, personId: string, kind: PrivacyRequestKind, now: Date, refusal: string) {
  const person = await trx.selectFrom('user_profiles').select(['full_name', 'email']).where('id', '=', personId).forUpdate().executeTakeFirstOrThrow();
  const recent = await trx
    .selectFrom('privacy_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('person_id', '=', personId)
    .where('kind', '=', kind)
    .where('created_at', '>', new Date(now.getTime() - DAY_MS))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= PRIVACY_LIMITS.requestsPerDay) throw tooManyRequests(refusal);
  return person;
}

const warningKey = (requestId: string) => `privacy-request-warning:${requestId}`;

/**
 * A grievance to the Grievance Officer: recorded with its reference and due date (90 days), the
 * person and the officer emailed, and the officer's warning queued for day 60 (withdrawn when it is
 * answered), all in one transaction. At most a few a day per person.
 */
export async function raiseGrievance(db: Kysely<DB>, personId: string, body: GrievanceBody, ctx: PrivacyContext): Promise<PrivacyRequest> {
  const now = ctx.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const person = await lockPersonWithinDailyLimit(trx, personId, 'grievance', now, text.tooManyGrievances);

    const dueAt = new Date(now.getTime() + GRIEVANCE_DUE_DAYS * DAY_MS);
    const row = await trx
      .insertInto('privacy_requests')
      .values({ reference: await nextReference(trx, 'grievance', now), kind: 'grievance', person_id: personId, topic: body.topic, details: body.details, due_at: dueAt, created_at: now, updated_at: now })
      .returning(REQUEST_COLUMNS)
      .executeTakeFirstOrThrow();

    const topic = text.topics[body.topic];
    const due = formatIstDate(dueAt);
    const adminUrl = `${ctx.publicUrl}/admin`;
    await enqueueMessage(trx, {
      channel: 'email',
      to: person.email,
      subject: fill(text.grievanceAckSubject, { reference: row.reference }),
      text: fill(text.grievanceAckText, { name: person.full_name || person.email, reference: row.reference, topic, date: due, url: `${ctx.publicUrl}/dashboard/privacy` }),
    });
    await enqueueMessage(trx, {
      channel: 'email',
      to: ctx.officer.email,
      subject: fill(text.grievanceOfficerSubject, { reference: row.reference }),
      text: fill(text.grievanceOfficerText, { reference: row.reference, topic, date: due, url: adminUrl }),
    });
    await enqueueMessage(
      trx,
      {
        channel: 'email',
        to: ctx.officer.email,
        subject: fill(text.grievanceWarningSubject, { reference: row.reference }),
        text: fill(text.grievanceWarningText, { reference: row.reference, date: due, url: adminUrl }),
      },
      { sendAt: new Date(now.getTime() + GRIEVANCE_WARNING_DAYS * DAY_MS), key: warningKey(row.id) },
    );
    await writeAudit(trx, {
      actorId: personId,
      companyId: null,
      action: 'privacy_grievance_raised',
      entityType: 'privacy_request',
      entityId: row.id,
      details: { reference: row.reference, topic: body.topic },
      ip: ctx.ip,
    });
    return toPrivacyRequest(row);
  });
}

const ADMIN_COLUMNS = [
  'r.id',
  'r.reference',
  'r.kind',
  'r.status',
  'r.topic',
  'r.details',
  'r.response',
  'r.due_at',
  'r.created_at',
  'r.closed_at',
  'r.person_id',
  'p.full_name as person_name',
  'p.email as person_email',
  'h.full_name as handler_name',
] as const;

function baseQuery(db: Kysely<DB> | Transaction<DB>) {
  return db
    .selectFrom('privacy_requests as r')
    .leftJoin('user_profiles as p', 'p.id', 'r.person_id')
    .leftJoin('user_profiles as h', 'h.id', 'r.handled_by')
    .select(ADMIN_COLUMNS);
}

type AdminRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toAdminRequest(row: AdminRow): AdminPrivacyRequest {
  return {
    ...toPrivacyRequest(row),
    person: row.person_id ? { id: row.person_id, name: row.person_name ?? '', email: row.person_email ?? '' } : null,
    handled_by: row.handler_name ?? null,
  };
}

/** A company's open correction requests, oldest due first (its owners and admins answer them). */
export async function listCompanyCorrections(db: Kysely<DB>, companyId: string): Promise<AdminPrivacyRequest[]> {
  const rows = await baseQuery(db)
    .where('r.company_id', '=', companyId)
    .where('r.kind', '=', 'correction')
    .where('r.status', 'in', OPEN_REQUEST_STATUSES)
    .orderBy('r.due_at', 'asc')
    .limit(PRIVACY_LIMITS.requests)
    .execute();
  return rows.map(toAdminRequest);
}

/** The admins' queue: open requests oldest due first; closed ones newest first. */
export async function listPrivacyRequests(db: Kysely<DB>, filter: 'open' | 'closed' | 'all'): Promise<AdminPrivacyRequest[]> {
  const rows = await baseQuery(db)
    .$if(filter === 'open', (qb) => qb.where('r.status', 'in', OPEN_REQUEST_STATUSES).orderBy('r.due_at', 'asc'))
    .$if(filter === 'closed', (qb) => qb.where('r.status', 'not in', OPEN_REQUEST_STATUSES).orderBy('r.closed_at', 'desc'))
    .$if(filter === 'all', (qb) => qb.orderBy('r.created_at', 'desc'))
    .orderBy('r.id')
    .limit(PRIVACY_LIMITS.requests)
    .execute();
  return rows.map(toAdminRequest);
}

/**
 * An admin answers a request: in progress, or closed as resolved or declined. The person is
 * emailed the answer; closing withdraws the officer's pending 60-day warning. A closed request
 * stays closed (409).
 */
export async function answerPrivacyRequest(
  db: Kysely<DB>,
  adminId: string,
  requestId: string,
  body: AnswerRequestBody,
  ctx: PrivacyContext & { /** An employer answers only its own company's corrections. */ companyId?: string },
): Promise<AdminPrivacyRequest> {
  const now = ctx.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('privacy_requests').select(['id', 'kind', 'status', 'reference', 'person_id', 'company_id']).where('id', '=', requestId).forUpdate().executeTakeFirst();
    if (!current || (ctx.companyId !== undefined && (current.company_id !== ctx.companyId || current.kind !== 'correction'))) throw notFound(text.requestNotFound);
    if (current.kind === 'erasure') throw conflict(text.erasureOnlyRuns, 'ERASURE_RUNS_ITSELF');
    if (!(OPEN_REQUEST_STATUSES as readonly string[]).includes(current.status)) throw conflict(text.requestClosed, 'REQUEST_CLOSED');

    const closing = body.status !== 'in_progress';
    await trx
      .updateTable('privacy_requests')
      .set({ status: body.status, response: body.response, handled_by: adminId, updated_at: now, closed_at: closing ? now : null })
      .where('id', '=', requestId)
      .execute();
    if (closing) await cancelQueuedMessages(trx, warningKey(requestId));

    const person = current.person_id ? await trx.selectFrom('user_profiles').select(['full_name', 'email']).where('id', '=', current.person_id).executeTakeFirst() : undefined;
    if (person) {
      await enqueueMessage(trx, {
        channel: 'email',
        to: person.email,
        subject: fill(text.answerSubject, { reference: current.reference }),
        text: fill(text.answerText, {
          name: person.full_name || person.email,
          reference: current.reference,
          status: text.requestStatuses[body.status].toLowerCase(),
          response: body.response,
          url: `${ctx.publicUrl}/dashboard/privacy`,
        }),
      });
    }
    await writeAudit(trx, {
      actorId: adminId,
      companyId: ctx.companyId ?? null,
      action: 'privacy_request_answered',
      entityType: 'privacy_request',
      entityId: requestId,
      details: { reference: current.reference, status: body.status },
      ip: ctx.ip,
    });
    return toAdminRequest(await baseQuery(trx).where('r.id', '=', requestId).executeTakeFirstOrThrow());
  });
}
