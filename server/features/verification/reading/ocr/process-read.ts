import { messages } from '../../../../../shared/messages.ts';
import { fill } from '../../../../../shared/fill.ts';
import type { VerificationFlag } from '../../../../db/schema.ts';
import { publish } from '../../../../realtime/events.ts';
import { activeConsent, storeOutcome, type CheckDeps, type Outcome } from '../../check-store.ts';
import { isDocumentSubject } from '../../run-check.ts';
import { documentOutcome } from '../document-outcome.ts';
import { readDocument, readStoredFile } from '../read-document.ts';
import type { OcrEngine } from './ocr-pool.ts';
import { OCR_MIN_CONFIDENCE, readScannedPdf, type ScanReading } from './read-scan.ts';
import { RenderFailed } from './render-pages.ts';
import { READ_MAX_ATTEMPTS, type ClaimedRead } from './read-worker.ts';

const m = messages.verification;

export interface ProcessReadDeps extends CheckDeps {
  ocr: OcrEngine;
  clock: () => Date;
}

/** Retries of a read that failed for a reason that may pass (a time-out under load): 1 min, then 5. */
const RETRY_SECONDS = [60, 300];

/**
 * What the recognition adds to the check: how sure it was. Below OCR_MIN_CONFIDENCE the check goes
 * to the team with what was read, whatever the rules found: a poor scan never passes silently.
 */
export function withRecognition(outcome: Outcome, reading: ScanReading): Outcome {
  const confident = reading.confidence >= OCR_MIN_CONFIDENCE;
  const flag: VerificationFlag = {
    rule: 'ocr',
    outcome: confident ? 'match' : 'not_checked',
    found: fill(confident ? m.readByOcr : m.ocrLowConfidence, { confidence: String(Math.round(reading.confidence)), pages: String(reading.pages.length) }),
  };
  if (confident) return { ...outcome, flags: [flag, ...outcome.flags] };
  return { ...outcome, status: 'in_review', decidedBy: null, verifiedFields: [], flags: [flag, ...outcome.flags] };
}

/**
 * One claimed scan: still the check's document and under consent, it is rendered and recognised
 * (the candidate sees the pages go by), then decided by the same rules as a text document, with the
 * recognition's confidence. Never throws: a failure is retried, and after READ_MAX_ATTEMPTS (or a
 * file MuPDF cannot render) the check goes to the team as unreadable.
 */
export async function processRead(deps: ProcessReadDeps, read: ClaimedRead): Promise<void> {
  try {
    await process(deps, read);
  } catch (error) {
    deps.log.warn({ err: error, readId: read.id }, 'document read failed');
    await failed(deps, read, error).catch((failure: unknown) => deps.log.error({ err: failure, readId: read.id }, 'document read failure could not be recorded; the lease brings it back'));
  }
}

async function process(deps: ProcessReadDeps, read: ClaimedRead): Promise<void> {
  const { db } = deps;
  const check = await db
    .selectFrom('verification_checks as v')
    .innerJoin('candidate_documents as d', 'd.id', 'v.document_id')
    .select(['v.subject', 'v.document_id', 'v.status', 'd.file_path'])
    .where('v.id', '=', read.check_id)
    .executeTakeFirst();
  const consent = check ? await activeConsent(db, read.candidate_id, check.subject) : undefined;
  if (!check || !isDocumentSubject(check.subject) || check.document_id !== read.document_id || check.status !== 'pending' || !consent) {
    // Uploaded again (that file has its own read), consent withdrawn, or decided meanwhile.
    await db.updateTable('document_reads').set({ state: 'cancelled', finished_at: deps.clock() }).where('id', '=', read.id).where('state', '=', 'reading').execute();
    return;
  }
  const subject = check.subject;
  const bytes = await readStoredFile(deps.storage, check.file_path);
  // The file's structure for the forensics (who made it, revisions): a scan is judged on it too.
  const structure = await readDocument(bytes).catch(() => null);
  const reading = await readScannedPdf(bytes, deps.ocr, {
    onProgress: async (pagesDone, pagesToRead) => {
      await db.updateTable('document_reads').set({ pages_done: pagesDone, page_count: pagesToRead }).where('id', '=', read.id).execute();
      await publish(db, { topic: `user:${read.candidate_id}`, type: 'verification_check', id: read.check_id });
    },
  });
  // Each page's text and confidence: signal 5 compares them with a text layer over the scan.
  const judged = await documentOutcome(deps, read.candidate_id, subject, read.document_id, reading.text, structure?.facts ?? null, reading.pages);
  const stored = judged
    ? await storeOutcome(deps, read.candidate_id, subject, withRecognition(judged, reading), { id: read.candidate_id, ip: null }, async (trx) => {
        await trx.updateTable('document_reads').set({ state: 'done', confidence: reading.confidence, finished_at: deps.clock(), last_error: null }).where('id', '=', read.id).execute();
      })
    : 'not_applicable';
  // Consent withdrawn or the file replaced while it was read: nothing is stored.
  if (stored !== 'ran') await db.updateTable('document_reads').set({ state: 'cancelled', finished_at: deps.clock() }).where('id', '=', read.id).where('state', '=', 'reading').execute();
}

async function failed(deps: ProcessReadDeps, read: ClaimedRead, error: unknown): Promise<void> {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const now = deps.clock();
  // A file MuPDF cannot render will not render next time either.
  if (error instanceof RenderFailed || read.attempts >= READ_MAX_ATTEMPTS) {
    const check = await deps.db.selectFrom('verification_checks').select(['subject']).where('id', '=', read.check_id).executeTakeFirst();
    if (!check || !isDocumentSubject(check.subject)) return;
    const outcome: Outcome = { status: 'in_review', decidedBy: null, flags: [{ rule: 'ocr', outcome: 'not_checked', found: m.ocrFailed }], verifiedFields: [], documentId: read.document_id };
    await storeOutcome(deps, read.candidate_id, check.subject, outcome, { id: read.candidate_id, ip: null }, async (trx) => {
      await trx.updateTable('document_reads').set({ state: 'failed', finished_at: now, last_error: lastError }).where('id', '=', read.id).execute();
    });
    return;
  }
  const retryAt = new Date(now.getTime() + (RETRY_SECONDS[read.attempts - 1] ?? RETRY_SECONDS.at(-1)!) * 1000);
  await deps.db.updateTable('document_reads').set({ state: 'queued', next_attempt_at: retryAt, last_error: lastError }).where('id', '=', read.id).where('state', '=', 'reading').execute();
}
