import { describe, expect, it } from 'vitest';
import { FeedPages } from '../../server/features/posts/feedPages';
import { FakeNotices } from './support/fakeNotices';

const at = (ms: number) => new Date(ms);
const cursor = (id: number) => ({ at: at(id * 1000), id });
const boundary = (page: number) => ({
  boundaries: [[page, cursor(page)] as [number, ReturnType<typeof cursor>]],
});

describe('FeedPages', () => {
  it('starts a page from its own boundary, else the nearest earlier one, else the top', () => {
    const pages = new FeedPages<string>();
    const now = at(0);
    expect(pages.start('o', 5, now)).toEqual({ page: 1, cursor: undefined });
    pages.remember('o', now, undefined, pages.generation(), boundary(3));
    expect(pages.start('o', 3, now)).toEqual({ page: 3, cursor: cursor(3) });
    expect(pages.start('o', 7, now)).toEqual({ page: 3, cursor: cursor(3) });
    expect(pages.start('o', 2, now)).toEqual({ page: 1, cursor: undefined });
    expect(pages.start('other', 3, now)).toEqual({ page: 1, cursor: undefined });
  });

  it('remembers pages', () => {
    const pages = new FeedPages<string>();
    const now = at(0);
    expect(pages.page('o', 1, now)).toBeUndefined();
    pages.remember('o', now, undefined, pages.generation(), { boundaries: [], page: [1, ['a']] });
    expect(pages.page('o', 1, now)).toEqual(['a']);
    expect(pages.page('o', 2, now)).toBeUndefined();
  });

  it('forgets everything on a write, and ignores what was read before it', () => {
    const pages = new FeedPages<string>();
    const now = at(0);
    const before = pages.generation();
    pages.remember('o', now, undefined, before, { ...boundary(2), page: [1, ['a']] });
    pages.invalidate();
    expect(pages.start('o', 2, now).page).toBe(1);
    expect(pages.page('o', 1, now)).toBeUndefined();
    pages.remember('o', now, undefined, before, { ...boundary(2), page: [1, ['a']] });
    expect(pages.start('o', 2, now).page).toBe(1);
    expect(pages.page('o', 1, now)).toBeUndefined();
    pages.remember('o', now, undefined, pages.generation(), boundary(2));
    expect(pages.start('o', 2, now).page).toBe(2);
  });

  it('forgets an order when a scheduled post becomes visible, and after maxAgeMs', () => {
    const pages = new FeedPages<string>({ maxAgeMs: 1000 });
    pages.remember('o', at(0), at(500), pages.generation(), { ...boundary(2), page: [1, ['a']] });
    expect(pages.start('o', 2, at(499)).page).toBe(2);
    expect(pages.page('o', 1, at(499))).toEqual(['a']);
    expect(pages.page('o', 1, at(500))).toBeUndefined();
    expect(pages.start('o', 2, at(500)).page).toBe(1);
    pages.remember('p', at(0), undefined, pages.generation(), boundary(2));
    expect(pages.has('p', at(1000))).toBe(true);
    expect(pages.has('p', at(1001))).toBe(false);
  });

  it('keeps a bounded number of orders, boundaries and pages', () => {
    const pages = new FeedPages<string>({
      maxOrders: 2,
      maxBoundariesPerOrder: 2,
      maxPagesPerOrder: 2,
    });
    const now = at(0);
    const generation = pages.generation();
    for (const order of ['a', 'b', 'c'])
      pages.remember(order, now, undefined, generation, boundary(2));
    expect(pages.has('a', now)).toBe(false);
    expect(pages.has('c', now)).toBe(true);
    for (const page of [2, 3, 4]) {
      pages.remember('c', now, undefined, generation, {
        ...boundary(page),
        page: [page, [`${page}`]],
      });
    }
    expect(pages.start('c', 4, now).page).toBe(3);
    expect(pages.page('c', 2, now)).toBeUndefined();
    expect(pages.page('c', 4, now)).toEqual(['4']);
  });

  it('keeps no page with maxPagesPerOrder 0', () => {
    const pages = new FeedPages<string>({ maxPagesPerOrder: 0 });
    pages.remember('o', at(0), undefined, pages.generation(), { ...boundary(2), page: [1, ['a']] });
    expect(pages.page('o', 1, at(0))).toBeUndefined();
    expect(pages.start('o', 2, at(0)).page).toBe(2);
  });
});

describe('FeedPages following the notices of other processes', () => {
  const remembered = (pages: FeedPages<string>) => {
    pages.remember('o', at(0), undefined, pages.generation(), { ...boundary(2), page: [1, ['a']] });
  };

  it('forgets everything on a notice of a write to the posts, and on a gap', () => {
    const pages = new FeedPages<string>();
    const notices = new FakeNotices();
    pages.follow(notices);
    remembered(pages);
    notices.notify('feed');
    expect(pages.page('o', 1, at(0))).toBeUndefined();
    remembered(pages);
    notices.notify('sessions', 'x');
    expect(pages.page('o', 1, at(0))).toEqual(['a']);
    notices.gap();
    expect(pages.page('o', 1, at(0))).toBeUndefined();
  });

  it('catches up with the notices on their way before its memory is used', async () => {
    const pages = new FeedPages<string>();
    const notices = new FakeNotices();
    pages.follow(notices);
    remembered(pages);
    await pages.catchUp('o', 1, at(0));
    expect(pages.page('o', 1, at(0))).toEqual(['a']);
    notices.send('feed');
    await pages.catchUp('o', 1, at(0));
    expect(pages.page('o', 1, at(0))).toBeUndefined();
    remembered(pages);
    notices.send('feed');
    await pages.catchUp('o', 3, at(0));
    expect(pages.start('o', 3, at(0)).page).toBe(1);
  });

  it('asks nothing when it would use nothing it remembers', async () => {
    const pages = new FeedPages<string>();
    const notices = new FakeNotices();
    pages.follow(notices);
    await pages.catchUp('o', 1, at(0));
    await pages.catchUp('o', 2, at(0));
    expect(notices.catchUps).toBe(0);
    pages.remember('o', at(0), undefined, pages.generation(), boundary(3));
    await pages.catchUp('other', 3, at(0));
    await pages.catchUp('o', 1, at(0));
    await pages.catchUp('o', 2, at(0));
    expect(notices.catchUps).toBe(0);
    await pages.catchUp('o', 3, at(0));
    await pages.catchUp('o', 4, at(0));
    expect(notices.catchUps).toBe(2);
    remembered(pages);
    await pages.catchUp('o', 1, at(0));
    expect(notices.catchUps).toBe(3);
  });

  it('uses no memory while notices may be missed', async () => {
    const pages = new FeedPages<string>();
    const notices = new FakeNotices();
    pages.follow(notices);
    notices.listening = false;
    remembered(pages);
    await pages.catchUp('o', 1, at(0));
    expect(pages.page('o', 1, at(0))).toBeUndefined();
  });
});
