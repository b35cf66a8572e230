import type { RetentionRun } from '../../../shared/schemas/privacy.ts';
import { DrainLoop } from '../../messaging/drain-loop.ts';
import { runDueErasures } from './erasure.ts';
import { buildPendingExports, expireExports, type ExportDeps } from './exports.ts';
import { runRetention } from './retention.ts';

/** How often an idle instance looks for work (exports asked on another instance, expiries, due erasures). */
export const PRIVACY_JOBS_POLL_MS = 60_000;
/** How often an instance offers to make the day's retention run (one instance a day makes it). */
export const RETENTION_CHECK_MS = 60 * 60_000;

type PrivacyJobsDeps = ExportDeps & { retention: { inactiveYears: number; unsubmittedDays: number } };

/**
 * The data-rights work done in the background, on any instance: exports are built (each claimed
 * with FOR UPDATE SKIP LOCKED, so two instances never build one twice), expired ones deleted, the
 * day's retention run made (by the first instance to claim the day, checked hourly), and erasures
 * that are due carried out. Kicked when a person asks; polled otherwise.
 */
export class PrivacyJobs {
  private readonly loop: DrainLoop;
  private retentionDue = false;
  private retentionTimer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: PrivacyJobsDeps) {
    this.loop = new DrainLoop(
      async () => {
        const retention = this.retentionDue;
        this.retentionDue = false;
        await this.pass(retention);
      },
      (error) => deps.log.error({ err: error }, 'privacy jobs failed'),
    );
  }

  private async pass(withRetention: boolean): Promise<{ built: number; expired: number; retention: RetentionRun | null; erased: number }> {
    const built = await buildPendingExports(this.deps);
    const expired = await expireExports(this.deps);
    const retention = withRetention ? await runRetention({ ...this.deps, ...this.deps.retention }) : null;
    const erased = await runDueErasures(this.deps);
    return { built, expired, retention, erased };
  }

  /** One whole pass, the retention run included (null when the day's run is made already). Tests call it directly. */
  runOnce(): Promise<{ built: number; expired: number; retention: RetentionRun | null; erased: number }> {
    return this.pass(true);
  }

  start(intervalMs = PRIVACY_JOBS_POLL_MS, retentionCheckMs = RETENTION_CHECK_MS): void {
    this.loop.start(intervalMs);
    this.retentionTimer = setInterval(() => {
      this.retentionDue = true;
      this.loop.kick();
    }, retentionCheckMs);
    this.retentionTimer.unref();
  }

  kick(): void {
    this.loop.kick();
  }

  idle(): Promise<void> {
    return this.loop.idle();
  }

  async stop(): Promise<void> {
    if (this.retentionTimer) clearInterval(this.retentionTimer);
    await this.loop.stop();
  }
}
