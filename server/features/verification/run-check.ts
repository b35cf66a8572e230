import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB, VerificationFlag, VerificationSubject } from '../../db/schema.ts';
import { publish } from '../../realtime/events.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { evaluateDocument, findNetPay, unreadableFlag, type DocumentSubject } from './document-rules.ts';
import { extractPdfText } from './pdf-text.ts';
import { readDocument, readStoredFile, type DocumentReading } from './reading/read-document.ts';
import { judgeDocument } from './reading/forensics/judge-document.ts';
import { queueEpfoLookup } from './lookups/queue-lookup.ts';
import type { EpfoHistoryProvider } from './sources/epfo/provider.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';

const m = messages.verification;

export interface CheckDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** null: UAN_PROVIDER=none, the UAN check waits for the team. */
  uanProvider: EpfoHistoryProvider | null;
  /** The lookup worker's kick: a queued EPFO lookup is asked at once on this instance too. */
  onLookupQueued?: () => void;
  /** The app's clock (a lookup's due time). */
  clock?: () => Date;
}

export const documentSubjects = ['resume', 'bank_statement', 'experience_letter', 'salary_slip'] as const satisfies readonly DocumentSubject[];
export const isDocumentSubject = (subject: VerificationSubject): subject is DocumentSubject => (documentSubjects as readonly string[]).includes(subject);

interface Outcome {
  status: 'pending' | 'in_review' | 'verified';
  decidedBy: 'algorithm' | 'provider' | null;
  flags: VerificationFlag[];
  verifiedFields: string[];
  provider?: string | null;
  providerReference?: string | null;
  /** The document the outcome was computed on (document subjects). */
  documentId?: string | null;
}

/** What a run needs to know about the candidate. */
async function loadFacts(db: Kysely<DB>, candidateId: string) {
  return db
    .selectFrom('user_profiles as u')
    .leftJoin('candidate_profiles as c', 'c.user_id', 'u.id')
    .select(['u.full_name', 'u.mobile_verified', 'c.uan', 'c.current_employer', 'c.current_pay_lakh'])
    .where('u.id', '=', candidateId)
    .executeTakeFirst();
}

async function readDocumentText(deps: CheckDeps, filePath: string): Promise<string> {
  return extractPdfText(await readStoredFile(deps.storage, filePath));
}

/** The candidate's salary slip's net pay, for the bank statement's salary rule; null when there is none to read. */
async function salarySlipNetPay(deps: CheckDeps, candidateId: string): Promise<number | null> {
  const slip = await deps.db
    .selectFrom('candidate_documents')
    .select('file_path')
    .where('candidate_id', '=', candidateId)
    .where('document_type', '=', 'salary_slip')
    .executeTakeFirst();
  if (!slip) return null;
  try {
    return findNetPay(await readDocumentText(deps, slip.file_path))?.amount ?? null;
  } catch {
    return null;
  }
}

