import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../../db/schema.ts';
import { SlottedDrainer } from '../../../../messaging/drain-loop.ts';
import type { OcrEngine } from './ocr-pool.ts';
import { OCR_DOCUMENT_TIMEOUT_MS } from './read-scan.ts';

/**
 * A claimed read comes due again after this long: past a document's time limit (its pages waiting
 * for the pool included), so a read is never done twice at once, and one left by an instance that
 * died mid-read is taken by another after this.
 */
export const READ_LEASE_SECONDS = Math.ceil(OCR_DOCUMENT_TIMEOUT_MS / 1000) + 60;
/** How often an idle instance looks for reads come due (leases run out, retries). */
export const DOCUMENT_READS_POLL_MS = 15_000;
/** A read that failed this often (the file cannot be rendered, the model will not load) goes to the team. */
export const READ_MAX_ATTEMPTS = 3;

export interface ClaimedRead {
  id: string;
  check_id: string;
  candidate_id: string;
  document_id: string;
  attempts: number;
}

export interface ReadWorkerDeps {
  db: Kysely<DB>;
  ocr: OcrEngine;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Reads one claimed scan and decides its check (process-read.ts); never throws. */
  process: (read: ClaimedRead) => Promise<void>;
}

/**
 * Reads queued scans (issue 35 §1) on any instance, as many at once as the OCR pool has workers:
 * each is claimed with FOR UPDATE SKIP LOCKED and a lease, so two instances never read the same
 * one and a restart loses none. Woken by pg_notify('document_reads') and by a poll.
 */
export class DocumentReadWorker extends SlottedDrainer<ClaimedRead> {
  constructor(private readonly deps: ReadWorkerDeps) {
    super(deps.log, 'document reads failed');
  }

  /** As many reads as the OCR pool has workers. */
  protected slots(): number {
    return this.deps.ocr.size;
  }

  protected async claim(room: number): Promise<ClaimedRead[]> {
    const now = this.deps.clock();
    const lease = new Date(now.getTime() + READ_LEASE_SECONDS * 1000);
    const claimed = await sql<ClaimedRead>`
      UPDATE document_reads SET state = 'reading', attempts = attempts + 1, next_attempt_at = ${lease}
      WHERE id IN (
        SELECT id FROM document_reads
        WHERE state IN ('queued', 'reading') AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at LIMIT ${room} FOR UPDATE SKIP LOCKED)
      RETURNING id, check_id, candidate_id, document_id, attempts`.execute(this.deps.db);
    return claimed.rows;
  }

  protected work(read: ClaimedRead): Promise<void> {
    return this.deps.process(read);
  }
}
