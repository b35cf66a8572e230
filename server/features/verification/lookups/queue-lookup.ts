import { sql, type Transaction } from 'kysely';
import type { DB, EpfoLookupMethod } from '../../../db/schema.ts';
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
  input: { candidateId: string; checkId: string; consentId: string; provider: EpfoProviderName; now: Date; method?: EpfoLookupMethod },
): Promise<{ id: string; created: boolean }> {
  // Billed to the newest company that asked for the check (a subquery: no round trip of its own).
  const requester = trx.selectFrom('check_requests').select('company_id').where('candidate_id', '=', input.candidateId).where('subject', '=', 'uan').orderBy('created_at', 'desc').limit(1);
  const row = await trx
    .insertInto('epfo_lookups')
    .values({
      candidate_id: input.candidateId,
      check_id: input.checkId,
      consent_id: input.consentId,
      provider: input.provider,
      billed_company_id: requester,
      next_attempt_at: input.now,
      requested_at: input.now,
      // The OTP passbook flow starts by asking the provider to send the code (passbook-otp.ts).
      ...(input.method === 'passbook_otp' ? { method: input.method, otp_step: 'sending' as const, otp_step_at: input.now, otp_sends: 1, otp_sent_at: input.now } : {}),
    })
    // One open lookup per check (a partial unique index): asking while one waits, or two asks at
    // once on two instances, finds that one instead of failing.
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
