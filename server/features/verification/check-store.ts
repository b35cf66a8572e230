import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { writeAudit } from '../../audit/write-audit.ts';
import { prepared } from '../../db/prepared-statements.ts';
import type { DocumentEmploymentClaim } from '../../db/schema-candidates.ts';
import type { DB, VerificationFlag, VerificationSubject } from '../../db/schema.ts';
import { publish, withData, type LiveEvent } from '../../realtime/events.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import type { EpfoHistoryProvider } from './sources/epfo/provider.ts';

export interface CheckDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** null: UAN_PROVIDER=none, the UAN check waits for the team. */
  uanProvider: EpfoHistoryProvider | null;
  /** The lookup worker's kick: a queued EPFO lookup is asked at once on this instance too. */
  onLookupQueued?: () => void;
  /** The read worker's kick: a scan queued for OCR is taken at once on this instance too. */
  onReadQueued?: () => void;
  /** The app's clock (a lookup's due time). */
  clock?: () => Date;
}

export interface Outcome {
  status: 'pending' | 'in_review' | 'verified';
  decidedBy: 'algorithm' | 'provider' | null;
  flags: VerificationFlag[];
  verifiedFields: string[];
  provider?: string | null;
  providerReference?: string | null;
  /** The document the outcome was computed on (document subjects). */
  documentId?: string | null;
  /** A scan with no text layer: read it by OCR (reading/ocr/) and decide then. */
  readByOcr?: boolean;
  /** The employment the document states (an experience letter, a salary slip), kept with the outcome for the EPFO comparison. */
  employmentClaim?: DocumentEmploymentClaim | null;
}

export type RunResult = 'ran' | 'no_consent' | 'not_applicable' | 'stale';

/** What a run needs to know about the candidate. */
export async function loadFacts(db: Kysely<DB>, candidateId: string) {
  return db
    .selectFrom('user_profiles as u')
    .leftJoin('candidate_profiles as c', 'c.user_id', 'u.id')
    .select(['u.full_name', 'u.mobile_verified', 'c.uan', 'c.current_employer', 'c.current_pay_lakh'])
    .where('u.id', '=', candidateId)
    .executeTakeFirst();
}

/** The candidate's active consent for a subject, if any. */
export async function activeConsent(db: Kysely<DB> | Transaction<DB>, candidateId: string, subject: VerificationSubject) {
  return prepared(
    db
      .selectFrom('verification_consents')
      .select(['id', 'purpose', 'granted_at'])
      .where('candidate_id', '=', candidateId)
      .where('subject', '=', subject)
      .where('revoked_at', 'is', null),
  ).executeTakeFirst();
}

/**
 * A check back to pending, its decision, flags and evidence cleared: a new consent, a withdrawal,
 * a new file (`documentId`: the file it now concerns; left as it is when not given).
 */
export function backToPending(documentId?: string | null) {
  return {
    status: 'pending' as const,
    ...(documentId !== undefined ? { document_id: documentId } : {}),
    reason: null,
    decided_by: null,
    decided_by_user: null,
    decided_at: null,
    flags: '[]',
    verified_fields: [] as string[],
    provider: null,
    provider_reference: null,
    updated_at: sql<Date>`now()`,
  };
}

/**
 * Tells whoever shows this check: the candidate (`user:<id>`, id = the check), the team (`admins`),
 * and every company the candidate applied to (`company:<id>`, id = the candidate: employers see
 * verification badges, not checks). Inside the caller's transaction: sent only if it commits.
 * `origin`: the live socket of the candidate's page that asked (it gets the event marked as its own).
 * `checks`: the candidate's list after the change, carried by their event when it fits (withData).
 */
export async function publishCheckChange(
  trx: Transaction<DB>,
  candidateId: string,
  checkId: string,
  companies?: string[],
  { origin, checks }: { origin?: string; checks?: unknown[] } = {},
): Promise<void> {
  const theirs: LiveEvent = { topic: `user:${candidateId}`, type: 'verification_check', id: checkId, ...(origin ? { origin } : {}) };
  await publish(trx, [
    checks ? withData(theirs, checks) : theirs,
    { topic: 'admins', type: 'verification_check', id: checkId },
    ...(companies ?? (await companiesAppliedTo(trx, candidateId))).map((companyId) => ({ topic: `company:${companyId}`, type: 'verification_check', id: candidateId })),
  ]);
}

