import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { DropItem, MediaFile } from '../../../contract/posts';
import * as carousel from '../../../src/features/home/dropsCarouselMachine';
import { FakePromises, TestClock, type SpecState } from '../../support/pathHarness';
import { describePathsForInputs } from '../../support/pathsWithInputs';

/** The media a drop shows, as the carousel's items give it (0 for a drop not loaded). */
function mediaIndexOf(s: carousel.DropsCarouselSnapshot, dropId: number): number {
  const item = carousel
    .selectCarouselItems(s)
    .find((i) => i.kind === 'drop' && i.drop.id === dropId);
  return item?.kind === 'drop' ? item.mediaIndex : 0;
}

const INTRO = {
  kind: 'intro',
  key: 'intro',
  title: 'Drop Info',
  text: 'A Drop is a time limited post showing exclusive content for a charitable event or initiative.',
};

const media = (n: number): MediaFile[] =>
  Array.from({ length: n }, (_, i) => ({
    url: `/media/files/m${i}`,
    type: i === 1 ? ('video' as const) : ('image' as const),
    width: 1080,
    height: 1350,
  }));

function drop(id: number, mediaCount: number): DropItem {
  return {
    id,
    user: `charity_${id}`,
    userAvatarUrl: '',
    content: `Drop ${id}`,
    date: '2026-11-02T10:00:00.000Z',
    reactions: 0,
    media: media(mediaCount),
  };
}

/** A server with three drops (3 media, 1 media, 2 media): page 1 has them all, page 2 none. */
const SERVER = [drop(1, 3), drop(2, 1), drop(3, 2)];
const MEDIA_COUNT: Record<number, number> = { 1: 3, 2: 1, 3: 2 };
const failure = new Error('drops offline');
const START = { x: 200, y: 100 };

function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const { drops, page } = (snapshot as carousel.DropsCarouselSnapshot).context;
  // Page 1 has the three drops (or, another server, none at all); later pages are empty. At most
  // one restart: then only failures.
  const answers = drops.length >= 6 ? [] : page === 0 ? [SERVER, []] : [[]];
  const loads = [
    ...answers.map((output) => ({ type: 'xstate.done.actor.loadDropsPage', output })),
    { type: 'xstate.error.actor.loadDropsPage', error: failure },
  ];
  const loader = [...loads, { type: 'carousel.nearEnd' }, { type: 'retry' }];
  const navigation: carousel.DropsCarouselEvent[] = [
    { type: 'drop.next' },
    { type: 'drop.previous' },
    { type: 'drop.show', index: 2 },
    { type: 'drop.show', index: 99 },
    ...[1, 2, 99].flatMap((dropId) => [
      { type: 'media.next' as const, dropId },
      { type: 'media.previous' as const, dropId },
    ]),
    { type: 'swipe.start', ...START },
    // Not a swipe first: where a swipe changes nothing (the first or last drop shown) the
    // planner keeps one path for both.
    { type: 'swipe.end', x: 170 },
    { type: 'swipe.end', x: 120 },
    { type: 'swipe.end', x: 280, y: 110 },
  ];
  return [...loader, ...navigation];
}

const isDone = (e: AnyEventObject) => e.type.startsWith('xstate.done.actor.');
const isError = (e: AnyEventObject) => e.type.startsWith('xstate.error.actor.');
const outputOf = (e: AnyEventObject) => (e as { output?: DropItem[] }).output ?? [];

/**
 * What the carousel is doing, written from spec §4 Drops carousel and §9: a page of drops loads
 * at start and when scrolled near the end (the same page again after a failure, or Retry); drops
 * follow the ones shown; a fetch that returns nothing restarts from the beginning (page 1 again),
 * unless it was the first page; a touch is tracked until it ends or 300 ms have passed.
 */
interface Doing {
  loader: 'loading' | 'ready' | 'failed';
  /** Pages loaded since the start or the last restart. */
  pages: number;
  gesture: 'idle' | 'tracking';
}
const START_DOING: Doing = { loader: 'loading', pages: 0, gesture: 'idle' };
let doing = START_DOING;

