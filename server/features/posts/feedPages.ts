/**
 * What the feed remembers between requests, so that any page stays fast at any depth.
 *
 * - Page boundaries: the feed answers the spec's page/pageSize requests, but reading page n with
 *   OFFSET costs n pages of index entries. Every page served remembers where the next page
 *   starts (the sort value and id of its last post), and a page read by offset also where it
 *   started; page n is then read by keyset from its boundary, or the first time from the nearest
 *   known earlier boundary plus an offset of the pages in between.
 * - Pages: the feed is public, the same for every reader, so a page read once is answered from
 *   memory until the feed changes (the most recent `maxPagesPerOrder` pages of each order).
 *
 * Both are valid only while the feed's order is unchanged: every write to the posts
 * (`invalidate`), the moment a scheduled post becomes visible (`validUntil`), and `maxAgeMs` start
 * afresh. With several server processes on one PostgreSQL, the memory also follows the notices of
 * their writes ({@link follow}), and a request catches up with them before using it
 * ({@link catchUp}), so a post acknowledged by another process is seen at once.
 */
import type { ChangeNotices } from '../../db/notices';

/** Where a page starts: just after the post with this sort value and id. */
export interface FeedCursor {
  at: Date;
  id: number;
}

export interface FeedPagesOptions {
  /** Everything older than this is forgotten (default 60 s). */
  maxAgeMs?: number;
  /** Orders (sort, direction, page size) remembered at once (default 16). */
  maxOrders?: number;
  /** Boundaries kept per order (default 100,000). */
  maxBoundariesPerOrder?: number;
  /** Pages kept per order (default 1,000; 0 turns the page memory off). */
  maxPagesPerOrder?: number;
}

class OrderMemory<T> {
  readonly boundaries = new Map<number, FeedCursor>();
  readonly pages = new Map<number, T[]>();

  constructor(
    readonly createdAt: number,
    /** When the next scheduled post becomes visible (epoch ms), if any. */
    readonly validUntil: number | undefined,
  ) {}
}

export interface FeedStart {
  /** The page whose first post follows `cursor` (1 with no cursor: the top of the feed). */
  page: number;
  cursor: FeedCursor | undefined;
}

/** What one request learnt, handed to {@link FeedPages.remember}. */
export interface FeedLesson<T> {
  boundaries: [page: number, cursor: FeedCursor][];
  page?: [page: number, list: T[]];
}

export class FeedPages<T> {
  private readonly orders = new Map<string, OrderMemory<T>>();
  private version = 0;
  private notices: ChangeNotices | undefined;
  private readonly maxAgeMs: number;
  private readonly maxOrders: number;
  private readonly maxBoundaries: number;
  private readonly maxPages: number;

  constructor(options: FeedPagesOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxOrders = options.maxOrders ?? 16;
    this.maxBoundaries = options.maxBoundariesPerOrder ?? 100_000;
    this.maxPages = options.maxPagesPerOrder ?? 1000;
  }

  /** The feed changed: forget everything. */
  invalidate(): void {
    this.orders.clear();
    this.version += 1;
  }

  /** Forgets everything on every notice of a write to the posts by any process, and on a gap. */
  follow(notices: ChangeNotices): void {
    this.notices = notices;
    notices.on('feed', () => this.invalidate());
    notices.onGap(() => this.invalidate());
  }

  /**
   * Before `page` of `order` is served: when it follows notices and would use its memory (the page
   * itself, or a boundary to read it from), waits until every write committed before this call
   * has been noticed, or forgets everything when that cannot be known. Without notices (one
   * process), or with nothing to use (page 1 read from the top), it does nothing.
   */
  async catchUp(order: string, page: number, now: Date): Promise<void> {
    if (this.notices === undefined) return;
    if (this.page(order, page, now) === undefined && this.start(order, page, now).page === 1)
      return;
    if (!(await this.notices.caughtUp())) this.invalidate();
  }

  /** The current generation, to hand back to {@link remember}. */
  generation(): number {
    return this.version;
  }

  private current(order: string, now: Date): OrderMemory<T> | undefined {
    const memory = this.orders.get(order);
    if (memory === undefined) return undefined;
    const time = now.getTime();
    const expired =
      time - memory.createdAt > this.maxAgeMs ||
      (memory.validUntil !== undefined && time >= memory.validUntil);
    if (!expired) return memory;
    this.orders.delete(order);
    return undefined;
  }

  /** Whether anything of `order` is remembered (its validUntil need not be looked up again). */
  has(order: string, now: Date): boolean {
    return this.current(order, now) !== undefined;
  }

  /** A remembered page. */
  page(order: string, page: number, now: Date): T[] | undefined {
    return this.current(order, now)?.pages.get(page);
  }

  /** Where to start reading `page`: its own boundary, the nearest earlier one, or the top. */
  start(order: string, page: number, now: Date): FeedStart {
    const memory = this.current(order, now);
    if (memory !== undefined) {
      for (let candidate = page; candidate > 1; candidate -= 1) {
        const cursor = memory.boundaries.get(candidate);
        if (cursor !== undefined) return { page: candidate, cursor };
      }
    }
    return { page: 1, cursor: undefined };
  }

  /**
   * Remembers what a request read. `validUntil` matters only when nothing of `order` is
   * remembered yet; `generation` is {@link generation} when the request started reading, so
   * what was read before an invalidation is not kept.
   */
  remember(
    order: string,
    now: Date,
    validUntil: Date | undefined,
    generation: number,
    lesson: FeedLesson<T>,
  ): void {
    if (generation !== this.version) return;
    let memory = this.current(order, now);
    if (memory === undefined) {
      if (this.orders.size >= this.maxOrders) {
        const oldest = this.orders.keys().next().value;
        if (oldest !== undefined) this.orders.delete(oldest);
      }
      memory = new OrderMemory<T>(now.getTime(), validUntil?.getTime());
      this.orders.set(order, memory);
    }
    for (const [page, cursor] of lesson.boundaries) {
      if (memory.boundaries.size < this.maxBoundaries || memory.boundaries.has(page)) {
        memory.boundaries.set(page, cursor);
      }
    }
    if (lesson.page !== undefined && this.maxPages > 0) {
      const [page, list] = lesson.page;
      memory.pages.delete(page);
      if (memory.pages.size >= this.maxPages) {
        const oldest = memory.pages.keys().next().value;
        if (oldest !== undefined) memory.pages.delete(oldest);
      }
      memory.pages.set(page, list);
    }
  }
}
