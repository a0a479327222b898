/**
 * Counters in fixed windows that start at the first count, kept in memory: the domain's
 * per-account and per-email attempt counters. (Per-address limits are the HTTP layer's, through
 * @fastify/rate-limit.)
 */
interface Window {
  count: number;
  endsAt: number;
}

/** Entries kept before expired windows are swept. */
const SWEEP_THRESHOLD = 10_000;

export class FixedWindows {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly windowSeconds: number,
    private readonly now: () => Date,
  ) {}

  /** The count of `key`'s current window (0 when none is running). */
  count(key: string): number {
    return this.current(key)?.count ?? 0;
  }

  /** Seconds until `key`'s window ends once its count has reached `limit`; 0 below the limit. */
  wait(key: string, limit: number): number {
    const window = this.current(key);
    if (window === undefined || window.count < limit) return 0;
    return Math.max(1, Math.ceil((window.endsAt - this.now().getTime()) / 1000));
  }

  increment(key: string): void {
    const window = this.current(key);
    if (window !== undefined) {
      window.count += 1;
      return;
    }
    if (this.windows.size >= SWEEP_THRESHOLD) this.sweep();
    const endsAt = this.now().getTime() + this.windowSeconds * 1000;
    this.windows.set(key, { count: 1, endsAt });
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window === undefined) return undefined;
    if (window.endsAt > this.now().getTime()) return window;
    this.windows.delete(key);
    return undefined;
  }

  private sweep(): void {
    const now = this.now().getTime();
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}
