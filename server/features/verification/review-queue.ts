import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import {
  VERIFICATION_QUEUE_PAGE_SIZE,
  type CheckDetail,
  type DecisionBody,
  type QueueItem,
  type QueuePage,
  type QueueQuery,
} from '../../../shared/schemas/verification.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB, VerificationSubject } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { activeConsent, publishCheckChange, emitCheckVerified } from './run-check.ts';
import { latestLookupView } from './lookups/lookup-views.ts';
import { fill } from '../../../shared/fill.ts';

const m = messages.verification;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** What each subject can confirm when the team verifies it without naming fields. */
const DEFAULT_FIELDS: Record<VerificationSubject, string[]> = {
  phone: ['phone'],
  uan: ['uan'],
  resume: ['full_name'],
  experience_letter: ['full_name', 'current_employer'],
  salary_slip: ['full_name', 'uan', 'current_employer'],
  bank_statement: ['full_name'],
};

function queueSelect(db: Kysely<DB>) {
  return db
    .selectFrom('verification_checks as vc')
    .innerJoin('user_profiles as u', 'u.id', 'vc.candidate_id')
    .leftJoin('candidate_profiles as c', 'c.user_id', 'vc.candidate_id')
    .select((eb) => [
      'vc.id',
      'vc.candidate_id',
      'u.full_name as candidate_name',
      'c.candidate_code',
      'vc.subject',
      'vc.status',
      'vc.document_id',
      'vc.flags',
      'vc.updated_at',
      eb
        .exists(eb.selectFrom('verification_consents as vcon').select('vcon.id').whereRef('vcon.candidate_id', '=', 'vc.candidate_id').whereRef('vcon.subject', '=', 'vc.subject').where('vcon.revoked_at', 'is', null))
        .as('consent_active'),
    ]);
}

type QueueRow = Awaited<ReturnType<ReturnType<typeof queueSelect>['executeTakeFirstOrThrow']>>;

const toQueueItem = (row: QueueRow): QueueItem => ({
  id: row.id,
  candidate_id: row.candidate_id,
  candidate_name: row.candidate_name,
  candidate_code: row.candidate_code,
  subject: row.subject,
  status: row.status,
  document_id: row.document_id,
  flags: row.flags,
  consent_active: Boolean(row.consent_active),
  updated_at: new Date(row.updated_at).toISOString(),
});

/** GET /api/verification/queue: the open checks by default (pending and in review), oldest first, 50 a page. */
export async function listQueue(db: Kysely<DB>, query: QueueQuery): Promise<QueuePage> {
  const statuses = query.status === 'open' ? (['pending', 'in_review'] as const) : ([query.status] as const);
  const rows = await queueSelect(db)
    .where('vc.status', 'in', statuses)
    .orderBy('vc.updated_at', 'asc')
    .orderBy('vc.id', 'asc')
    .limit(VERIFICATION_QUEUE_PAGE_SIZE + 1)
    .offset((query.page - 1) * VERIFICATION_QUEUE_PAGE_SIZE)
    .execute();
  return { checks: rows.slice(0, VERIFICATION_QUEUE_PAGE_SIZE).map(toQueueItem), has_more: rows.length > VERIFICATION_QUEUE_PAGE_SIZE };
}

/** GET /api/verification/checks/:checkId: the check, its consent and its history (the audit rows). */
export async function getCheckDetail(db: Kysely<DB>, checkId: string): Promise<CheckDetail> {
  const row = await queueSelect(db)
    .leftJoin('user_profiles as decider', 'decider.id', 'vc.decided_by_user')
    .select(['vc.reason', 'vc.decided_by', 'decider.full_name as decided_by_name', 'vc.decided_at', 'vc.verified_fields', 'vc.provider', 'vc.provider_reference'])
    .where('vc.id', '=', checkId)
    .executeTakeFirst();
  if (!row) throw notFound(m.checkNotFound);
  const [consent, history, epfo] = await Promise.all([
    activeConsent(db, row.candidate_id, row.subject),
    db
      .selectFrom('admin_audit_logs as a')
      .leftJoin('user_profiles as actor', 'actor.id', 'a.admin_id')
      .select(['a.action', 'actor.full_name as actor_name', 'a.details', 'a.created_at'])
      .where('a.entity_type', '=', 'verification_check')
      .where('a.entity_id', '=', checkId)
      .orderBy('a.created_at', 'asc')
      .orderBy('a.id', 'asc')
      .limit(200)
      .execute(),
    row.subject === 'uan' ? latestLookupView(db, row.candidate_id) : null,
  ]);
  return {
    ...toQueueItem(row),
    reason: row.reason,
    decided_by: row.decided_by,
    decided_by_name: row.decided_by_name,
    decided_at: iso(row.decided_at),
    verified_fields: row.verified_fields,
    provider: row.provider,
    provider_reference: row.provider_reference,
    consent: consent ? { granted_at: new Date(consent.granted_at).toISOString(), purpose: consent.purpose } : null,
    history: history.map((entry) => ({ action: entry.action, actor_name: entry.actor_name, details: entry.details, created_at: new Date(entry.created_at).toISOString() })),
    epfo,
  };
}

