/**
 * Counters in fixed windows that start at the first count: the domain's per-account and
 * per-email attempt counters. They are kept in the database ({@link SharedWindows}), so every
 * server process counts together; `name` keeps each counter's keys apart there. (Per-address
 * limits are the HTTP layer's, through @fastify/rate-limit.)
 */
import type { SharedWindows } from '../db/sharedWindows';

export class FixedWindows {
  constructor(
    private readonly windowSeconds: number,
    private readonly now: () => Date,
    private readonly windows: SharedWindows,
    private readonly name: string,
  ) {}

  /** The count of `key`'s current window (0 when none is running). */
  async count(key: string): Promise<number> {
    return (await this.windows.read(this.keyOf(key), this.now()))?.count ?? 0;
  }

  /** Seconds until `key`'s window ends once its count has reached `limit`; 0 below the limit. */
  async wait(key: string, limit: number): Promise<number> {
    const at = this.now();
    const window = await this.windows.read(this.keyOf(key), at);
    if (window === undefined || window.count < limit) return 0;
    return Math.max(1, Math.ceil((window.endsAt.getTime() - at.getTime()) / 1000));
  }

  async increment(key: string): Promise<void> {
    await this.windows.increment(this.keyOf(key), this.windowSeconds * 1000, this.now());
  }

  /**
   * Counts one for `key` and answers the seconds until its window ends when that count went
   * past `limit` (0 within it): the count and the answer are one statement, so processes counting
   * at once never let more than `limit` through.
   */
  async incrementWithin(key: string, limit: number): Promise<number> {
    const at = this.now();
    const window = await this.windows.increment(this.keyOf(key), this.windowSeconds * 1000, at);
    if (window.count <= limit) return 0;
    return Math.max(1, Math.ceil((window.endsAt.getTime() - at.getTime()) / 1000));
  }

  async clear(...keys: string[]): Promise<void> {
    await this.windows.clear(keys.map((key) => this.keyOf(key)));
  }

  private keyOf(key: string): string {
    return `${this.name}:${key}`;
  }
}
