import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.ts';
import type { FileStorage } from './file-storage.ts';

/**
 * The storage_intents log (migration 0007) makes "file + row" one unit of work:
 *
 *   1. commit intent('upload', key)      3. one transaction: old row out, intent('delete', oldKey) in,
 *   2. write the file under key              new row in, the upload intent out (it must still be there)
 *                                         4. after commit: delete the old file, then its intent
 *
 * Whatever a crash interrupts leaves an intent behind, and this sweeper finishes the job: an upload
 * intent older than the upload timeout belongs to an upload that can no longer commit (the route
 * aborts uploads at that age), so its file (complete or partial) is deleted; a delete intent is
 * always finished. Rows are locked FOR UPDATE SKIP LOCKED, so several instances sweep side by side,
 * and an upload that commits at the same moment either wins the row (the sweeper skips it) or
 * finds it gone (the upload rolls back).
 */
export async function sweepStorageIntents(options: {
  db: Kysely<DB>;
  storage: FileStorage;
  uploadTimeoutSeconds: number;
  log?: FastifyBaseLogger;
  batchSize?: number;
}): Promise<{ uploadsReclaimed: number; deletesFinished: number }> {
  const { db, storage, uploadTimeoutSeconds, log, batchSize = 100 } = options;
  const totals = { uploadsReclaimed: 0, deletesFinished: 0 };
  for (;;) {
    const { seen, done } = await db.transaction().execute(async (trx) => {
      const intents = await trx
        .selectFrom('storage_intents')
        .select(['id', 'object_key', 'action'])
        .where((eb) =>
          eb.or([
            eb('action', '=', 'delete'),
            eb('created_at', '<', sql<Date>`now() - make_interval(secs => ${uploadTimeoutSeconds})`),
          ]),
        )
        .orderBy('created_at')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (intents.length === 0) return { seen: 0, done: [] as typeof intents };
      // Belt and braces: never delete a file a document row points to, whatever the intent says.
      const keys = intents.map((intent) => intent.object_key);
      const referenced = new Set([
        ...(await trx.selectFrom('candidate_documents').select('file_path').where('file_path', 'in', keys).execute()).map((row) => row.file_path),
        // Company logos (Settings → Company) use the same unit of work.
        ...(await trx.selectFrom('companies').select('logo_key').where('logo_key', 'in', keys).execute()).map((row) => row.logo_key),
        // Issued letters (issue 17) too.
        ...(await trx.selectFrom('letters').select('storage_key').where('storage_key', 'in', keys).execute()).map((row) => row.storage_key),
        // Documents brought from DigiLocker (issue 34).
        ...(await trx.selectFrom('issued_documents').select('file_path').where('file_path', 'in', keys).execute()).map((row) => row.file_path),
        // A resume the company attached to an invitation, held until the person answers (issue 36).
        ...(await trx.selectFrom('candidate_invitations').select('resume_key').where('resume_key', 'in', keys).execute()).map((row) => row.resume_key),
      ]);
      const finished: typeof intents = [];
      for (const intent of intents) {
        try {
          if (!referenced.has(intent.object_key)) await storage.delete(intent.object_key);
          finished.push(intent);
        } catch (error) {
          // Storage unreachable: keep the intent and try again on the next sweep.
          log?.warn({ err: error, key: intent.object_key, action: intent.action }, 'storage sweeper could not delete a file');
        }
      }
      if (finished.length > 0) await trx.deleteFrom('storage_intents').where('id', 'in', finished.map((intent) => intent.id)).execute();
      return { seen: intents.length, done: finished };
    });
    for (const intent of done) {
      if (intent.action === 'upload') totals.uploadsReclaimed += 1;
      else totals.deletesFinished += 1;
    }
    // A short batch means the log is drained; a batch with failures is retried next sweep.
    if (seen < batchSize || done.length < seen) break;
  }
  if (totals.uploadsReclaimed + totals.deletesFinished > 0) log?.info(totals, 'storage sweeper finished interrupted uploads and deletes');
  return totals;
}

export interface StorageSweeper {
  /** One sweep now (also what the timer runs); errors are logged, never thrown. */
  sweep(): Promise<void>;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Sweeps at start-up and then every minute (or every upload timeout when that is shorter, so an
 * abandoned upload's file never waits much longer than the timeout). The timer is unref'd: it
 * never keeps the process alive.
 */
export function startStorageSweeper(options: { db: Kysely<DB>; storage: FileStorage; uploadTimeoutSeconds: number; log: FastifyBaseLogger }): StorageSweeper {
  const intervalMs = Math.min(60, options.uploadTimeoutSeconds) * 1000;
  let running: Promise<void> | undefined;
  let stopped = false;
  const sweep = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= sweepStorageIntents(options)
      .then(() => undefined)
      .catch((error: unknown) => options.log.error({ err: error }, 'storage sweeper failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
