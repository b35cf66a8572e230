import { finished, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { MAX_DOCUMENT_BYTES, type CandidateDocument, type DocumentType } from '../../../shared/schemas/candidate.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { PdfGate, tooLarge } from './pdf-gate.ts';
import { toCandidateDocument } from './list-documents.ts';
import { recheckDocumentInBackground, resetCheckForNewDocument } from '../verification/run-check.ts';

const m = messages.candidate.documents;

export const uploadTimedOut = () => new AppError(408, 'UPLOAD_TIMEOUT', m.timedOut);
const interrupted = () => badRequest(m.interrupted, 'UPLOAD_INTERRUPTED');
const storageUnavailable = () => new AppError(503, 'STORAGE_UNAVAILABLE', m.storageUnavailable);

export interface UploadDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

export interface UploadInput {
  type: DocumentType;
  /** The request body: the PDF's bytes, not yet read. */
  body: Readable;
  /** Already sanitised (file-names.ts); stored for display only. */
  originalName: string | null;
  /** Content-Length, when the client sent one: lets an oversized upload be refused unread. */
  declaredBytes?: number;
  /** The upload is abandoned after this long (UPLOAD_TIMEOUT_SECONDS); the sweeper relies on it. */
  timeoutMs: number;
  maxBytes?: number;
}

/**
 * Stores a candidate's document of one type, replacing the previous one, as one unit of work with
 * the storage_intents log (see server/storage/sweep-intents.ts): whatever fails or crashes, no row
 * points to a missing file and no file outlives its upload without a row.
 *
 * The key is "{userId}/{type}_{ms}.pdf", generated here; the client's filename is never part of it.
 */
export async function uploadCandidateDocument(deps: UploadDeps, session: SessionContext, input: UploadInput): Promise<CandidateDocument> {
  const { db, storage, log } = deps;
  const maxBytes = input.maxBytes ?? MAX_DOCUMENT_BYTES;
  if (session.profile.role !== 'candidate') throw forbidden(m.candidatesOnly, 'CANDIDATES_ONLY');
  if (input.declaredBytes !== undefined && input.declaredBytes > maxBytes) throw tooLarge();
  const candidateId = session.userId;
  const startedAt = performance.now();

  const key = await reserveUploadKey(db, candidateId, input.type);
  const gate = new PdfGate(maxBytes);
  // The gate may fail before the storage driver attaches to it (an empty body ends at once); its
  // reason is kept in gate.failure and reaches the driver as the stream's error either way.
  gate.on('error', () => undefined);
  input.body.pipe(gate);
  // A client that goes away mid-upload must fail the write, not leave it waiting forever.
  finished(input.body, (error) => {
    if (error) gate.refuse(interrupted());
  });
  const deadline = setTimeout(() => gate.refuse(uploadTimedOut()), input.timeoutMs);

  try {
    await storage.put(key, gate, { contentType: 'application/pdf' });
  } catch (error) {
    clearTimeout(deadline);
    const reclaimed = !gate.failure && !(await intentStillHeld(db, key));
    await discardUpload(deps, key);
    if (gate.failure) {
      log.info({ candidateId, type: input.type, code: gate.failure.code, bytes: gate.bytes }, 'document upload refused');
      throw gate.failure;
    }
    // The sweeper took this upload for abandoned and removed its file under it.
    if (reclaimed) throw uploadTimedOut();
    log.error({ err: error, candidateId, type: input.type, key }, 'document upload could not be stored');
    throw storageUnavailable();
  }
  clearTimeout(deadline);

  let saved: { row: CandidateDocument; replacedKey: string | null; recheck: boolean };
  try {
    saved = await saveDocumentRow(db, { candidateId, type: input.type, key, bytes: gate.bytes, originalName: input.originalName });
  } catch (error) {
    await discardUpload(deps, key);
    throw error;
  }

  if (saved.replacedKey) await finishDelete(deps, saved.replacedKey);
  // The document's verification check, reset to pending in the same transaction, runs again on the new file.
  if (saved.recheck) recheckDocumentInBackground(deps, candidateId, input.type);
  log.info(
    { candidateId, type: input.type, key, bytes: gate.bytes, ms: Math.round(performance.now() - startedAt), replaced: saved.replacedKey !== null },
    'document uploaded',
  );
  return saved.row;
}

/** Step 1: commit the upload intent under a fresh key (another millisecond if the key is taken). */
async function reserveUploadKey(db: Kysely<DB>, candidateId: string, type: DocumentType): Promise<string> {
  const now = Date.now();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const key = `${candidateId}/${type}_${now + attempt}.pdf`;
    const reserved = await db
      .insertInto('storage_intents')
      .columns(['object_key', 'action'])
      .expression(
        db
          .selectNoFrom((eb) => [eb.val(key).as('object_key'), eb.val('upload').as('action')])
          .where((eb) => eb.not(eb.exists(eb.selectFrom('candidate_documents').select('id').where('file_path', '=', key)))),
      )
      .onConflict((oc) => oc.column('object_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (reserved) return key;
  }
  throw new Error('could not reserve a storage key for the upload');
}

/**
 * Step 3, one transaction: the previous document of this type (if any) leaves with a delete
 * intent for its file, the new row goes in, and the upload intent comes out. If the intent is
 * gone, the sweeper has reclaimed this upload as abandoned: roll back.
 */
async function saveDocumentRow(
  db: Kysely<DB>,
  values: { candidateId: string; type: DocumentType; key: string; bytes: number; originalName: string | null },
): Promise<{ row: CandidateDocument; replacedKey: string | null; recheck: boolean }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        const claimed = await trx.deleteFrom('storage_intents').where('object_key', '=', values.key).where('action', '=', 'upload').returning('id').executeTakeFirst();
        if (!claimed) throw uploadTimedOut();
        const previous = await trx
          .deleteFrom('candidate_documents')
          .where('candidate_id', '=', values.candidateId)
          .where('document_type', '=', values.type)
          .returning('file_path')
          .executeTakeFirst();
        if (previous) {
          await trx
            .insertInto('storage_intents')
            .values({ object_key: previous.file_path, action: 'delete' })
            .onConflict((oc) => oc.column('object_key').doUpdateSet({ action: 'delete' }))
            .execute();
        }
        const row = await trx
          .insertInto('candidate_documents')
          .values({ candidate_id: values.candidateId, document_type: values.type, file_path: values.key, size_bytes: values.bytes, original_name: values.originalName })
          .returning(['id', 'document_type', 'original_name', 'size_bytes', 'created_at'])
          .executeTakeFirstOrThrow();
        return {
          replacedKey: previous?.file_path ?? null,
          row: toCandidateDocument(row),
          recheck: await resetCheckForNewDocument(trx, values.candidateId, values.type, row.id),
        };
      });
    } catch (error) {
      // Two uploads of one type at once: the second to commit meets the first's new row and
      // tries again, replacing it. One row either way (candidate_documents_one_per_type).
      if (attempt < 3 && isOnePerTypeConflict(error)) continue;
      throw error;
    }
  }
}

function isOnePerTypeConflict(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'candidate_documents_one_per_type';
}

async function intentStillHeld(db: Kysely<DB>, key: string): Promise<boolean> {
  try {
    const intent = await db.selectFrom('storage_intents').select('id').where('object_key', '=', key).where('action', '=', 'upload').executeTakeFirst();
    return intent !== undefined;
  } catch {
    return true; // Cannot tell: report the storage failure itself.
  }
}

/** After a failure: remove whatever was written, then the intent. If storage fails, the sweeper retries. */
async function discardUpload({ db, storage, log }: UploadDeps, key: string): Promise<void> {
  try {
    await storage.delete(key);
    await db.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'upload').execute();
  } catch (error) {
    log.warn({ err: error, key }, 'could not discard a failed upload now; the storage sweeper will');
  }
}

/** Step 4: the replaced file goes after the commit; a failure here is finished by the sweeper. */
async function finishDelete({ db, storage, log }: UploadDeps, key: string): Promise<void> {
  try {
    await storage.delete(key);
    await db.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'delete').execute();
  } catch (error) {
    log.warn({ err: error, key }, 'could not delete a replaced document now; the storage sweeper will');
  }
}
