import { describe, expect, it } from 'vitest';
import { FeedCursors } from '../../server/domain/feedCursors';

const at = (ms: number) => new Date(ms);
const cursor = (id: number) => ({ at: at(id * 1000), id });

describe('FeedCursors', () => {
  it('starts a page from its own boundary, else the nearest earlier one, else the top', () => {
    const cursors = new FeedCursors();
    const now = at(0);
    expect(cursors.start('o', 5, now)).toEqual({ page: 1, cursor: undefined });
    cursors.record('o', 3, cursor(3), now, undefined, cursors.generation());
    expect(cursors.start('o', 3, now)).toEqual({ page: 3, cursor: cursor(3) });
    expect(cursors.start('o', 7, now)).toEqual({ page: 3, cursor: cursor(3) });
    expect(cursors.start('o', 2, now)).toEqual({ page: 1, cursor: undefined });
    expect(cursors.start('other', 3, now)).toEqual({ page: 1, cursor: undefined });
  });

  it('forgets everything on a write, and ignores boundaries read before it', () => {
    const cursors = new FeedCursors();
    const now = at(0);
    const before = cursors.generation();
    cursors.record('o', 2, cursor(2), now, undefined, before);
    cursors.invalidate();
    expect(cursors.start('o', 2, now).page).toBe(1);
    cursors.record('o', 2, cursor(2), now, undefined, before);
    expect(cursors.start('o', 2, now).page).toBe(1);
    cursors.record('o', 2, cursor(2), now, undefined, cursors.generation());
    expect(cursors.start('o', 2, now).page).toBe(2);
  });

  it('forgets an order when a scheduled post becomes visible, and after maxAgeMs', () => {
    const cursors = new FeedCursors({ maxAgeMs: 1000 });
    cursors.record('o', 2, cursor(2), at(0), at(500), cursors.generation());
    expect(cursors.start('o', 2, at(499)).page).toBe(2);
    expect(cursors.start('o', 2, at(500)).page).toBe(1);
    cursors.record('p', 2, cursor(2), at(0), undefined, cursors.generation());
    expect(cursors.has('p', at(1000))).toBe(true);
    expect(cursors.has('p', at(1001))).toBe(false);
  });

  it('keeps a bounded number of orders and pages', () => {
    const cursors = new FeedCursors({ maxOrders: 2, maxPagesPerOrder: 2 });
    const now = at(0);
    const generation = cursors.generation();
    for (const order of ['a', 'b', 'c'])
      cursors.record(order, 2, cursor(2), now, undefined, generation);
    expect(cursors.has('a', now)).toBe(false);
    expect(cursors.has('c', now)).toBe(true);
    for (const page of [2, 3, 4])
      cursors.record('c', page, cursor(page), now, undefined, generation);
    expect(cursors.start('c', 4, now).page).toBe(3);
  });
});
