import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failedCall } from '../../machines/callFactory';
import { FEED_PAGE_SIZE, type FeedListRequest, type FeedPost } from '../../../contract/posts';
import { notProvided } from '../../machines/notProvided';

/** Spec §9: feed page size 20. */
export const POSTS_FEED_PAGE_SIZE = FEED_PAGE_SIZE;

export const postsFeedTexts = {
  /** Spec §4 Posts feed: shown once a page returns fewer than the page size. */
  end: "You've seen all the posts, thanks for your attention.",
  /** Ours: the spec says only that feed errors are logged (the log message, and the notice). */
  loadFailed: 'Failed to fetch posts',
  retry: 'Try again',
} as const;

export interface PostsFeedInput {
  /** The `new` query parameter: the post that leads the first page (just created). */
  showFirstGuid: string | null;
}

export interface PostsFeedContext {
  showFirstGuid: string | null;
  /** The posts loaded so far, in feed order, each once. */
  posts: FeedPost[];
  /** How many pages have loaded; the next request is for page `pagesLoaded + 1`. */
  pagesLoaded: number;
}

export type PostsFeedEvent =
  /**
   * The last card became visible. `postCount` is the number of posts the view showed then: a
   * trigger for a list that has since grown (a page already requested) is ignored.
   */
  { type: 'feed.endReached'; postCount: number } | { type: 'retry' };

/**
 * The feedList request for a page (spec §7.2: page, pageSize 20, sortBy CreatedDate,
 * sortByDescending true, getTotalCount false, showFirstGuid): showFirstGuid is in every request,
 * the new post's guid with page 1 and empty otherwise (no post to lead).
 */
export function feedPageRequest(page: number, showFirstGuid: string | null): FeedListRequest {
  return {
    page,
    pageSize: POSTS_FEED_PAGE_SIZE,
    sortBy: 'CreatedDate',
    sortByDescending: true,
    getTotalCount: false,
    showFirstGuid: page === 1 ? (showFirstGuid ?? '') : '',
  };
}

/** The loaded posts followed by a page's, leaving out any already shown (e.g. the one shown first). */
export function appendPosts(posts: FeedPost[], page: FeedPost[]): FeedPost[] {
  const shown = new Set(posts.map((p) => p.id));
  return [...posts, ...page.filter((p) => !shown.has(p.id))];
}

export const postsFeedMachine = setup({
  types: {
    context: {} as PostsFeedContext,
    events: {} as PostsFeedEvent,
    input: {} as PostsFeedInput,
  },
  actors: {
    /**
     * A page's posts: POST /posts/feedList (data.list) for a signed-in person; for a visitor, the
     * composition root provides the sample posts instead (spec §2.3 Landing).
     */
    loadPostsPage: fromPromise<FeedPost[], FeedListRequest>(async () =>
      notProvided('loadPostsPage'),
    ),
  },
  guards: {
    isLastPage: (_, page: FeedPost[]) => page.length < POSTS_FEED_PAGE_SIZE,
    isNewPageTrigger: ({ context }, postCount: number) => postCount === context.posts.length,
  },
  actions: {
    appendPage: assign(({ context }, page: FeedPost[]) => ({
      posts: appendPosts(context.posts, page),
      pagesLoaded: context.pagesLoaded + 1,
    })),
    /** Logs a failed page load ('Failed to fetch posts'). */
    logFeedError: (_, _error: unknown) => notProvided('logFeedError'),
  },
}).createMachine({
  id: 'postsFeed',
  description:
    "Spec §4 Posts feed: pages of 20 (sortBy CreatedDate descending; showFirstGuid so a new post leads). The next page loads when the last card becomes visible, never twice for one trigger; the feed ends when a page returns fewer than the page size, then shows: You've seen all the posts, thanks for your attention. Feed errors are logged and an empty list results, with a way to retry. Signed-out visitors get sample posts after a fake delay of 500 ms.",
  context: ({ input }) => ({
    showFirstGuid: input.showFirstGuid,
    posts: [],
    pagesLoaded: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'A page is loading (the first at start, the next one when the last card became visible); further triggers are ignored meanwhile. POST /posts/feedList (page, pageSize 20, sortBy CreatedDate, sortByDescending true, getTotalCount false, showFirstGuid: the new post guid with page 1, else empty) for a signed-in person; the sample posts (50 in all, after a fake delay of 500 ms) for a visitor.',
      tags: ['busy'],
      invoke: {
        id: 'loadPostsPage',
        src: 'loadPostsPage',
        input: ({ context }) => feedPageRequest(context.pagesLoaded + 1, context.showFirstGuid),
        onDone: [
          {
            guard: { type: 'isLastPage', params: ({ event }) => event.output },
            target: 'ended',
            actions: { type: 'appendPage', params: ({ event }) => event.output },
            description:
              "Fewer than the page size: the last page. You've seen all the posts, thanks for your attention.",
          },
          {
            target: 'ready',
            actions: { type: 'appendPage', params: ({ event }) => event.output },
            description: 'A full page: more may follow.',
          },
        ],
        onError: failedCall(
          'failed',
          'logFeedError',
          'The load failed: logged; the posts loaded so far stay (an empty list for the first page).',
        ),
      },
    },
    ready: {
      description: 'The posts are shown; more may follow once the last card becomes visible.',
      on: {
        'feed.endReached': {
          guard: { type: 'isNewPageTrigger', params: ({ event }) => event.postCount },
          target: 'loading',
          description:
            'The last card became visible: the next page loads (a trigger for a page already requested is ignored).',
        },
      },
    },
    ended: {
      description:
        "Every post is shown: You've seen all the posts, thanks for your attention. Nothing more loads.",
    },
    failed: {
      description:
        "The load failed and was logged: the list stays as it was (empty for the first page), with 'Try again'.",
      tags: ['error'],
      on: {
        retry: { target: 'loading', description: 'Try again: the same page loads again.' },
      },
    },
  },
});

export type PostsFeedSnapshot = SnapshotFrom<typeof postsFeedMachine>;

export const selectFeedPosts = (s: PostsFeedSnapshot) => s.context.posts;
/**
 * What the feed shows below its posts: 'loading' (a page is loading: a spinner), 'error' ('Failed
 * to fetch posts' with 'Try again'), 'ended' (the end text), or 'idle' (more load at the end).
 */
export type PostsFeedStatus = 'loading' | 'idle' | 'ended' | 'error';
export const selectFeedStatus = (s: PostsFeedSnapshot): PostsFeedStatus =>
  s.hasTag('error')
    ? 'error'
    : s.hasTag('busy')
      ? 'loading'
      : s.matches('ended')
        ? 'ended'
        : 'idle';
/** "You've seen all the posts, thanks for your attention." once the feed ended, else null. */
export const selectFeedEndText = (s: PostsFeedSnapshot) =>
  s.matches('ended') ? postsFeedTexts.end : null;
/**
 * aria-setsize of the feed (WAI-ARIA feed pattern): the number of posts once the feed ended,
 * -1 (unknown) while more may follow.
 */
export const selectFeedSetSize = (s: PostsFeedSnapshot) =>
  s.matches('ended') ? s.context.posts.length : -1;
