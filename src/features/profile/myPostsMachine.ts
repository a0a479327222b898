import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ListResponse } from '../../../contract/lists';
import type { OwnPostListRequest, OwnPostStatus, Post } from '../../../contract/posts';
import { messagesFrom } from '../../machines/errorMessages';
import { notProvided } from '../../machines/notProvided';

/**
 * My posts on the Profile (issue 34: a saved draft or a scheduled post can be found again): the
 * person's own posts in the current organisation, under the tabs Published, Scheduled and Drafts,
 * a page at a time; each can be edited (Create Post's update mode) or deleted after a confirm
 * dialog. Hand-written rather than a record list (recordListFactory.ts): its list is one of three,
 * chosen by a tab, and a delete reloads the page it left.
 */

/** The tabs, in the order they show. */
export const MY_POSTS_TABS = ['published', 'scheduled', 'drafts'] as const;
export type MyPostsTab = (typeof MY_POSTS_TABS)[number];

/** Posts a page: a person may have many. */
export const MY_POSTS_PAGE_SIZE = 10;

export const myPostsTexts = {
  title: 'My posts',
  tabs: { published: 'Published', scheduled: 'Scheduled', drafts: 'Drafts' },
  /** Spec §8 Post: the posts could not be loaded. */
  loadFailed: 'Error loading post data',
  empty: {
    published: 'You have no published posts yet.',
    scheduled: 'You have no scheduled posts.',
    drafts: 'You have no drafts.',
  },
  /** Ours (the spec words no post deletion), in the words of 'Post updated'. */
  deleted: 'Post deleted',
  deleteFailed: 'Error deleting post',
  confirmTitle: 'Delete this post?',
  confirmText: 'The post is deleted for good, with its media. This cannot be undone.',
  confirmButton: 'Delete post',
  /** The date each tab shows beside a post. */
  dateLabel: { published: 'Published', scheduled: 'Scheduled for', drafts: 'Publish date' },
} as const;

const statusOf: Record<MyPostsTab, OwnPostStatus> = {
  published: 'published',
  scheduled: 'scheduled',
  drafts: 'draft',
};

/**
 * The page of a tab: published posts newest first, scheduled ones soonest first (by publish
 * date), drafts last written first; with the total, for the pages.
 */
export function myPostsRequest(
  tab: MyPostsTab,
  page: number,
  pageSize: number,
): OwnPostListRequest {
  return {
    status: statusOf[tab],
    page,
    pageSize,
    sortBy: tab === 'drafts' ? 'CreatedDate' : 'PublishedDate',
    sortByDescending: tab !== 'scheduled',
    getTotalCount: true,
  };
}

export interface MyPostsInput {
  /** Posts a page (default MY_POSTS_PAGE_SIZE). */
  pageSize?: number;
}

/** The alert above the list after a delete. */
export interface MyPostsAlert {
  kind: 'deleted' | 'deleteFailed';
  level: 'success' | 'danger';
  title: string;
  /** The server's messages when a delete failed and it gave some; else empty. */
  messages: string[];
}

export interface MyPostsContext {
  tab: MyPostsTab;
  page: number;
  pageSize: number;
  /** The page's posts as loaded (kept while the same tab's page reloads). */
  posts: Post[];
  totalCount: number;
  /** The post the delete dialog asks about, then the one being deleted. */
  pending: Post | null;
  alert: MyPostsAlert | null;
}

export type MyPostsEvent =
  | { type: 'tab.select'; tab: MyPostsTab }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  /** Delete on a post's card: the confirm dialog opens. */
  | { type: 'post.delete'; id: number }
  | { type: 'delete.confirm' }
  /** The dialog's Cancel, Escape, an outside click or its close button. */
  | { type: 'delete.cancel' }
  | { type: 'alert.dismiss' }
  | { type: 'retry' };

const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

function deleteFailure(error: unknown): MyPostsAlert {
  const messages = messagesFrom(error, '').filter((m) => m !== '');
  return { kind: 'deleteFailed', level: 'danger', title: myPostsTexts.deleteFailed, messages };
}

