import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../../db/schema.ts';

/** The channel every instance's read worker listens on: a scan queued anywhere is taken at once. */
export const DOCUMENT_READS_CHANNEL = 'document_reads';

/**
 * Queues a scan for OCR inside the caller's transaction (the check's run that found no text
 * layer): the check stays pending until a read worker decides it. An open read of an earlier file
 * of the same check (the candidate uploaded again) is cancelled first: only the newest is read.
 */
export async function queueDocumentRead(trx: Transaction<DB>, input: { checkId: string; candidateId: string; documentId: string; now: Date }): Promise<{ id: string; created: boolean }> {
  await trx.updateTable('document_reads').set({ state: 'cancelled', finished_at: input.now }).where('check_id', '=', input.checkId).where('state', 'in', ['queued', 'reading']).where('document_id', '!=', input.documentId).execute();
  const row = await trx
    .insertInto('document_reads')
    .values({ check_id: input.checkId, candidate_id: input.candidateId, document_id: input.documentId, next_attempt_at: input.now })
    // The same file asked again (a second consent, "Run again") while its read waits: that one stands.
    .onConflict((oc) => oc.column('check_id').where('state', 'in', ['queued', 'reading']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) {
    const open = await trx.selectFrom('document_reads').select('id').where('check_id', '=', input.checkId).where('state', 'in', ['queued', 'reading']).executeTakeFirstOrThrow();
    return { id: open.id, created: false };
  }
  await sql`SELECT pg_notify(${DOCUMENT_READS_CHANNEL}, '')`.execute(trx);
  return { id: row.id, created: true };
}

/** A withdrawn consent or a removed document: its open read is not done. */
export async function cancelDocumentReads(trx: Transaction<DB>, checkId: string, now: Date): Promise<void> {
  await trx.updateTable('document_reads').set({ state: 'cancelled', finished_at: now }).where('check_id', '=', checkId).where('state', 'in', ['queued', 'reading']).execute();
}
