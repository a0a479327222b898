import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { FeedPost } from '../../../contract/posts';
import {
  feedPageRequest,
  postsFeedMachine,
  selectFeedEndText,
  selectFeedPosts,
  selectFeedSetSize,
  selectFeedStatus,
  type PostsFeedInput,
  type PostsFeedSnapshot,
} from '../../../src/features/home/postsFeedMachine';
import { FakePromises, type SpecState } from '../../support/pathHarness';
import { describePathsForInputs } from '../../support/pathsWithInputs';

const END = "You've seen all the posts, thanks for your attention.";
const NEW_GUID = 'guid-of-the-new-post';

function post(id: number): FeedPost {
  return {
    id,
    guid: `guid-${id}`,
    userHandle: `author_${id}`,
    userAvatarUrl: '',
    message: `Post number ${id} #giving`,
    link: '',
    postFileUrls: [],
    postFiles: [],
    publishedDate: '2026-11-02T10:15:00.000Z',
  };
}

/** The posts of page `page` of a server: `count` of them, never shown on another page. */
const pageOf = (page: number, count: number) =>
  Array.from({ length: count }, (_, i) => post((page - 1) * 20 + i + 1));

const failure = new Error('feed offline');

/** What the feed's server can answer for the page being loaded (at most 3 pages deep). */
function events(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const { posts, pagesLoaded } = (snapshot as PostsFeedSnapshot).context;
  const page = pagesLoaded + 1;
  const answers = [...(pagesLoaded < 2 ? [pageOf(page, 20)] : []), pageOf(page, 7), []];
  return [
    ...answers.map((output) => ({ type: 'xstate.done.actor.loadPostsPage', output })),
    { type: 'xstate.error.actor.loadPostsPage', error: failure },
    { type: 'feed.endReached', postCount: posts.length },
    // A trigger from before the last page loaded (a page already requested).
    ...(posts.length >= 20 ? [{ type: 'feed.endReached', postCount: posts.length - 20 }] : []),
    { type: 'retry' },
  ];
}

const isFetchDone = (e: AnyEventObject) => /^xstate\.done\.actor\.load/.test(e.type);
const isFetchError = (e: AnyEventObject) => /^xstate\.error\.actor\.load/.test(e.type);

/**
 * What the feed shows, written from spec §4 Posts feed: a page loads at start; a full page (20)
 * means more may follow, a shorter one is the end; a failure keeps the posts shown, with a way to
 * retry; the last card becoming visible (a trigger for the posts as shown) loads the next page,
 * and nothing loads while a page is loading, after the end or after a failure.
 */
interface Shown {
  phase: 'loading' | 'ready' | 'ended' | 'failed';
  /** How many posts are shown. */
  posts: number;
}
const START: Shown = { phase: 'loading', posts: 0 };
let shown = START;
const STATUS = { loading: 'loading', ready: 'idle', ended: 'ended', failed: 'error' } as const;

function expected(now: Shown, event: AnyEventObject): Shown {
  const { phase, posts } = now;
  if (isFetchDone(event) && phase === 'loading') {
    const page = (event as { output?: FeedPost[] }).output ?? [];
    return { phase: page.length < 20 ? 'ended' : 'ready', posts: posts + page.length };
  }
  if (isFetchError(event) && phase === 'loading') return { ...now, phase: 'failed' };
  if (event.type === 'feed.endReached' && phase === 'ready' && event.postCount === posts) {
    return { ...now, phase: 'loading' };
  }
  if (event.type === 'retry' && phase === 'failed') return { ...now, phase: 'loading' };
  return now;
}

/**
 * The spec's table of the feed's states: loading (busy, a page is out), ready (the posts, more
 * may follow), ended ('You've seen all the posts…'), failed (error, logged, 'Try again'). The
 * feed never ends as a flow.
 */
const state = (): SpecState => ({
  value: shown.phase,
  tags: { busy: shown.phase === 'loading', error: shown.phase === 'failed' },
  shown,
});