export const myPostsMachine = setup({
  types: {
    context: {} as MyPostsContext,
    events: {} as MyPostsEvent,
    input: {} as MyPostsInput,
  },
  actors: {
    /** POST posts/list with the tab's status, its order, the page and the total count. */
    listPosts: fromPromise<ListResponse<Post>, OwnPostListRequest>(async () =>
      notProvided('listPosts'),
    ),
    /** DELETE posts/delete?id= (the person's own post, with its media). */
    deletePost: fromPromise<void, { id: number }>(async () => notProvided('deletePost')),
  },
  guards: {
    isOtherTab: ({ context }, tab: MyPostsTab) => tab !== context.tab,
    hasNextPage: ({ context }) => context.page < pageCountOf(context.totalCount, context.pageSize),
    hasPreviousPage: ({ context }) => context.page > 1,
    isListed: ({ context }, id: number) => context.posts.some((post) => post.id === id),
  },
  actions: {
    /** Another tab: its first page, nothing of the last tab's list. */
    assignTab: assign((_, tab: MyPostsTab) => ({
      tab,
      page: 1,
      posts: [],
      totalCount: 0,
      alert: null,
    })),
    assignPage: assign((_, page: number) => ({ page, alert: null })),
    assignList: assign((_, list: ListResponse<Post>) => ({
      posts: list.list,
      totalCount: list.totalCount ?? list.list.length,
    })),
    /** The page is empty; the list shows the tab's empty text. */
    clearList: assign({ posts: [], totalCount: 0 }),
    assignPending: assign(({ context }, id: number) => ({
      pending: context.posts.find((post) => post.id === id) ?? null,
      alert: null,
    })),
    clearPending: assign({ pending: null }),
    /**
     * 'Post deleted': the post leaves the list at once, and the page is read again (the last
     * page when the deleted post was the only one on its page).
     */
    assignDeleted: assign(({ context }) => {
      const totalCount = Math.max(0, context.totalCount - 1);
      return {
        posts: context.posts.filter((post) => post.id !== context.pending?.id),
        totalCount,
        page: Math.min(context.page, pageCountOf(totalCount, context.pageSize)),
        pending: null,
        alert: {
          kind: 'deleted',
          level: 'success',
          title: myPostsTexts.deleted,
          messages: [],
        } satisfies MyPostsAlert,
      };
    }),
    assignDeleteFailed: assign((_, error: unknown) => ({
      pending: null,
      alert: deleteFailure(error),
    })),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'myPosts',
  description:
    "My posts on the Profile: the person's own posts in the current organisation under the tabs Published, Scheduled and Drafts, a page at a time, each with Edit (Create Post at /create-post/{id}) and Delete (after a confirm dialog); 'Error loading post data' (spec §8 Post) with Try again.",
  context: ({ input }) => ({
    tab: 'published',
    page: 1,
    pageSize: input.pageSize ?? MY_POSTS_PAGE_SIZE,
    posts: [],
    totalCount: 0,
    pending: null,
    alert: null,
  }),
  initial: 'loading',
  on: {
    'alert.dismiss': { actions: 'clearAlert', description: 'The alert is closed.' },
  },
  states: {
    loading: {
      description: "POST posts/list: the tab's page of the person's posts, with the total.",
      tags: ['busy'],
      invoke: {
        id: 'listPosts',
        src: 'listPosts',
        input: ({ context }) => myPostsRequest(context.tab, context.page, context.pageSize),
        onDone: {
          target: 'ready',
          actions: { type: 'assignList', params: ({ event }) => event.output },
          description: "The tab's posts, or its empty text when it has none.",
        },
        onError: {
          target: 'loadFailed',
          actions: 'clearList',
          description: "'Error loading post data'.",
        },
      },
      on: {
        'tab.select': {
          guard: { type: 'isOtherTab', params: ({ event }) => event.tab },
          target: 'loading',
          reenter: true,
          actions: { type: 'assignTab', params: ({ event }) => event.tab },
          description: 'Another tab while the list loads: its first page is asked instead.',
        },
      },
    },
    loadFailed: {
      description: "'Error loading post data', with Try again; the tabs still work.",
      tags: ['error'],
      on: {
        retry: { target: 'loading', description: 'Try again.' },
        'tab.select': {
          guard: { type: 'isOtherTab', params: ({ event }) => event.tab },
          target: 'loading',
          actions: { type: 'assignTab', params: ({ event }) => event.tab },
          description: 'Another tab: its first page is asked.',
        },
      },
    },
    ready: {
      description:
        "The tab's posts (message, date, Edit and Delete) with the pages, or its empty text.",
      on: {
        'tab.select': {
          guard: { type: 'isOtherTab', params: ({ event }) => event.tab },
          target: 'loading',
          actions: { type: 'assignTab', params: ({ event }) => event.tab },
          description: 'Another tab: its first page is asked.',
        },
        'page.next': {
          guard: 'hasNextPage',
          target: 'loading',
          actions: { type: 'assignPage', params: ({ context }) => context.page + 1 },
          description: 'The next page, when there is one.',
        },
        'page.previous': {
          guard: 'hasPreviousPage',
          target: 'loading',
          actions: { type: 'assignPage', params: ({ context }) => context.page - 1 },
          description: 'The previous page, when there is one.',
        },
        'post.delete': {
          guard: { type: 'isListed', params: ({ event }) => event.id },
          target: 'confirming',
          actions: { type: 'assignPending', params: ({ event }) => event.id },
          description: "Delete on a listed post: the confirm dialog asks 'Delete this post?'.",
        },
      },
    },
    confirming: {
      description: "The confirm dialog: 'Delete this post?' with Delete post and Cancel.",
      on: {
        'delete.confirm': { target: 'deleting', description: 'Delete post: the post is deleted.' },
        'delete.cancel': {
          target: 'ready',
          actions: 'clearPending',
          description: 'Cancel (or Escape, an outside click, the close button): nothing changes.',
        },
      },
    },
    deleting: {
      description: 'DELETE posts/delete?id=: the post and its media are deleted.',
      tags: ['busy'],
      invoke: {
        id: 'deletePost',
        src: 'deletePost',
        input: ({ context }) => ({ id: context.pending?.id ?? 0 }),
        onDone: {
          target: 'loading',
          actions: 'assignDeleted',
          description: "'Post deleted': the post leaves the list and the page is read again.",
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'assignDeleteFailed',
            params: ({ event }: { event: ErrorActorEvent }) => event.error,
          },
          description: "'Error deleting post', with the server's messages if any; the list stays.",
        },
      },
    },
  },
});