/** The companies the candidate applied to: those told of their checks (pass it on to publishCheckChange and emitCheckVerified to read it once). */
export async function companiesAppliedTo(trx: Transaction<DB>, candidateId: string): Promise<string[]> {
  const rows = await prepared(
    trx
      .selectFrom('job_applications as ja')
      .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
      .select('jp.company_id')
      .distinct()
      .where('ja.candidate_id', '=', candidateId),
  ).execute();
  return rows.map((row) => row.company_id);
}

/**
 * verification.completed for every company the candidate applied to, when a check is verified.
 * Employers see verified badges only, never a check under review or rejected, and so do webhooks.
 */
export async function emitCheckVerified(trx: Transaction<DB>, candidateId: string, subject: VerificationSubject, verifiedFields: string[], companies?: string[]): Promise<void> {
  for (const companyId of companies ?? (await companiesAppliedTo(trx, candidateId))) {
    await emitWebhookEvent(trx, companyId, 'verification.completed', { candidate_id: candidateId, check: subject, status: 'verified', verified_fields: verifiedFields });
  }
}

/**
 * Stores a computed outcome in one transaction with its audit row and live event, only if consent
 * is still active and the check still concerns the same document (a re-upload meanwhile wins).
 * `also` runs in the same transaction when the outcome is stored (a document read marked done).
 */
export async function storeOutcome(
  deps: Pick<CheckDeps, 'db'>,
  candidateId: string,
  subject: VerificationSubject,
  outcome: Outcome,
  actor: { id: string | null; ip: string | null },
  also?: (trx: Transaction<DB>, checkId: string) => Promise<void>,
): Promise<RunResult> {
  return deps.db.transaction().execute(async (trx) => {
    const check = await trx.selectFrom('verification_checks').select(['id', 'document_id']).where('candidate_id', '=', candidateId).where('subject', '=', subject).forUpdate().executeTakeFirst();
    if (!check || !(await activeConsent(trx, candidateId, subject))) return 'no_consent';
    if (outcome.documentId !== undefined && check.document_id !== outcome.documentId) return 'stale';

    await trx
      .updateTable('verification_checks')
      .set({
        status: outcome.status,
        reason: null,
        decided_by: outcome.decidedBy,
        decided_by_user: null,
        decided_at: outcome.decidedBy ? sql<Date>`now()` : null,
        flags: JSON.stringify(outcome.flags),
        verified_fields: outcome.verifiedFields,
        provider: outcome.provider ?? null,
        provider_reference: outcome.providerReference ?? null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', check.id)
      .execute();
    await writeAudit(trx, {
      actorId: actor.id,
      companyId: null,
      action: 'verification_check_run',
      entityType: 'verification_check',
      entityId: check.id,
      // Rules and outcomes only: found values can hold a UAN or amounts.
      details: { subject, status: outcome.status, decided_by: outcome.decidedBy, flags: outcome.flags.map((flag) => `${flag.rule}:${flag.outcome}`) },
      ip: actor.ip,
    });
    // Kept only with an outcome stored under consent: the EPFO lookup compares it (issue 34 §2).
    if (outcome.employmentClaim !== undefined && outcome.documentId) {
      await trx.updateTable('candidate_documents').set({ employment_claim: outcome.employmentClaim ? JSON.stringify(outcome.employmentClaim) : null }).where('id', '=', outcome.documentId).execute();
    }
    await also?.(trx, check.id);
    const companies = await companiesAppliedTo(trx, candidateId);
    await publishCheckChange(trx, candidateId, check.id, companies);
    if (outcome.status === 'verified') await emitCheckVerified(trx, candidateId, subject, outcome.verifiedFields, companies);
    return 'ran';
  });
}
