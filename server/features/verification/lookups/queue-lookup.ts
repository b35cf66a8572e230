import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { EpfoProviderName } from '../sources/epfo/provider.ts';

/** The channel every instance's lookup worker listens on: a lookup queued anywhere is taken at once. */
export const EPFO_LOOKUPS_CHANNEL = 'epfo_lookups';

/**
 * Queues an EPFO lookup for a UAN check, inside the caller's transaction (so it exists exactly
 * when the consent or refresh that asked for it does). One open lookup per check: asking again
 * while one waits returns that one. The call is billed to the newest company that asked this
 * candidate for the UAN check, or to WorkCred when the candidate verifies on their own.
 * Returns the lookup's id and whether it is new.
 */
export async function queueEpfoLookup(
  trx: Transaction<DB>,
  input: { candidateId: string; checkId: string; consentId: string; provider: EpfoProviderName; now: Date },
): Promise<{ id: string; created: boolean }> {
  const open = await trx.selectFrom('epfo_lookups').select('id').where('check_id', '=', input.checkId).where('state', 'in', ['queued', 'retrying']).executeTakeFirst();
  if (open) return { id: open.id, created: false };
  const requester = await trx
    .selectFrom('check_requests')
    .select('company_id')
    .where('candidate_id', '=', input.candidateId)
    .where('subject', '=', 'uan')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const row = await trx
    .insertInto('epfo_lookups')
    .values({
      candidate_id: input.candidateId,
      check_id: input.checkId,
      consent_id: input.consentId,
      provider: input.provider,
      billed_company_id: requester?.company_id ?? null,
      next_attempt_at: input.now,
      requested_at: input.now,
    })
    // Two asks at once (two instances): the second finds the first's row instead of failing.
    .onConflict((oc) => oc.column('check_id').where('state', 'in', ['queued', 'retrying']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) {
    const existing = await trx.selectFrom('epfo_lookups').select('id').where('check_id', '=', input.checkId).where('state', 'in', ['queued', 'retrying']).executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }
  await sql`SELECT pg_notify(${EPFO_LOOKUPS_CHANNEL}, '')`.execute(trx);
  return { id: row.id, created: true };
}