await describePathsForInputs<{ logFeedError: ReturnType<typeof vi.fn> }, PostsFeedInput>({
  machine: postsFeedMachine,
  inputs: [
    { name: 'a new post to show first', input: { showFirstGuid: NEW_GUID } },
    { name: 'no new post', input: { showFirstGuid: null } },
  ],
  build: () => {
    const promises = new FakePromises();
    const spies = { logFeedError: vi.fn() };
    const machine = postsFeedMachine.provide({
      actors: promises.actors('loadPostsPage'),
      actions: { logFeedError: (_, error) => spies.logFeedError(error) },
    });
    return { machine, promises, spies };
  },
  events,
  unhandled: true,
  spec: {
    initial: () => {
      shown = START;
      return state();
    },
    after: state,
  },
  afterStep: ({ event, snapshot, previous }, spies) => {
    const s = snapshot as PostsFeedSnapshot;
    const before = previous as PostsFeedSnapshot;
    const posts = selectFeedPosts(s);
    const earlier = shown;
    shown = expected(shown, event);
    // Loading (a page is out), idle (more may follow), ended, error (with a way to retry).
    expect(selectFeedStatus(s)).toBe(STATUS[shown.phase]);
    // An event the spec gives no effect here (a stale trigger, Retry with nothing failed, a
    // trigger while a page loads or after the end) changes nothing.
    if (shown === earlier) expect(s.value).toEqual(before.value);
    expect(posts).toHaveLength(shown.posts);
    if (isFetchDone(event)) {
      // The page is added below the posts already shown.
      const page = (event as { output?: FeedPost[] }).output ?? [];
      expect(posts).toEqual([...selectFeedPosts(before), ...page]);
      // Fewer than 20: the end, with the spec's text; the feed's size is known.
      const last = page.length < 20;
      expect(selectFeedStatus(s)).toBe(last ? 'ended' : 'idle');
      expect(selectFeedEndText(s)).toBe(last ? END : null);
      expect(selectFeedSetSize(s)).toBe(last ? posts.length : -1);
    }
    if (isFetchError(event)) {
      // Logged; the list stays as it was (empty for the first page), with a way to retry.
      expect(selectFeedStatus(s)).toBe('error');
      expect(posts).toBe(selectFeedPosts(before));
      expect(spies.logFeedError).toHaveBeenLastCalledWith(failure);
      expect(selectFeedEndText(s)).toBeNull();
    }
  },
  afterPath: (plan, spies, promises, input) => {
    // One call per load: at start, then per accepted trigger or retry — never twice for one
    // trigger.
    // Replayed on the spec's model, not on the machine's snapshots.
    let now = START;
    let triggers = 0;
    for (const { event } of plan.steps) {
      const earlier = now;
      now = expected(now, event);
      if (earlier.phase !== 'loading' && now.phase === 'loading') triggers += 1;
    }
    expect(promises.calls).toHaveLength(1 + triggers);
    // The first call asks for page 1; each next one for the next page, or the same page again
    // after a failure.
    let previousPage = 0;
    for (const call of promises.calls) {
      const { page } = call.input as { page: number };
      expect([previousPage, previousPage + 1]).toContain(page);
      expect(page).toBeGreaterThanOrEqual(1);
      previousPage = page;
      expect(call.input).toEqual(feedPageRequest(page, input.showFirstGuid));
    }
    expect(spies.logFeedError).toHaveBeenCalledTimes(
      plan.steps.filter((s) => isFetchError(s.event)).length,
    );
  },
});

describe('postsFeed: the page request', () => {
  it("sends the spec's call shape, showFirstGuid included: the new post's on page 1, else empty", () => {
    const shape = {
      page: 1,
      pageSize: 20,
      sortBy: 'CreatedDate',
      sortByDescending: true,
      getTotalCount: false,
    };
    expect(feedPageRequest(1, NEW_GUID)).toEqual({ ...shape, showFirstGuid: NEW_GUID });
    expect(feedPageRequest(2, NEW_GUID)).toEqual({ ...shape, page: 2, showFirstGuid: '' });
    expect(feedPageRequest(1, null)).toEqual({ ...shape, showFirstGuid: '' });
  });
});