function expectedDoing(now: Doing, event: AnyEventObject): Doing {
  const { loader, pages, gesture } = now;
  if (isDone(event) && loader === 'loading') {
    if (outputOf(event).length > 0) return { ...now, loader: 'ready', pages: pages + 1 };
    return pages === 0 ? { ...now, loader: 'ready' } : { ...now, pages: 0 };
  }
  if (isError(event) && loader === 'loading') return { ...now, loader: 'failed' };
  if (event.type === 'carousel.nearEnd' && loader !== 'loading') {
    return { ...now, loader: 'loading' };
  }
  if (event.type === 'retry' && loader === 'failed') return { ...now, loader: 'loading' };
  if (event.type === 'swipe.start') return { ...now, gesture: 'tracking' };
  if (
    (event.type === 'swipe.end' || event.type.startsWith('xstate.after.swipeWindow.')) &&
    gesture === 'tracking'
  ) {
    return { ...now, gesture: 'idle' };
  }
  return now;
}

/**
 * The spec's table of the carousel's states, two at once: loader — loading (busy, a page is
 * out), ready (the drops shown), failed (error, logged, the drops loaded stay) — and gesture —
 * idle, tracking (a touch, for at most 300 ms). The carousel never ends as a flow.
 */
const state = (): SpecState => ({
  value: { loader: doing.loader, gesture: doing.gesture },
  tags: { busy: doing.loader === 'loading', error: doing.loader === 'failed' },
  shown: doing,
});