/** The check's candidate and subject, 404 if unknown, 409 without active consent: decisions and re-runs need it. */
export async function checkWithConsent(db: Kysely<DB>, checkId: string) {
  const check = await db.selectFrom('verification_checks').select(['id', 'candidate_id', 'subject']).where('id', '=', checkId).executeTakeFirst();
  if (!check) throw notFound(m.checkNotFound);
  if (!(await activeConsent(db, check.candidate_id, check.subject))) throw conflict(m.noActiveConsent, 'NO_CONSENT');
  return check;
}

/**
 * POST /api/verification/checks/:checkId/decision: the verification team decides. The decision,
 * its audit row (the history), the candidate's live event and email are one transaction.
 */
export async function decideCheck(db: Kysely<DB>, admin: { id: string; ip: string }, checkId: string, body: DecisionBody, publicUrl: string): Promise<CheckDetail> {
  await db.transaction().execute(async (trx) => {
    const check = await trx
      .selectFrom('verification_checks as vc')
      .innerJoin('user_profiles as u', 'u.id', 'vc.candidate_id')
      .select(['vc.id', 'vc.candidate_id', 'vc.subject', 'vc.status', 'u.full_name', 'u.email'])
      .where('vc.id', '=', checkId)
      .forUpdate('vc')
      .executeTakeFirst();
    if (!check) throw notFound(m.checkNotFound);
    if (!(await activeConsent(trx, check.candidate_id, check.subject))) throw conflict(m.noActiveConsent, 'NO_CONSENT');

    const reason = body.reason ? body.reason : null;
    const fields = body.status === 'verified' ? [...new Set(body.verified_fields ?? DEFAULT_FIELDS[check.subject])] : [];
    await trx
      .updateTable('verification_checks')
      .set({ status: body.status, reason, decided_by: 'verification_team', decided_by_user: admin.id, decided_at: sql<Date>`now()`, verified_fields: fields, updated_at: sql<Date>`now()` })
      .where('id', '=', check.id)
      .execute();
    await writeAudit(trx, {
      actorId: admin.id,
      companyId: null,
      action: 'verification_check_decided',
      entityType: 'verification_check',
      entityId: check.id,
      details: { subject: check.subject, from: check.status, status: body.status, reason, verified_fields: fields },
      ip: admin.ip,
    });
    await publishCheckChange(trx, check.candidate_id, check.id);
    if (body.status === 'verified') await emitCheckVerified(trx, check.candidate_id, check.subject, fields);
    const values = { name: check.full_name || check.email, subject: m.subjects[check.subject] ?? check.subject, status: m.statuses[body.status] ?? body.status, reason: reason ?? '', url: `${publicUrl}/dashboard` };
    await enqueueMessage(trx, {
      channel: 'email',
      to: check.email,
      subject: fill(m.decisionEmailSubject, values),
      text: fill(body.status === 'verified' ? m.decisionEmailVerified : m.decisionEmailRejected, values),
    });
  });
  return getCheckDetail(db, checkId);
}

/** The check's document for the team's viewer; 404 when the check or its file is gone. */
export async function openCheckDocument(deps: { db: Kysely<DB>; storage: FileStorage; log: FastifyBaseLogger }, checkId: string): Promise<{ body: Readable; size: number }> {
  const row = await deps.db
    .selectFrom('verification_checks as vc')
    .innerJoin('candidate_documents as d', 'd.id', 'vc.document_id')
    .select(['d.file_path'])
    .where('vc.id', '=', checkId)
    .executeTakeFirst();
  if (!row) throw notFound(m.documentNotFound);
  const file = await deps.storage.get(row.file_path);
  if (!file) {
    deps.log.error({ checkId, key: row.file_path }, 'verification document row points to a missing file');
    throw notFound(m.documentNotFound);
  }
  return file;
}