async function computeOutcome(deps: CheckDeps, candidateId: string, subject: VerificationSubject): Promise<Outcome | null> {
  const facts = await loadFacts(deps.db, candidateId);
  if (!facts) return null;

  if (subject === 'phone') {
    return facts.mobile_verified
      ? { status: 'verified', decidedBy: 'algorithm', flags: [{ rule: 'phone_code', outcome: 'match' }], verifiedFields: ['phone'] }
      : { status: 'pending', decidedBy: null, flags: [{ rule: 'phone_code', outcome: 'missing', found: m.phoneNotConfirmed }], verifiedFields: [] };
  }

  if (subject === 'uan') {
    if (!facts.uan) return null;
    // With a provider, runVerificationCheck queues a lookup instead (lookups/): this is UAN_PROVIDER=none.
    return { status: 'in_review', decidedBy: null, flags: [{ rule: 'uan_no_provider', outcome: 'not_checked', expected: facts.uan }], verifiedFields: [] };
  }

  const document = await deps.db
    .selectFrom('candidate_documents')
    .select(['id', 'file_path'])
    .where('candidate_id', '=', candidateId)
    .where('document_type', '=', subject)
    .executeTakeFirst();
  if (!document) return null;
  let reading: DocumentReading;
  try {
    // The text for the rules and, beside it, the file's structure for the forensics (issue 35).
    reading = await readDocument(await readStoredFile(deps.storage, document.file_path));
  } catch (error) {
    deps.log.info({ err: error, candidateId, subject, documentId: document.id }, 'verification: document unreadable');
    return { status: 'in_review', decidedBy: null, flags: [unreadableFlag(m.unreadable)], verifiedFields: [], documentId: document.id };
  }
  if (reading.factsError) deps.log.info({ candidateId, subject, documentId: document.id, reason: reading.factsError }, 'verification: document forensics read the text only');
  const text = reading.text;
  const rulesVerdict = evaluateDocument(
    subject as DocumentSubject,
    text,
    {
      fullName: facts.full_name,
      uan: facts.uan,
      currentEmployer: facts.current_employer,
      currentPayLakh: facts.current_pay_lakh === null ? null : Number(facts.current_pay_lakh),
    },
    subject === 'bank_statement' ? { salarySlipNetPay: await salarySlipNetPay(deps, candidateId) } : {},
    m.unreadable,
  );
  // Verified only when the rules match and no forensic signal stands.
  const verdict = judgeDocument(subject as DocumentSubject, rulesVerdict, text, reading.facts);
  return { status: verdict.status, decidedBy: verdict.status === 'verified' ? 'algorithm' : null, flags: verdict.flags, verifiedFields: verdict.verifiedFields, documentId: document.id };
}

/**
 * Tells whoever shows this check: the candidate (`user:<id>`, id = the check), the team (`admins`),
 * and every company the candidate applied to (`company:<id>`, id = the candidate: employers see
 * verification badges, not checks). Inside the caller's transaction: sent only if it commits.
 */
export async function publishCheckChange(trx: Transaction<DB>, candidateId: string, checkId: string, companies?: string[]): Promise<void> {
  await publish(trx, [
    { topic: `user:${candidateId}`, type: 'verification_check', id: checkId },
    { topic: 'admins', type: 'verification_check', id: checkId },
    ...(companies ?? (await companiesAppliedTo(trx, candidateId))).map((companyId) => ({ topic: `company:${companyId}`, type: 'verification_check', id: candidateId })),
  ]);
}