export type MyPostsSnapshot = SnapshotFrom<typeof myPostsMachine>;

/** One post of the list, as its card shows it. */
export interface MyPostRow {
  id: number;
  message: string;
  /** ISO; the view shows it as dd/MM/yyyy HH:mm (the app's date format). */
  publishedDate: string;
  /** What the date is, in the tab's words: 'Published', 'Scheduled for', 'Publish date'. */
  dateLabel: string;
  /** Its media's original file name, or null. */
  mediaName: string | null;
  /** Create Post's update mode: /create-post/{id}. */
  editPath: string;
}

export const selectMyPostsTab = (s: MyPostsSnapshot) => s.context.tab;
/** The list is loading and has nothing to show yet (a first load, another tab). */
export const selectMyPostsLoading = (s: MyPostsSnapshot) =>
  s.matches('loading') && s.context.posts.length === 0;
/** The list is being read or a post deleted: the list is busy. */
export const selectMyPostsBusy = (s: MyPostsSnapshot) => s.hasTag('busy');
/** 'Error loading post data', with Try again. */
export const selectMyPostsLoadFailed = (s: MyPostsSnapshot) => s.matches('loadFailed');
/** The tab's empty text when it has no posts, else null. */
export const selectMyPostsEmptyText = (s: MyPostsSnapshot) =>
  s.matches('ready') && s.context.posts.length === 0 ? myPostsTexts.empty[s.context.tab] : null;

const rowsOf = new WeakMap<Post[], { tab: MyPostsTab; rows: MyPostRow[] }>();
/** The page's posts as cards; the same array while the posts and the tab are the same. */
export function selectMyPostRows(s: MyPostsSnapshot): MyPostRow[] {
  const { posts, tab } = s.context;
  const cached = rowsOf.get(posts);
  let rows = cached?.tab === tab ? cached.rows : undefined;
  if (rows === undefined) {
    rows = posts.map((post) => ({
      id: post.id,
      message: post.message,
      publishedDate: post.publishedDate,
      dateLabel: myPostsTexts.dateLabel[tab],
      mediaName: post.mediaFileStorageId ? post.mediaFileStorageOriginalName : null,
      editPath: `/create-post/${post.id}`,
    }));
    rowsOf.set(posts, { tab, rows });
  }
  return rows;
}

/** The pages: shown when there is more than one; Previous and Next when the list is idle. */
export interface MyPostsPages {
  page: number;
  pageCount: number;
  canPrevious: boolean;
  canNext: boolean;
}
export function selectMyPostsPages(s: MyPostsSnapshot): MyPostsPages | null {
  const { page, totalCount, pageSize } = s.context;
  const pageCount = pageCountOf(totalCount, pageSize);
  if (pageCount <= 1 || s.matches('loadFailed')) return null;
  const idle = s.matches('ready');
  return { page, pageCount, canPrevious: idle && page > 1, canNext: idle && page < pageCount };
}

/** Delete can be pressed: the list is idle. */
export const selectCanDeletePost = (s: MyPostsSnapshot) => s.matches('ready');
/** The post the confirm dialog asks about (open while confirming or deleting), else null. */
export const selectPostToDelete = (s: MyPostsSnapshot) =>
  s.matches('confirming') || s.matches('deleting') ? s.context.pending : null;
/** The delete is out: the dialog's buttons wait. */
export const selectDeletingPost = (s: MyPostsSnapshot) => s.matches('deleting');
export const selectMyPostsAlert = (s: MyPostsSnapshot) => s.context.alert;
