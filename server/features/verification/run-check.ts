import type { Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB, VerificationSubject } from '../../db/schema.ts';
import { activeConsent, backToPending, loadFacts, publishCheckChange, storeOutcome, type CheckDeps, type Outcome, type RunResult } from './check-store.ts';
import type { DocumentSubject } from './document-rules.ts';
import { queueEpfoLookup } from './lookups/queue-lookup.ts';
import { currentDocumentOutcome } from './reading/document-outcome.ts';
import { cancelDocumentReads, queueDocumentRead } from './reading/ocr/read-queue.ts';
import type { EpfoHistoryProvider } from './sources/epfo/provider.ts';

// Where checks are stored and told about (check-store.ts), for the callers that import them from here.
export { activeConsent, companiesAppliedTo, emitCheckVerified, publishCheckChange, type CheckDeps, type RunResult } from './check-store.ts';

const m = messages.verification;

export const documentSubjects = ['resume', 'bank_statement', 'experience_letter', 'salary_slip'] as const satisfies readonly DocumentSubject[];
export const isDocumentSubject = (subject: VerificationSubject): subject is DocumentSubject => (documentSubjects as readonly string[]).includes(subject);

async function computeOutcome(deps: CheckDeps, candidateId: string, subject: VerificationSubject): Promise<Outcome | null> {
  if (isDocumentSubject(subject)) return currentDocumentOutcome(deps, candidateId, subject);
  const facts = await loadFacts(deps.db, candidateId);
  if (!facts) return null;

  if (subject === 'phone') {
    return facts.mobile_verified
      ? { status: 'verified', decidedBy: 'algorithm', flags: [{ rule: 'phone_code', outcome: 'match' }], verifiedFields: ['phone'] }
      : { status: 'pending', decidedBy: null, flags: [{ rule: 'phone_code', outcome: 'missing', found: m.phoneNotConfirmed }], verifiedFields: [] };
  }
  if (!facts.uan) return null;
  // With a provider, runVerificationCheck queues a lookup instead (lookups/): this is UAN_PROVIDER=none.
  return { status: 'in_review', decidedBy: null, flags: [{ rule: 'uan_no_provider', outcome: 'not_checked', expected: facts.uan }], verifiedFields: [] };
}

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

  if (outcome.readByOcr && outcome.documentId) return queueScanRead(deps, candidateId, subject, outcome.documentId);
  return storeOutcome(deps, candidateId, subject, outcome, actor);
}

/**
 * A scan (no text layer): its read is queued with the check still pending (the read worker, on any
 * instance, recognises the pages and decides it: reading/ocr/process-read.ts). Only under consent
 * and while the check still concerns that document.
 */
async function queueScanRead(deps: CheckDeps, candidateId: string, subject: VerificationSubject, documentId: string): Promise<RunResult> {
  const result = await deps.db.transaction().execute(async (trx): Promise<RunResult> => {
    const check = await trx.selectFrom('verification_checks').select(['id', 'document_id']).where('candidate_id', '=', candidateId).where('subject', '=', subject).forUpdate().executeTakeFirst();
    if (!check || !(await activeConsent(trx, candidateId, subject))) return 'no_consent';
    if (check.document_id !== documentId) return 'stale';
    const read = await queueDocumentRead(trx, { checkId: check.id, candidateId, documentId, now: deps.clock?.() ?? new Date() });
    if (read.created) await publishCheckChange(trx, candidateId, check.id);
    return 'ran';
  });
  if (result === 'ran') deps.onReadQueued?.();
  return result;
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
    .set(backToPending(documentId))
    .where('candidate_id', '=', candidateId)
    .where('subject', '=', subject)
    .returning('id')
    .executeTakeFirst();
  if (!reset) return false;
  // A scan of the earlier file waiting for OCR is not read: the new file is checked afresh.
  await cancelDocumentReads(trx, reset.id, new Date());
  await writeAudit(trx, { actorId: candidateId, companyId: null, action: 'verification_check_reset', entityType: 'verification_check', entityId: reset.id, details: { subject, document_id: documentId }, ip });
  await publishCheckChange(trx, candidateId, reset.id);
  return (await activeConsent(trx, candidateId, subject)) !== undefined;
}

/** After a re-upload commits: re-run the document's check in the background (see resetCheckForNewDocument). */
export function recheckDocumentInBackground(deps: Omit<CheckDeps, 'uanProvider'>, candidateId: string, subject: DocumentSubject): void {
  void runCheckSafely({ ...deps, uanProvider: null }, candidateId, subject, { id: candidateId, ip: null });
}
