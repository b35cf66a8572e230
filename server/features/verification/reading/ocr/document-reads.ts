import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../../db/database.ts';
import type { FileStorage } from '../../../../storage/file-storage.ts';
import { createOcrPool, defaultOcrWorkers } from './ocr-pool.ts';
import { processRead } from './process-read.ts';
import { DOCUMENT_READS_CHANNEL } from './read-queue.ts';
import { DOCUMENT_READS_POLL_MS, DocumentReadWorker } from './read-worker.ts';

const PGLITE_POLL_MS = 2_000;

/**
 * This instance's part in reading scans (issue 35): an OCR pool of `workers` Tesseract workers
 * (OCR_WORKERS; unset, the cores less one) and the read worker that feeds it from the
 * document_reads queue, woken by NOTIFY from any instance and by a poll. With 0 workers the
 * instance reads nothing and leaves the queue to the others.
 */
export function createDocumentReads(deps: { database: Database; storage: FileStorage; log: FastifyBaseLogger; clock: () => Date; workers: number | undefined }) {
  const ocr = createOcrPool({ size: deps.workers ?? defaultOcrWorkers() });
  const worker = new DocumentReadWorker({
    db: deps.database.db,
    ocr,
    log: deps.log,
    clock: deps.clock,
    process: (read) => processRead({ db: deps.database.db, storage: deps.storage, log: deps.log, uanProvider: null, clock: deps.clock, ocr }, read),
  });
  let unlisten: (() => Promise<void>) | undefined;
  return {
    worker,
    async start(): Promise<void> {
      if (ocr.size === 0) return;
      if (deps.database.kind === 'postgres') {
        unlisten = await deps.database.listen(DOCUMENT_READS_CHANNEL, () => worker.kick(), () => worker.kick());
        worker.start(DOCUMENT_READS_POLL_MS);
        return;
      }
      // The embedded database has one process (its lock file): no other instance queues reads, so
      // no LISTEN (one more, issued while the pool's queries run, garbled the embedded database's
      // protocol in the outbox test's restart); the routes kick this worker, and a short poll (an
      // empty partial index) takes the rest within seconds.
      worker.start(PGLITE_POLL_MS);
    },
    async stop(): Promise<void> {
      await unlisten?.();
      await worker.stop();
      await ocr.close();
    },
  };
}
