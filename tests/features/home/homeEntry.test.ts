import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ResponseStatus } from '../../../contract/enums';
import homeEntry from '../../../src/features/home/index';
import { selectCarouselItems } from '../../../src/features/home/dropsCarouselMachine';
import { selectFeedPosts } from '../../../src/features/home/postsFeedMachine';
import type { FlowServices } from '../../../src/shared/flow';
import { configuration } from '../../support/fixtures';

/**
 * Spec §2.3 Landing: a signed-in person gets the carousel and the feed from the API; a visitor
 * the same layout with sample data (20 drops, 50 posts), after the fake delays of spec §9
 * (posts 500 ms, drops 300 ms). The choice is the provided page loader, made when the flow starts.
 */
function services() {
  const post = vi.fn(async (path: string) => ({
    status: ResponseStatus.Ok,
    messages: [],
    data: { list: path === 'posts/feedList' ? [] : [] },
  }));
  const value = {
    http: { post, hasToken: () => true },
    configuration: () => configuration,
    logError: vi.fn(),
  } as unknown as FlowServices;
  return { value, post };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the home flow', () => {
  it('gives a visitor the sample posts and drops after the fake delays, and never calls the API', async () => {
    vi.useFakeTimers();
    const { value, post } = services();
    const actors = homeEntry(value).start({ showFirstGuid: null }, { signedIn: false });
    const feed = createActor(actors.postsFeed.logic, { input: actors.postsFeed.input }).start();
    const carousel = createActor(actors.dropsCarousel.logic).start();

    await vi.advanceTimersByTimeAsync(299);
    expect(selectCarouselItems(carousel.getSnapshot())).toHaveLength(1); // the intro drop only
    await vi.advanceTimersByTimeAsync(1);
    expect(selectCarouselItems(carousel.getSnapshot())).toHaveLength(21);
    await vi.advanceTimersByTimeAsync(199);
    expect(selectFeedPosts(feed.getSnapshot())).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectFeedPosts(feed.getSnapshot())).toHaveLength(20);
    // The next pages (20, then the last 10), each after the same delay.
    feed.send({ type: 'feed.endReached', postCount: 20 });
    await vi.advanceTimersByTimeAsync(500);
    feed.send({ type: 'feed.endReached', postCount: 40 });
    await vi.advanceTimersByTimeAsync(500);
    expect(selectFeedPosts(feed.getSnapshot())).toHaveLength(50);
    expect(feed.getSnapshot().matches('ended')).toBe(true);
    expect(post).not.toHaveBeenCalled();
    feed.stop();
    carousel.stop();
  });

  it('gives a signed-in person the API feed, with the new post first', async () => {
    const { value, post } = services();
    const actors = homeEntry(value).start({ showFirstGuid: 'guid-1' }, { signedIn: true });
    const feed = createActor(actors.postsFeed.logic, { input: actors.postsFeed.input }).start();
    const carousel = createActor(actors.dropsCarousel.logic).start();
    await waitFor(feed, (s) => !s.hasTag('busy'));
    expect(post).toHaveBeenCalledWith(
      'posts/feedList',
      expect.anything(),
      expect.objectContaining({ page: 1, showFirstGuid: 'guid-1' }),
      expect.anything(),
    );
    expect(post).toHaveBeenCalledWith(
      'drops/feedList',
      expect.anything(),
      expect.objectContaining({ page: 1 }),
      expect.anything(),
    );
    feed.stop();
    carousel.stop();
  });
});
