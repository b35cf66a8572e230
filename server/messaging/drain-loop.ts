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

/**
 * A background sender built on a DrainLoop: the outbox and the webhook dispatcher each claim and
 * send their own rows in drain(); starting, kicking, waiting and stopping are the same.
 */
export abstract class Drainer {
  protected readonly loop: DrainLoop;

  constructor(logger: { error: (details: { err: unknown }, message: string) => void }, failure: string) {
    this.loop = new DrainLoop(
      () => this.drain(),
      (error) => logger.error({ err: error }, failure),
    );
  }

  /** Polls for due rows (retries, rows left by a crash) until stop(). */
  start(intervalMs = 5000): void {
    this.loop.start(intervalMs);
  }

  /** Send pending rows soon; safe to call often. */
  kick(): void {
    this.loop.kick();
  }

  /** Resolves when nothing is being sent; used by shutdown and tests. */
  async idle(): Promise<void> {
    await this.loop.idle();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  protected abstract drain(): Promise<void>;
}

/**
 * A Drainer whose claimed rows are worked at the same time, up to `slots` at once (the EPFO
 * lookups, the OCR reads): a slot takes the next due row as soon as its task ends, so one slow task
 * never holds up the others. `work` must not throw.
 */
export abstract class SlottedDrainer<Row> extends Drainer {
  private readonly inFlight = new Set<Promise<void>>();

  /** How many rows this instance works on at once. */
  protected abstract slots(): number;
  /** Claims at most `room` due rows (FOR UPDATE SKIP LOCKED, with a lease). */
  protected abstract claim(room: number): Promise<Row[]>;
  protected abstract work(row: Row): Promise<void>;

  protected async drain(): Promise<void> {
    for (;;) {
      const room = this.slots() - this.inFlight.size;
      if (room <= 0 || this.loop.isStopped) return;
      const claimed = await this.claim(room);
      if (claimed.length === 0) return;
      for (const row of claimed) {
        const task: Promise<void> = this.work(row).finally(() => {
          this.inFlight.delete(task);
          this.kick();
        });
        this.inFlight.add(task);
      }
    }
  }

  /** Resolves when nothing is claimed or being worked on. */
  override async idle(): Promise<void> {
    for (;;) {
      await super.idle();
      if (this.inFlight.size === 0) return;
      await Promise.all([...this.inFlight]);
    }
  }

  override async stop(): Promise<void> {
    await super.stop();
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Takes every due row now and resolves when done: tests and the demo seed call it. */
  async runOnce(): Promise<void> {
    this.kick();
    await this.idle();
  }
}