/** The companies the candidate applied to: those told of their checks (pass it on to publishCheckChange and emitCheckVerified to read it once). */
export async function companiesAppliedTo(trx: Transaction<DB>, candidateId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .select('jp.company_id')
    .distinct()
    .where('ja.candidate_id', '=', candidateId)
    .execute();
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

/** The candidate's active consent for a subject, if any. */
export async function activeConsent(db: Kysely<DB> | Transaction<DB>, candidateId: string, subject: VerificationSubject) {
  return db
    .selectFrom('verification_consents')
    .select(['id', 'purpose', 'granted_at'])
    .where('candidate_id', '=', candidateId)
    .where('subject', '=', subject)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export type RunResult = 'ran' | 'no_consent' | 'not_applicable' | 'stale';

/**
 * Runs one check: the work (reading the PDF, asking the provider) happens outside any transaction;
 * the result is stored in one transaction with its audit row and live event, and only if consent
 * is still active and the check still concerns the same document (a re-upload meanwhile wins).
 * A check without active consent never runs.
 */
export async function runVerificationCheck(deps: CheckDeps, candidateId: string, subject: VerificationSubject, actor: { id: string; ip: string | null }): Promise<RunResult> {
  if (!(await activeConsent(deps.db, candidateId, subject))) return 'no_consent';
  if (subject === 'uan' && deps.uanProvider) return queueUanLookup(deps, candidateId, deps.uanProvider);
  const outcome = await computeOutcome(deps, candidateId, subject);
  if (!outcome) return 'not_applicable';

  return deps.db.transaction().execute(async (trx) => {
    const check = await trx
      .selectFrom('verification_checks')
      .select(['id', 'document_id'])
      .where('candidate_id', '=', candidateId)
      .where('subject', '=', subject)
      .forUpdate()
      .executeTakeFirst();
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
    await publishCheckChange(trx, candidateId, check.id);
    if (outcome.status === 'verified') await emitCheckVerified(trx, candidateId, subject, outcome.verifiedFields);
    return 'ran';
  });
}

/**
 * The UAN check with a provider: the EPFO lookup is queued (the lookup worker asks the provider
 * off the request path, any instance, with retries) and the check stays pending until it answers.
 */
async function queueUanLookup(deps: CheckDeps, candidateId: string, provider: EpfoHistoryProvider): Promise<RunResult> {
  const facts = await loadFacts(deps.db, candidateId);
  if (!facts?.uan) return 'not_applicable';
  const queued = await deps.db.transaction().execute(async (trx) => {
    const check = await trx.selectFrom('verification_checks').select('id').where('candidate_id', '=', candidateId).where('subject', '=', 'uan').forUpdate().executeTakeFirst();
    const consent = await activeConsent(trx, candidateId, 'uan');
    if (!check || !consent) return false;
    const lookup = await queueEpfoLookup(trx, { candidateId, checkId: check.id, consentId: consent.id, provider: provider.name, now: deps.clock?.() ?? new Date() });
    if (lookup.created) await publishCheckChange(trx, candidateId, check.id);
    return true;
  });
  if (!queued) return 'no_consent';
  deps.onLookupQueued?.();
  return 'ran';
}

/**
 * Runs a check after the caller's commit without failing the caller: an error is logged and the
 * check stays pending with its consent, where the admin queue shows it (and "Run again" retries).
 */
export async function runCheckSafely(deps: CheckDeps, candidateId: string, subject: VerificationSubject, actor: { id: string; ip: string | null }): Promise<RunResult | 'failed'> {
  try {
    return await runVerificationCheck(deps, candidateId, subject, actor);
  } catch (error) {
    deps.log.error({ err: error, candidateId, subject }, 'verification check failed to run; it stays pending');
    return 'failed';
  }
}

/**
 * A re-uploaded document (called by upload-document.ts inside its transaction): the check of that
 * document, if any, goes back to pending on the new file with its flags and decision cleared.
 * Returns whether consent is active, i.e. whether the caller should run the check after commit.
 */
export async function resetCheckForNewDocument(trx: Transaction<DB>, candidateId: string, subject: DocumentSubject, documentId: string, ip: string | null = null): Promise<boolean> {
  const reset = await trx
    .updateTable('verification_checks')
    .set({
      status: 'pending',
      document_id: documentId,
      reason: null,
      decided_by: null,
      decided_by_user: null,
      decided_at: null,
      flags: '[]',
      verified_fields: [],
      updated_at: sql<Date>`now()`,
    })
    .where('candidate_id', '=', candidateId)
    .where('subject', '=', subject)
    .returning('id')
    .executeTakeFirst();
  if (!reset) return false;
  await writeAudit(trx, { actorId: candidateId, companyId: null, action: 'verification_check_reset', entityType: 'verification_check', entityId: reset.id, details: { subject, document_id: documentId }, ip });
  await publishCheckChange(trx, candidateId, reset.id);
  return (await activeConsent(trx, candidateId, subject)) !== undefined;
}

/** After a re-upload commits: re-run the document's check in the background (see resetCheckForNewDocument). */
export function recheckDocumentInBackground(deps: Omit<CheckDeps, 'uanProvider'>, candidateId: string, subject: DocumentSubject): void {
  void runCheckSafely({ ...deps, uanProvider: null }, candidateId, subject, { id: candidateId, ip: null });
}