describe('postsFeed: scrolling', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('loads each page once, however often the last card is reported', async () => {
    const promises = new FakePromises();
    const actor = createActor(
      postsFeedMachine.provide({
        actors: { loadPostsPage: promises.logic('loadPostsPage') },
        actions: { logFeedError: () => undefined },
      }),
      { input: { showFirstGuid: null } },
    );
    actor.start();
    // The last card is seen while page 1 is still loading: nothing more loads.
    actor.send({ type: 'feed.endReached', postCount: 0 });
    expect(promises.calls).toHaveLength(1);
    promises.settle('loadPostsPage', 'done', pageOf(1, 20));
    await flush();

    actor.send({ type: 'feed.endReached', postCount: 20 });
    actor.send({ type: 'feed.endReached', postCount: 20 });
    expect(promises.calls.map((c) => (c.input as { page: number }).page)).toEqual([1, 2]);
    promises.settle('loadPostsPage', 'done', pageOf(2, 20));
    await flush();
    // The same trigger again, late (for page 2, already loaded): ignored.
    actor.send({ type: 'feed.endReached', postCount: 20 });
    expect(promises.calls).toHaveLength(2);
    actor.send({ type: 'feed.endReached', postCount: 40 });
    expect(promises.calls.map((c) => (c.input as { page: number }).page)).toEqual([1, 2, 3]);
    promises.settle('loadPostsPage', 'done', pageOf(3, 3));
    await flush();
    expect(selectFeedPosts(actor.getSnapshot())).toHaveLength(43);
    expect(selectFeedEndText(actor.getSnapshot())).toBe(END);
    actor.send({ type: 'feed.endReached', postCount: 43 });
    expect(promises.calls).toHaveLength(3);
    actor.stop();
  });

  it('shows the new post first and once, even when a later page repeats it', async () => {
    const promises = new FakePromises();
    const actor = createActor(
      postsFeedMachine.provide({
        actors: { loadPostsPage: promises.logic('loadPostsPage') },
        actions: { logFeedError: () => undefined },
      }),
      { input: { showFirstGuid: 'guid-30' } },
    );
    actor.start();
    expect(promises.calls[0]?.input).toMatchObject({ page: 1, showFirstGuid: 'guid-30' });
    promises.settle('loadPostsPage', 'done', [post(30), ...pageOf(1, 19)]);
    await flush();
    actor.send({ type: 'feed.endReached', postCount: 20 });
    expect(promises.calls[1]?.input).toMatchObject({ page: 2, showFirstGuid: '' });
    promises.settle('loadPostsPage', 'done', pageOf(2, 20));
    await flush();
    const ids = selectFeedPosts(actor.getSnapshot()).map((p) => p.id);
    expect(ids[0]).toBe(30);
    expect(ids.filter((id) => id === 30)).toHaveLength(1);
    expect(ids).toHaveLength(39);
    actor.stop();
  });

  it('keeps the loaded posts when a later page fails, and loads that page again on retry', async () => {
    const promises = new FakePromises();
    const logged: unknown[] = [];
    const actor = createActor(
      postsFeedMachine.provide({
        actors: { loadPostsPage: promises.logic('loadPostsPage') },
        actions: { logFeedError: (_, error) => logged.push(error) },
      }),
      { input: { showFirstGuid: null } },
    );
    actor.start();
    promises.settle('loadPostsPage', 'done', pageOf(1, 20));
    await flush();
    actor.send({ type: 'feed.endReached', postCount: 20 });
    promises.settle('loadPostsPage', 'error', failure);
    await flush();
    expect(selectFeedStatus(actor.getSnapshot())).toBe('error');
    expect(selectFeedPosts(actor.getSnapshot())).toHaveLength(20);
    expect(logged).toEqual([failure]);
    actor.send({ type: 'retry' });
    expect(promises.calls.map((c) => (c.input as { page: number }).page)).toEqual([1, 2, 2]);
    actor.stop();
  });
});
