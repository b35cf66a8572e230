import { finished, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { MAX_DOCUMENT_BYTES } from '../../../shared/schemas/candidate.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { PdfGate, tooLarge } from './pdf-gate.ts';

const m = messages.candidate.documents;

export const uploadTimedOut = () => new AppError(408, 'UPLOAD_TIMEOUT', m.timedOut);
const interrupted = () => badRequest(m.interrupted, 'UPLOAD_INTERRUPTED');
const storageUnavailable = () => new AppError(503, 'STORAGE_UNAVAILABLE', m.storageUnavailable);

export interface StoreDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

export interface PdfBody {
  /** The request body: the PDF's bytes, not yet read. */
  body: Readable;
  /** Content-Length, when the client sent one: lets an oversized upload be refused unread. */
  declaredBytes?: number;
  /** The upload is abandoned after this long (UPLOAD_TIMEOUT_SECONDS); the sweeper relies on it. */
  timeoutMs: number;
  maxBytes?: number;
}

/**
 * One PDF upload as a unit of work with the storage_intents log (server/storage/sweep-intents.ts):
 * `reserveKey` commits the upload intent (step 1), the body streams through the PDF gate into
 * storage (step 2), and `commit` (step 3, one transaction) must consume the intent with
 * `claimUpload` while it writes the row that points at the file. Whatever fails, no row points to a
 * missing file and no file outlives its upload without a row. `what` names the upload in the logs.
 */
export async function storeGatedPdf<T>(
  deps: StoreDeps,
  reserveKey: () => Promise<string>,
  input: PdfBody,
  commit: (key: string, bytes: number) => Promise<T>,
  what: Record<string, unknown>,
): Promise<T> {
  const { db, storage, log } = deps;
  const maxBytes = input.maxBytes ?? MAX_DOCUMENT_BYTES;
  if (input.declaredBytes !== undefined && input.declaredBytes > maxBytes) throw tooLarge();
  const startedAt = performance.now();

  const key = await reserveKey();
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
      log.info({ ...what, code: gate.failure.code, bytes: gate.bytes }, 'document upload refused');
      throw gate.failure;
    }
    // The sweeper took this upload for abandoned and removed its file under it.
    if (reclaimed) throw uploadTimedOut();
    log.error({ err: error, ...what, key }, 'document upload could not be stored');
    throw storageUnavailable();
  }
  clearTimeout(deadline);

  try {
    const result = await commit(key, gate.bytes);
    log.info({ ...what, key, bytes: gate.bytes, ms: Math.round(performance.now() - startedAt) }, 'document uploaded');
    return result;
  } catch (error) {
    await discardUpload(deps, key);
    throw error;
  }
}

/**
 * Step 1 for a key of the caller's making: `keyAt(ms)` is tried at this millisecond and the next
 * ones until a key is free: no intent holds it, and, with `documentsToo`, no candidate document
 * row points at it (one statement, so the body starts streaming as soon as it can).
 */
export async function reserveKey(db: Kysely<DB>, keyAt: (ms: number) => string, documentsToo = false): Promise<string> {
  const now = Date.now();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const key = keyAt(now + attempt);
    const reserved = await db
      .insertInto('storage_intents')
      .columns(['object_key', 'action'])
      .expression(
        db
          .selectNoFrom((eb) => [eb.val(key).as('object_key'), eb.val('upload').as('action')])
          .$if(documentsToo, (qb) => qb.where((eb) => eb.not(eb.exists(eb.selectFrom('candidate_documents').select('id').where('file_path', '=', key))))),
      )
      .onConflict((oc) => oc.column('object_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (reserved) return key;
  }
  throw new Error('could not reserve a storage key for the upload');
}

/** Inside step 3: consumes the upload intent; if the sweeper has reclaimed the upload as abandoned, rolls back. */
export async function claimUpload(trx: Transaction<DB>, key: string): Promise<void> {
  const claimed = await trx.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'upload').returning('id').executeTakeFirst();
  if (!claimed) throw uploadTimedOut();
}

/** A file leaving its row, inside the row's transaction: the delete intent the sweeper finishes if `finishDelete` does not. */
export async function queueDelete(trx: Transaction<DB> | Kysely<DB>, key: string): Promise<void> {
  await trx.insertInto('storage_intents').values({ object_key: key, action: 'delete' }).onConflict((oc) => oc.column('object_key').doUpdateSet({ action: 'delete' })).execute();
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
async function discardUpload({ db, storage, log }: StoreDeps, key: string): Promise<void> {
  try {
    await storage.delete(key);
    await db.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'upload').execute();
  } catch (error) {
    log.warn({ err: error, key }, 'could not discard a failed upload now; the storage sweeper will');
  }
}

/** Step 4: a file whose row went (its delete intent committed) is deleted after the commit; a failure here is finished by the sweeper. */
export async function finishDelete({ db, storage, log }: StoreDeps, key: string): Promise<void> {
  try {
    await storage.delete(key);
    await db.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'delete').execute();
  } catch (error) {
    log.warn({ err: error, key }, 'could not delete a file now; the storage sweeper will');
  }
}
