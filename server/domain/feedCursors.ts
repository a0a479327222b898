/**
 * Page numbers translated to keyset cursors. The feed answers the spec's page/pageSize requests,
 * but reading page n with OFFSET costs n pages of index entries. Instead, every page served
 * remembers where the next page starts (the sort value and id of its last post); page n is read
 * from the boundary of page n (or, the first time, from the nearest known earlier boundary plus
 * an offset of the pages in between). Scrolling down the feed therefore costs one indexed page
 * per request at any depth.
 *
 * Boundaries are only valid while the feed's order is unchanged: every write to the posts
 * (`invalidate`), the moment a scheduled post becomes visible (`validUntil`), and `maxAgeMs` (a
 * write by another server process on the same PostgreSQL) start afresh.
 */

/** Where a page starts: just after the post with this sort value and id. */
export interface FeedCursor {
  at: Date;
  id: number;
}

export interface FeedCursorsOptions {
  /** Boundaries older than this are forgotten (default 60 s). */
  maxAgeMs?: number;
  /** Orders (sort, direction, page size) remembered at once (default 16). */
  maxOrders?: number;
  /** Boundaries kept per order (default 100,000 pages). */
  maxPagesPerOrder?: number;
}

class OrderBoundaries {
  readonly pages = new Map<number, FeedCursor>();

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

export class FeedCursors {
  private orders = new Map<string, OrderBoundaries>();
  private version = 0;
  private readonly maxAgeMs: number;
  private readonly maxOrders: number;
  private readonly maxPagesPerOrder: number;

  constructor(options: FeedCursorsOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxOrders = options.maxOrders ?? 16;
    this.maxPagesPerOrder = options.maxPagesPerOrder ?? 100_000;
  }

  /** The feed changed: forget every boundary. */
  invalidate(): void {
    this.orders.clear();
    this.version += 1;
  }

  private current(order: string, now: number): OrderBoundaries | undefined {
    const boundaries = this.orders.get(order);
    if (boundaries === undefined) return undefined;
    const expired =
      now - boundaries.createdAt > this.maxAgeMs ||
      (boundaries.validUntil !== undefined && now >= boundaries.validUntil);
    if (!expired) return boundaries;
    this.orders.delete(order);
    return undefined;
  }

  /** Where to start reading `page`: its own boundary, the nearest earlier one, or the top. */
  start(order: string, page: number, now: Date): FeedStart {
    const boundaries = this.current(order, now.getTime());
    if (boundaries !== undefined) {
      for (let candidate = page; candidate > 1; candidate -= 1) {
        const cursor = boundaries.pages.get(candidate);
        if (cursor !== undefined) return { page: candidate, cursor };
      }
    }
    return { page: 1, cursor: undefined };
  }

  /** Whether boundaries of `order` are known (no need to look up validUntil again). */
  has(order: string, now: Date): boolean {
    return this.current(order, now.getTime()) !== undefined;
  }

  /**
   * Remembers that `page` starts after `cursor`. `validUntil` is asked only when the order has
   * no boundaries yet; `generation` is {@link generation} when the caller started reading, so a
   * boundary read before an invalidation is not kept.
   */
  record(
    order: string,
    page: number,
    cursor: FeedCursor,
    now: Date,
    validUntil: Date | undefined,
    generation: number,
  ): void {
    if (generation !== this.version) return;
    let boundaries = this.current(order, now.getTime());
    if (boundaries === undefined) {
      if (this.orders.size >= this.maxOrders) {
        const oldest = this.orders.keys().next().value;
        if (oldest !== undefined) this.orders.delete(oldest);
      }
      boundaries = new OrderBoundaries(now.getTime(), validUntil?.getTime());
      this.orders.set(order, boundaries);
    }
    if (boundaries.pages.size < this.maxPagesPerOrder || boundaries.pages.has(page)) {
      boundaries.pages.set(page, cursor);
    }
  }

  /** The current generation of boundaries, to hand back to {@link record}. */
  generation(): number {
    return this.version;
  }
}
