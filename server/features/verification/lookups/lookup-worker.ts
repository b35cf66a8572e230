import { sql } from 'kysely';
import { Drainer } from '../../../messaging/drain-loop.ts';
import { processLookup, type ClaimedLookup, type LookupWorkerDeps } from './process-lookup.ts';

/** Lookups one instance works on at once (each mostly waits on the provider). */
const BATCH = 16;
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
export class EpfoLookupWorker extends Drainer {
  constructor(private readonly deps: LookupWorkerDeps) {
    super(deps.log, 'EPFO lookups failed');
  }

  protected async drain(): Promise<void> {
    for (;;) {
      const now = this.deps.clock();
      const lease = new Date(now.getTime() + LOOKUP_LEASE_SECONDS * 1000);
      const claimed = await sql<ClaimedLookup>`
        UPDATE epfo_lookups SET attempts = attempts + 1, next_attempt_at = ${lease}
        WHERE id IN (
          SELECT id FROM epfo_lookups
          WHERE state IN ('queued', 'retrying') AND next_attempt_at <= ${now}
          ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, candidate_id, check_id, consent_id, provider, billed_company_id, attempts, requested_at`.execute(this.deps.db);
      if (claimed.rows.length === 0 || this.loop.isStopped) return;
      await Promise.all(claimed.rows.map((lookup) => processLookup(this.deps, lookup)));
    }
  }

  /** Takes every due lookup now and resolves when done: tests and the demo seed call it. */
  async runOnce(): Promise<void> {
    this.kick();
    await this.idle();
  }
}

/** Asks every due lookup once with the given provider and waits: the demo seed, which runs without the app's loop. */
export async function runQueuedLookups(deps: LookupWorkerDeps): Promise<void> {
  const worker = new EpfoLookupWorker(deps);
  await worker.runOnce();
  await worker.stop();
}
