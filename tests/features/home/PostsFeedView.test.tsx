import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedPost } from '../../../contract/posts';
import {
  FEED_SKELETON_CARDS,
  NEW_POST_NOTICE,
  PostsFeedView,
} from '../../../src/features/home/PostsFeedView';
import type { PostsFeedViewProps } from '../../../src/features/home/PostsFeedView';
import { feedPosts } from '../../views/samplePosts';
import {
  ITEM_HEIGHT,
  installVirtualDom,
  intersectionObservers,
  setVisible,
  uninstallVirtualDom,
} from '../../views/virtualDom';

const END_TEXT = "You've seen all the posts, thanks for your attention.";

beforeAll(installVirtualDom);
afterAll(uninstallVirtualDom);
beforeEach(() => {
  intersectionObservers.length = 0;
});

/** What the machine's selectors give an ended feed: its size and the end text (else -1, null). */
function ended({ status, posts }: Pick<PostsFeedViewProps, 'status' | 'posts'>) {
  return status === 'ended'
    ? { setSize: posts.length, endText: END_TEXT }
    : { setSize: -1, endText: null };
}

/** Renders the feed and lets the virtualiser measure (its observers report in microtasks). */
async function renderFeed(overrides: Partial<PostsFeedViewProps> = {}) {
  const props: PostsFeedViewProps = {
    posts: feedPosts(3),
    status: 'idle',
    setSize: -1,
    endText: null,
    onEndReached: vi.fn(),
    onRetry: vi.fn(),
    timeZone: 'UTC',
    ...overrides,
  };
  const utils = render(<PostsFeedView {...props} {...ended(props)} {...overrides} />);
  await act(async () => {});
  const rerender = async (next: Partial<PostsFeedViewProps>) => {
    const merged = { ...props, ...next };
    utils.rerender(<PostsFeedView {...merged} {...ended(merged)} {...next} />);
    await act(async () => {});
  };
  return { ...utils, props, rerender };
}

const feed = () => screen.getByRole('feed', { name: 'Posts' });
const cards = () => within(feed()).getAllByRole('article');
const lastCard = () => cards().at(-1) as HTMLElement;

describe('PostsFeedView: the WAI-ARIA feed pattern', () => {
  it('is a feed named by its heading, each card an article with its position and an unknown size', async () => {
    await renderFeed();
    expect(screen.getByRole('heading', { level: 2, name: 'Posts' })).toBeTruthy();
    expect(feed().getAttribute('aria-busy')).toBe('false');
    const articles = cards();
    expect(articles).toHaveLength(3);
    articles.forEach((article, index) => {
      expect(article.getAttribute('aria-posinset')).toBe(String(index + 1));
      expect(article.getAttribute('aria-setsize')).toBe('-1');
      expect(article.getAttribute('tabindex')).toBe('0');
    });
    expect(articles[0]?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Post by @user_2' })).toBe(articles[1]);
  });

  it('shows only the end text when the feed ended empty', async () => {
    await renderFeed({ posts: [], status: 'ended' });
    expect(screen.queryByRole('feed')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      "You've seen all the posts, thanks for your attention.",
    );
  });

  it('gives the total as aria-setsize once the feed ended, with the end text', async () => {
    await renderFeed({ status: 'ended' });
    cards().forEach((article) => expect(article.getAttribute('aria-setsize')).toBe('3'));
    expect(screen.getByRole('status').textContent).toBe(
      "You've seen all the posts, thanks for your attention.",
    );
  });

  it('is aria-busy with the loading indicator while a page loads', async () => {
    await renderFeed({ posts: [], status: 'loading' });
    expect(feed().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading, please wait...').closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    // The first page's place is held by hidden skeleton cards (nothing to read or press).
    const skeletons = document.querySelectorAll('section > [aria-hidden="true"]');
    expect(skeletons).toHaveLength(FEED_SKELETON_CARDS);
    expect(FEED_SKELETON_CARDS).toBeGreaterThan(0);
    expect(screen.queryByText("You've seen all the posts, thanks for your attention.")).toBeNull();
  });

  it('keeps the cards shown while the next page loads', async () => {
    await renderFeed({ status: 'loading' });
    expect(cards()).toHaveLength(3);
    expect(document.querySelectorAll('section > [aria-hidden="true"]')).toHaveLength(0);
    expect(feed().getAttribute('aria-busy')).toBe('true');
  });

  it("shows the error with a 'Try again' button that calls onRetry", async () => {
    const { props } = await renderFeed({ posts: [], status: 'error' });
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch posts');
    // A feed holds articles: an empty one is not shown.
    expect(screen.queryByRole('feed')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(props.onRetry).toHaveBeenCalledTimes(1);
  });

  it('renders only the cards near the viewport (virtualised), with their true positions', async () => {
    await renderFeed({ posts: feedPosts(50) });
    const shown = cards();
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.length).toBeLessThan(20);
    expect(shown[0]?.getAttribute('aria-posinset')).toBe('1');
    expect(screen.queryByRole('article', { name: 'Post by @user_50' })).toBeNull();
  });

  it('keeps the first card mounted when the page is scrolled far past it', async () => {
    await renderFeed({ posts: feedPosts(50) });
    let scrollTop = 0;
    Object.defineProperty(document.documentElement, 'scrollTop', {
      configurable: true,
      get: () => scrollTop,
    });
    try {
      scrollTop = 40 * ITEM_HEIGHT;
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
      });
      const positions = cards().map((card) => Number(card.getAttribute('aria-posinset')));
      expect(positions[0]).toBe(1);
      expect(positions).toContain(42);
      expect(positions).not.toContain(10);
      expect(positions.length).toBeLessThan(20);
    } finally {
      delete (document.documentElement as { scrollTop?: number }).scrollTop;
    }
  });

  it('marks the highlighted (new) post', async () => {
    await renderFeed({ highlightGuid: 'guid-2' });
    expect(within(cards()[1] as HTMLElement).getByText('New')).toBeTruthy();
    expect(within(cards()[0] as HTMLElement).queryByText('New')).toBeNull();
  });

  it('scrolls the new post into view, focuses it and announces it once it is first', async () => {
    const scrolled: Element[] = [];
    // jsdom lays nothing out and has no scrollIntoView: a stand-in records the calls.
    const proto = HTMLElement.prototype as { scrollIntoView?: unknown };
    const had = proto.scrollIntoView;
    proto.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this);
    };
    try {
      const live = () =>
        screen
          .getByRole('heading', { name: 'Posts' })
          .parentElement?.querySelector('[aria-live="polite"]');
      // Still loading: nothing to focus yet.
      const { rerender } = await renderFeed({
        posts: [],
        status: 'loading',
        highlightGuid: 'guid-1',
      });
      expect(live()?.textContent).toBe('');
      await rerender({ posts: feedPosts(3), status: 'idle' });
      const first = cards()[0] as HTMLElement;
      expect(first.getAttribute('data-guid')).toBe('guid-1');
      expect(document.activeElement).toBe(first);
      expect(scrolled).toEqual([first]);
      expect(live()?.textContent).toBe(NEW_POST_NOTICE);
      // Once: a later page does not take the focus back.
      (cards()[2] as HTMLElement).focus();
      await rerender({ posts: feedPosts(5), status: 'idle' });
      expect(document.activeElement).toBe(cards()[2]);
      expect(scrolled).toHaveLength(1);
    } finally {
      proto.scrollIntoView = had;
    }
  });

  it('leaves the focus alone when the highlighted post is not first, or there is none', async () => {
    await renderFeed({ highlightGuid: 'guid-2' });
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus between cards with Page Down and Page Up', async () => {
    await renderFeed();
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    first.focus();
    fireEvent.keyDown(first, { key: 'PageDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'PageUp' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'PageUp' });
    expect(document.activeElement).toBe(first);
  });
});

