import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { CandidateDocument, DocumentType } from '../../../shared/schemas/candidate.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { toCandidateDocument } from './list-documents.ts';
import { claimUpload, finishDelete, queueDelete, reserveKey, storeGatedPdf } from './store-pdf.ts';
import { recheckDocumentInBackground, resetCheckForNewDocument } from '../verification/run-check.ts';

const m = messages.candidate.documents;

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
 * the storage_intents log (store-pdf.ts): whatever fails or crashes, no row points to a missing
 * file and no file outlives its upload without a row.
 *
 * The key is "{userId}/{type}_{ms}.pdf", generated here; the client's filename is never part of it.
 */
export async function uploadCandidateDocument(deps: UploadDeps, session: SessionContext, input: UploadInput): Promise<CandidateDocument> {
  const { db } = deps;
  if (session.profile.role !== 'candidate') throw forbidden(m.candidatesOnly, 'CANDIDATES_ONLY');
  const candidateId = session.userId;
  const saved = await storeGatedPdf(
    deps,
    () => reserveKey(db, (ms) => `${candidateId}/${input.type}_${ms}.pdf`, true),
    input,
    (key, bytes) => saveDocumentRow(db, { candidateId, type: input.type, key, bytes, originalName: input.originalName }),
    { candidateId, type: input.type },
  );
  if (saved.replacedKey) await finishDelete(deps, saved.replacedKey);
  // The document's verification check, reset to pending in the same transaction, runs again on the new file.
  if (saved.recheck) recheckDocumentInBackground(deps, candidateId, input.type);
  return saved.row;
}

/**
 * Step 3, one transaction: the upload intent comes out (it must still be there, or the sweeper has
 * reclaimed this upload as abandoned: roll back) and the document row replaces the previous one.
 */
async function saveDocumentRow(db: Kysely<DB>, values: DocumentRowValues): Promise<SavedDocument> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        await claimUpload(trx, values.key);
        return replaceDocumentRow(trx, values);
      });
    } catch (error) {
      // Two uploads of one type at once: the second to commit meets the first's new row and
      // tries again, replacing it. One row either way (candidate_documents_one_per_type).
      if (attempt < 3 && isOnePerTypeConflict(error)) continue;
      throw error;
    }
  }
}

export interface DocumentRowValues {
  candidateId: string;
  type: DocumentType;
  key: string;
  bytes: number;
  originalName: string | null;
}
export interface SavedDocument {
  row: CandidateDocument;
  /** The replaced file, whose delete intent is committed: delete it after the commit (finishDelete). */
  replacedKey: string | null;
  /** Whether the document's check, reset to pending, should run again (recheckDocumentInBackground). */
  recheck: boolean;
}

/**
 * Inside a transaction: the candidate's document of this type becomes the file at `key`. The
 * previous one (if any) leaves with a delete intent for its file, and the document's verification
 * check goes back to pending for the new file.
 */
export async function replaceDocumentRow(trx: Transaction<DB>, values: DocumentRowValues): Promise<SavedDocument> {
  const previous = await trx
    .deleteFrom('candidate_documents')
    .where('candidate_id', '=', values.candidateId)
    .where('document_type', '=', values.type)
    .returning('file_path')
    .executeTakeFirst();
  if (previous) await queueDelete(trx, previous.file_path);
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
}

function isOnePerTypeConflict(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'candidate_documents_one_per_type';
}
