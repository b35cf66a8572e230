import { DrainLoop } from '../../messaging/drain-loop.ts';
import { runDueErasures } from './erasure.ts';
import { buildPendingExports, expireExports, type ExportDeps } from './exports.ts';

/** How often an idle instance looks for work (exports asked on another instance, expiries). */
export const PRIVACY_JOBS_POLL_MS = 60_000;

/**
 * The data-rights work done in the background, on any instance: exports are built (each claimed
 * with FOR UPDATE SKIP LOCKED, so two instances never build one twice), expired ones deleted, and
 * erasures whose 30 days have passed carried out.
 * Kicked when a person asks; polled otherwise.
 */
export class PrivacyJobs {
  private readonly loop: DrainLoop;

  constructor(private readonly deps: ExportDeps) {
    this.loop = new DrainLoop(
      async () => {
        await this.runOnce();
      },
      (error) => deps.log.error({ err: error }, 'privacy jobs failed'),
    );
  }

  /** One pass: build what is pending, expire what is due. Tests call it directly. */
  async runOnce(): Promise<{ built: number; expired: number; erased: number }> {
    const built = await buildPendingExports(this.deps);
    const expired = await expireExports(this.deps);
    const erased = await runDueErasures(this.deps);
    return { built, expired, erased };
  }

  start(intervalMs = PRIVACY_JOBS_POLL_MS): void {
    this.loop.start(intervalMs);
  }

  kick(): void {
    this.loop.kick();
  }

  idle(): Promise<void> {
    return this.loop.idle();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
