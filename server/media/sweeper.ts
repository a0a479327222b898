/**
 * The periodic sweep of expired pending uploads: uploads the API server never confirmed (a post
 * abandoned after its image was uploaded, or uploads made with the public key for nothing) are
 * deleted once older than MEDIA_PENDING_TTL_HOURS, while the server runs, so they cannot fill the
 * disk between restarts.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How often pending uploads are swept for a time to live of `ttlMs`: a quarter of it, between a
 * minute and an hour (every hour for the default 24 hours). An upload is deleted at most this
 * long after it expires.
 */
export function pendingSweepIntervalMs(ttlMs: number): number {
  return Math.min(HOUR_MS, Math.max(MINUTE_MS, Math.floor(ttlMs / 4)));
}

/** The timer functions the sweeper uses (tests may give their own). */
export interface IntervalTimers {
  setInterval: (callback: () => void, ms: number) => { unref?: () => unknown };
  clearInterval: (timer: ReturnType<IntervalTimers['setInterval']>) => void;
}

const globalTimers: IntervalTimers = {
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (timer) => clearInterval(timer as ReturnType<typeof setInterval>),
};

export interface PendingSweeperOptions {
  /** One sweep; answers how many pending uploads it deleted. */
  sweep: () => Promise<number>;
  intervalMs: number;
  /** Told after a sweep that deleted something. */
  onSwept?: (swept: number) => void;
  /** Told when a sweep fails (the next one runs as planned). */
  onError?: (error: unknown) => void;
  timers?: IntervalTimers;
}

export class PendingSweeper {
  private readonly timers: IntervalTimers;
  private timer: ReturnType<IntervalTimers['setInterval']> | undefined;
  /** The sweep under way, if any: sweeps never overlap. */
  private current: Promise<void> | undefined;

  constructor(private readonly options: PendingSweeperOptions) {
    if (!(options.intervalMs > 0)) {
      throw new RangeError(`intervalMs must be positive, got ${options.intervalMs}`);
    }
    this.timers = options.timers ?? globalTimers;
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Starts sweeping every intervalMs; the timer does not keep the process alive. */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = this.timers.setInterval(() => void this.sweepNow(), this.options.intervalMs);
    this.timer.unref?.();
  }

  /**
   * Sweeps now, unless a sweep is already under way (then waits for that one). Never rejects:
   * a failure goes to onError.
   */
  sweepNow(): Promise<void> {
    this.current ??= this.options
      .sweep()
      .then(
        (swept) => {
          if (swept > 0) this.options.onSwept?.(swept);
        },
        (error: unknown) => this.options.onError?.(error),
      )
      .finally(() => {
        this.current = undefined;
      });
    return this.current;
  }

  /** Stops the timer and waits for a sweep under way to end. */
  async stop(): Promise<void> {
    if (this.timer !== undefined) {
      this.timers.clearInterval(this.timer);
      this.timer = undefined;
    }
    await this.current;
  }
}