await describePathsForInputs<{ logDropsError: ReturnType<typeof vi.fn> }, undefined>({
  machine: carousel.dropsCarouselMachine,
  inputs: [
    {
      name: 'the drops',
      input: undefined,
      paths: [
        {
          name: 'a swipe to the right shows the previous drop',
          events: [
            { type: 'xstate.done.actor.loadDropsPage', output: SERVER },
            { type: 'drop.next' },
            { type: 'drop.next' },
            { type: 'swipe.start', ...START },
            { type: 'swipe.end', x: 280, y: 110 },
          ],
        },
      ],
    },
  ],
  limit: 20_000,
  unhandled: true,
  build: () => {
    const promises = new FakePromises();
    const spies = { logDropsError: vi.fn() };
    const machine = carousel.dropsCarouselMachine.provide({
      actors: promises.actors('loadDropsPage'),
      actions: { logDropsError: (_, error) => spies.logDropsError(error) },
    });
    return { machine, promises, spies };
  },
  events,
  spec: {
    initial: () => {
      doing = START_DOING;
      return state();
    },
    after: state,
  },
  afterStep: ({ event, snapshot, previous, elapsedMs }, spies) => {
    const doingBefore = doing;
    doing = expectedDoing(doing, event);
    const s = snapshot as carousel.DropsCarouselSnapshot;
    const before = previous as carousel.DropsCarouselSnapshot;
    const items = carousel.selectCarouselItems(s);
    const count = items.length;
    const current = carousel.selectCurrentIndex(s);
    // The intro Drop is always first, with the spec's text.
    expect(items[0]).toEqual(INTRO);
    expect(current).toBeGreaterThanOrEqual(0);
    expect(current).toBeLessThan(count);
    expect(carousel.selectCanShowPrevious(s)).toBe(current > 0);
    expect(carousel.selectCanShowNext(s)).toBe(current < count - 1);

    if (isDone(event)) {
      const page = outputOf(event);
      const restarted = page.length === 0 && before.context.page > 0;
      // Drops follow the ones shown; an empty fetch restarts from page 1 (loading again),
      // unless the first page itself was empty.
      expect(s.context.drops).toEqual([...before.context.drops, ...page]);
      expect(carousel.selectDropsLoading(s)).toBe(restarted);
      if (restarted) expect(s.context.page).toBe(0);
    }
    if (isError(event)) {
      // Logged; what is loaded stays.
      expect(carousel.selectDropsFailed(s)).toBe(true);
      expect(s.context.drops).toBe(before.context.drops);
      expect(spies.logDropsError).toHaveBeenLastCalledWith(failure);
    }
    // Near the end or Retry loads only when no page is out (Retry only after a failure).
    expect(carousel.selectDropsLoading(s)).toBe(doing.loader === 'loading');
    expect(carousel.selectDropsFailed(s)).toBe(doing.loader === 'failed');
    const was = carousel.selectCurrentIndex(before);
    if (event.type === 'drop.next') expect(current).toBe(Math.min(was + 1, count - 1));
    if (event.type === 'drop.previous') expect(current).toBe(Math.max(was - 1, 0));
    if (event.type === 'drop.show') {
      expect(current).toBe(event.index < count ? event.index : was);
    }
    if (event.type === 'media.next' || event.type === 'media.previous') {
      const n = MEDIA_COUNT[event.dropId] ?? 0;
      const loaded = s.context.drops.some((d) => d.id === event.dropId);
      const old = mediaIndexOf(before, event.dropId);
      const step = event.type === 'media.next' ? 1 : -1;
      // The media index wraps: after the last comes the first, before the first the last.
      expect(mediaIndexOf(s, event.dropId)).toBe(loaded && n > 1 ? (old + step + n) % n : 0);
    }
    if (event.type === 'swipe.start') {
      expect(s.matches({ gesture: 'tracking' })).toBe(true);
    }
    if (event.type === 'swipe.end') {
      // Within 300 ms of the start: more than 50 px across shows the next or previous drop; with
      // no touch being tracked, the end of one changes nothing.
      expect(s.matches({ gesture: 'idle' })).toBe(true);
      const direction =
        doingBefore.gesture === 'tracking' &&
        carousel.swipeDirection(START, {
          x: event.x as number,
          y: event.y as number | undefined,
        });
      const expected =
        direction === 'next'
          ? Math.min(was + 1, count - 1)
          : direction === 'previous'
            ? Math.max(was - 1, 0)
            : was;
      expect(current).toBe(expected);
    }
    if (event.type === 'xstate.after.swipeWindow.dropsCarousel.gesture.tracking') {
      // Spec §9: after 300 ms the touch no longer counts as a swipe.
      expect(elapsedMs).toBe(300);
      expect(s.context.swipeStart).toBeNull();
      expect(current).toBe(was);
    }
  },
  afterPath: (plan, spies, promises) => {
    // The pages the carousel must ask for, in order: page 1, then the next page per trigger
    // that starts a load, the same page again after a failure, and page 1 again after an empty
    // fetch (restart). Replayed on the spec's model, not on the machine's snapshots.
    let now = START_DOING;
    const wanted = [1];
    for (const { event } of plan.steps) {
      const earlier = now;
      now = expectedDoing(now, event);
      if (isDone(event) && earlier.loader === 'loading' && now.loader === 'loading') wanted.push(1);
      if (earlier.loader !== 'loading' && now.loader === 'loading') wanted.push(now.pages + 1);
    }
    expect(promises.calls.map((c) => c.input)).toEqual(wanted.map(carousel.dropsPageRequest));
    expect(spies.logDropsError).toHaveBeenCalledTimes(
      plan.steps.filter((s) => isError(s.event)).length,
    );
  },
});

