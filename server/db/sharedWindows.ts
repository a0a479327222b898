/**
 * Counters in fixed windows that start at a key's first count, kept in the database so that every
 * server process on it counts together (table rate_limit_windows): the per-address limits of
 * @fastify/rate-limit (server/http/rateLimitStore.ts) and the domain's per-account and per-email
 * counters (server/domain/fixedWindows.ts). The same code runs on PGlite and PostgreSQL.
 *
 * - A count is one statement (an upsert), atomic under concurrent counts from any process: it
 *   adds one to a running window or starts a new one when the key's window has ended.
 * - Time is the app's clock, passed in (`at`), never the database's now(): tests move that clock.
 * - Expired rows are swept by this process after every `sweepEvery` counts it made (one DELETE
 *   over the ends_at index), so the table holds roughly the windows still running.
 */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from './database';
import { rateLimitWindows } from './schema';

/** A running window: its count so far and when it ends. */
export interface WindowCount {
  count: number;
  endsAt: Date;
}

export interface SharedWindowsOptions {
  /** Counts made by this process between two sweeps of expired rows (default 1,000). */
  sweepEvery?: number;
}

export class SharedWindows {
  private readonly sweepEvery: number;
  private countsSinceSweep = 0;

  constructor(
    private readonly db: Queryable,
    options: SharedWindowsOptions = {},
  ) {
    this.sweepEvery = options.sweepEvery ?? 1000;
  }

  /**
   * Counts one for `key` at `at`: in its running window, or in a new one of `windowMs` from `at`
   * when none runs. Answers the window after the count.
   */
  async increment(key: string, windowMs: number, at: Date): Promise<WindowCount> {
    const endsAt = new Date(at.getTime() + windowMs);
    const ended = sql`${rateLimitWindows.endsAt} <= ${at.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(rateLimitWindows)
      .values({ key, count: 1, endsAt })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          count: sql`case when ${ended} then 1 else ${rateLimitWindows.count} + 1 end`,
          endsAt: sql`case when ${ended} then excluded.ends_at else ${rateLimitWindows.endsAt} end`,
        },
      })
      .returning({ count: rateLimitWindows.count, endsAt: rateLimitWindows.endsAt });
    if (row === undefined) throw new Error(`The count of ${key} was not stored.`);
    this.countsSinceSweep += 1;
    if (this.countsSinceSweep >= this.sweepEvery) {
      this.countsSinceSweep = 0;
      await this.sweep(at);
    }
    return row;
  }

  /** The window of `key` running at `at`, if any. */
  async read(key: string, at: Date): Promise<WindowCount | undefined> {
    const [row] = await this.db
      .select({ count: rateLimitWindows.count, endsAt: rateLimitWindows.endsAt })
      .from(rateLimitWindows)
      .where(and(eq(rateLimitWindows.key, key), gt(rateLimitWindows.endsAt, at)));
    return row;
  }

  /** Ends the windows of `keys` (a successful login clears its failures). */
  async clear(keys: string[]): Promise<void> {
    await this.db.delete(rateLimitWindows).where(inArray(rateLimitWindows.key, keys));
  }

  /** Deletes the windows ended by `at`; answers how many. */
  async sweep(at: Date): Promise<number> {
    const swept = await this.db
      .delete(rateLimitWindows)
      .where(lte(rateLimitWindows.endsAt, at))
      .returning({ key: rateLimitWindows.key });
    return swept.length;
  }
}
