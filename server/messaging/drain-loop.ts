/**
 * Runs `drain` soon after each kick, never twice at once (a kick during a run runs it once more
 * after), and on a poll: the shape of every background sender (the outbox, webhook deliveries).
 */
export class DrainLoop {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly drain: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Polls (retries, rows left by a crash) until stop(). */
  start(intervalMs: number): void {
    this.kick();
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  /** Drain soon; safe to call often. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Resolves when nothing is running; used by shutdown and tests. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }
}