describe('dropsCarousel: swipes', () => {
  it('counts a touch as a swipe only beyond 50 px across', () => {
    expect(carousel.swipeDirection(START, { x: 150 })).toBeNull();
    expect(carousel.swipeDirection(START, { x: 149 })).toBe('next');
    expect(carousel.swipeDirection(START, { x: 250 })).toBeNull();
    expect(carousel.swipeDirection(START, { x: 251 })).toBe('previous');
    // More down than across: a scroll of the page, not a swipe.
    expect(carousel.swipeDirection(START, { x: 120, y: 200 })).toBeNull();
    expect(carousel.swipeDirection(START, { x: 120, y: 150 })).toBe('next');
  });

  it('shows the next drop for a quick swipe, and nothing for one slower than 300 ms', async () => {
    const clock = new TestClock();
    const promises = new FakePromises();
    const actor = createActor(
      carousel.dropsCarouselMachine.provide({
        actors: { loadDropsPage: promises.logic('loadDropsPage') },
        actions: { logDropsError: () => undefined },
      }),
      { clock },
    );
    actor.start();
    promises.settle('loadDropsPage', 'done', SERVER);
    await new Promise((r) => setTimeout(r, 0));

    actor.send({ type: 'swipe.start', x: 300, y: 50 });
    actor.send({ type: 'swipe.end', x: 240 });
    expect(carousel.selectCurrentIndex(actor.getSnapshot())).toBe(1);

    actor.send({ type: 'swipe.start', x: 300, y: 50 });
    expect(clock.advanceToNext()).toBe(300);
    actor.send({ type: 'swipe.end', x: 100 });
    expect(carousel.selectCurrentIndex(actor.getSnapshot())).toBe(1);

    actor.send({ type: 'swipe.start', x: 100, y: 50 });
    actor.send({ type: 'swipe.end', x: 160 });
    expect(carousel.selectCurrentIndex(actor.getSnapshot())).toBe(0);
    actor.stop();
  });
});

describe('dropsCarousel: loading and wrapping', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('loads 20 drops, and wraps to the first ones when the next page is empty', async () => {
    const server = Array.from({ length: 20 }, (_, i) => drop(i + 1, (i % 3) + 1));
    const requests: number[] = [];
    const actor = createActor(
      carousel.dropsCarouselMachine.provide({
        actors: {
          loadDropsPage: fromPromise(async ({ input }) => {
            const { page = 1, pageSize = 20 } = input;
            requests.push(page);
            return server.slice((page - 1) * pageSize, page * pageSize);
          }),
        },
        actions: { logDropsError: () => undefined },
      }),
    );
    actor.start();
    expect(carousel.selectCarouselItems(actor.getSnapshot())).toEqual([INTRO]);
    await flush();
    expect(carousel.selectCarouselItems(actor.getSnapshot())).toHaveLength(21);

    actor.send({ type: 'carousel.nearEnd' });
    // Scrolling on while the page loads asks for nothing more.
    actor.send({ type: 'carousel.nearEnd' });
    await flush();
    // Page 2 is empty: restart from page 1.
    await flush();
    expect(requests).toEqual([1, 2, 1]);
    const items = carousel.selectCarouselItems(actor.getSnapshot());
    expect(items).toHaveLength(41);
    expect(items[21]).toMatchObject({ kind: 'drop', drop: { id: 1 } });
    expect(new Set(items.map((i) => i.key)).size).toBe(41);
    actor.stop();
  });

  it("steps each drop's media round, and keeps the display list while nothing changes", async () => {
    const promises = new FakePromises();
    const actor = createActor(
      carousel.dropsCarouselMachine.provide({
        actors: { loadDropsPage: promises.logic('loadDropsPage') },
        actions: { logDropsError: () => undefined },
      }),
    );
    actor.start();
    promises.settle('loadDropsPage', 'done', SERVER);
    await flush();
    const first = carousel.selectCarouselItems(actor.getSnapshot());
    expect(carousel.selectCarouselItems(actor.getSnapshot())).toBe(first);
    const seen = [0, 1, 2, 3].map((i) => {
      if (i) actor.send({ type: 'media.next', dropId: 1 });
      return mediaIndexOf(actor.getSnapshot(), 1);
    });
    expect(seen).toEqual([0, 1, 2, 0]);
    actor.send({ type: 'media.previous', dropId: 3 });
    expect(mediaIndexOf(actor.getSnapshot(), 3)).toBe(1);
    expect(carousel.selectCarouselItems(actor.getSnapshot())).not.toBe(first);
    actor.stop();
  });
});
