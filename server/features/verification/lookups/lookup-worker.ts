import { sql } from 'kysely';
import { PREPARE_MARK } from '../../../db/prepared-statements.ts';
import { SlottedDrainer } from '../../../messaging/drain-loop.ts';
import { processPassbookLookup, type ClaimedPassbookLookup } from './passbook-otp-steps.ts';
import { processLookup, type LookupWorkerDeps } from './process-lookup.ts';

/**
 * Lookups one instance works on at once (each mostly waits on the provider). A slot is refilled as
 * soon as its lookup ends, so one slow answer never holds up the others.
 */
export const EPFO_LOOKUP_SLOTS = 16;
/**
 * A claimed lookup comes due again after this long: longer than the provider's 10-second timeout
 * and the writes after it, so a lookup is never asked twice while its call runs, and one left by an
 * instance that died mid-call is taken by another after this.
 */
export const LOOKUP_LEASE_SECONDS = 60;
/** How often an idle instance looks for lookups come due (retries, leases run out). */
export const EPFO_LOOKUPS_POLL_MS = 15_000;

/**
 * Asks the EPFO provider for queued lookups (issue 34), on any instance: each is claimed with
 * FOR UPDATE SKIP LOCKED and a lease (next_attempt_at moved ahead), so two instances never ask
 * for the same one, and a restart or a crash loses none. Woken by pg_notify('epfo_lookups') from
 * any instance and by a poll, which also takes retries as they come due.
 */
export class EpfoLookupWorker extends SlottedDrainer<ClaimedPassbookLookup> {
  constructor(private readonly deps: LookupWorkerDeps) {
    super(deps.log, 'EPFO lookups failed');
  }

  protected slots(): number {
    return this.deps.slots ?? EPFO_LOOKUP_SLOTS;
  }

  protected async claim(room: number): Promise<ClaimedPassbookLookup[]> {
    const now = this.deps.clock();
    const lease = new Date(now.getTime() + LOOKUP_LEASE_SECONDS * 1000);
    // An OTP session's typed code is taken by the claim and cleared in the same statement: it
    // lives on in this process only for the one call that submits it.
    const claimed = await sql<ClaimedPassbookLookup>`
      WITH due AS (
        SELECT id, otp_code FROM epfo_lookups
        WHERE state IN ('queued', 'retrying') AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at LIMIT ${room} FOR UPDATE SKIP LOCKED)
      UPDATE epfo_lookups l SET attempts = l.attempts + 1, next_attempt_at = ${lease}, otp_code = NULL
      FROM due WHERE l.id = due.id
      RETURNING l.id, l.candidate_id, l.check_id, l.consent_id, l.provider, l.billed_company_id, l.attempts, l.requested_at,
        l.method, l.otp_step, l.otp_step_at, l.otp_session, due.otp_code, l.otp_expires_at, l.otp_wrong ${sql.raw(PREPARE_MARK)}`.execute(this.deps.db);
    return claimed.rows;
  }

  /** Neither process function throws. */
  protected work(lookup: ClaimedPassbookLookup): Promise<void> {
    return lookup.method === 'passbook_otp' ? processPassbookLookup(this.deps, lookup) : processLookup(this.deps, lookup);
  }
}

/** Asks every due lookup once with the given provider and waits: the demo seed, which runs without the app's loop. */
export async function runQueuedLookups(deps: LookupWorkerDeps): Promise<void> {
  const worker = new EpfoLookupWorker(deps);
  await worker.runOnce();
  await worker.stop();
}