describe('PostsFeedView: the next page when the last card becomes visible', () => {
  it('calls onEndReached once, with the number of posts, when the last card shows', async () => {
    const { props } = await renderFeed();
    expect(props.onEndReached).not.toHaveBeenCalled();
    setVisible(lastCard(), false);
    expect(props.onEndReached).not.toHaveBeenCalled();
    setVisible(lastCard(), true);
    expect(props.onEndReached).toHaveBeenCalledTimes(1);
    expect(props.onEndReached).toHaveBeenCalledWith(3);
    setVisible(lastCard(), true);
    expect(props.onEndReached).toHaveBeenCalledTimes(1);
  });

  it('does not call it again for the same last card (re-rendered, or scrolled out and back)', async () => {
    const onEndReached = vi.fn();
    const posts = feedPosts(3);
    const { rerender } = await renderFeed({ posts, onEndReached });
    setVisible(lastCard(), true);
    await rerender({ posts: [...posts], onEndReached: vi.fn() });
    await rerender({ posts, status: 'idle', onEndReached });
    setVisible(lastCard(), true);
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });

  it('calls it again for a new last card after the next page arrived', async () => {
    const onEndReached = vi.fn();
    const first: FeedPost[] = feedPosts(3);
    const { rerender } = await renderFeed({ posts: first, onEndReached });
    setVisible(lastCard(), true);
    await rerender({ posts: first, status: 'loading', onEndReached });
    await rerender({ posts: [...first, ...feedPosts(2, 4)], status: 'idle', onEndReached });
    expect(lastCard().getAttribute('aria-posinset')).toBe('5');
    setVisible(lastCard(), true);
    expect(onEndReached).toHaveBeenCalledTimes(2);
    expect(onEndReached).toHaveBeenLastCalledWith(5);
  });

  it.each(['loading', 'ended', 'error'] as const)('does not call it while %s', async (status) => {
    const { props } = await renderFeed({ status });
    setVisible(lastCard(), true);
    expect(props.onEndReached).not.toHaveBeenCalled();
  });

  it('calls it when the feed turns idle with its last card in view', async () => {
    const onEndReached = vi.fn();
    const posts = feedPosts(3);
    const { rerender } = await renderFeed({ posts, status: 'loading', onEndReached });
    await rerender({ posts, status: 'idle', onEndReached });
    setVisible(lastCard(), true);
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });
});

describe('PostsFeedView without ResizeObserver', () => {
  it('falls back to a plain list of every card', async () => {
    uninstallVirtualDom();
    try {
      render(
        <PostsFeedView
          posts={feedPosts(30)}
          status="ended"
          setSize={30}
          endText={END_TEXT}
          onEndReached={vi.fn()}
          onRetry={vi.fn()}
          timeZone="UTC"
        />,
      );
      expect(cards()).toHaveLength(30);
      expect(cards()[29]?.getAttribute('aria-setsize')).toBe('30');
    } finally {
      installVirtualDom();
    }
  });
});
