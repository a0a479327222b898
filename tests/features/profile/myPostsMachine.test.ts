/**
 * Generated paths of My posts (the Profile), checked against a model written from issue 34's
 * My posts and spec §8 Post: the person's own posts under the tabs Published, Scheduled and
 * Drafts, read a page at a time from posts/list with the tab's status ('Error loading post data'
 * with Try again, the tabs still working); each listed post can be deleted after a confirm
 * dialog (Cancel changes nothing), then 'Post deleted' and the page is read again, or 'Error
 * deleting post' and the list stays.
 */
import { describe, expect, it } from 'vitest';
import type { ListResponse } from '../../../contract/lists';
import type { Post } from '../../../contract/posts';
import {
  myPostsMachine,
  myPostsRequest,
  myPostsTexts,
  selectCanDeletePost,
  selectDeletingPost,
  selectMyPostRows,
  selectMyPostsAlert,
  selectMyPostsBusy,
  selectMyPostsEmptyText,
  selectMyPostsLoadFailed,
  selectMyPostsLoading,
  selectMyPostsPages,
  selectMyPostsTab,
  selectPostToDelete,
  type MyPostsInput,
  type MyPostsSnapshot,
  type MyPostsTab,
} from '../../../src/features/profile/myPostsMachine';
import type { FakePromises, SpecState } from '../../support/pathHarness';
import { settled, withFakePromises } from '../../support/pathHarness';
import { describePathsForInputs } from '../../support/pathsWithInputs';

const post = (id: number, extra: Partial<Post> = {}): Post => ({
  id,
  guid: `00000000-0000-4000-8000-00000000000${id}`,
  message: `Post ${id}`,
  link: '',
  publishedDate: `2026-12-0${id}T10:15:00.000Z`,
  isDraft: false,
  mediaFileStorageId: null,
  mediaFileStorageOriginalName: null,
  ...extra,
});
const withMedia = post(2, { mediaFileStorageId: 'file-2', mediaFileStorageOriginalName: 'b.jpg' });
/** Two pages of two (three posts), and none. */
const firstPage: ListResponse<Post> = { list: [post(1), withMedia], totalCount: 3 };
const lastPage: ListResponse<Post> = { list: [post(3)], totalCount: 3 };
const none: ListResponse<Post> = { list: [], totalCount: 0 };
const PAGE_SIZE = 2;
const refused = Object.assign(new Error('refused'), { messages: ['Post not found.'] });

/** The words of each tab, written out from the issue. */
const emptyText: Record<MyPostsTab, string> = {
  published: 'You have no published posts yet.',
  scheduled: 'You have no scheduled posts.',
  drafts: 'You have no drafts.',
};
const dateLabel: Record<MyPostsTab, string> = {
  published: 'Published',
  scheduled: 'Scheduled for',
  drafts: 'Publish date',
};
/** posts/list's status and order per tab. */
const listCall = (tab: MyPostsTab, page: number) => ({
  name: 'listPosts',
  input: {
    status: { published: 'published', scheduled: 'scheduled', drafts: 'draft' }[tab],
    page,
    pageSize: PAGE_SIZE,
    sortBy: tab === 'drafts' ? 'CreatedDate' : 'PublishedDate',
    sortByDescending: tab !== 'scheduled',
    getTotalCount: true,
  },
});

type Phase = 'loading' | 'loadFailed' | 'ready' | 'confirming' | 'deleting';
interface Model {
  phase: Phase;
  tab: MyPostsTab;
  page: number;
  posts: Post[];
  total: number;
  pending: Post | null;
  alert: { kind: 'deleted' | 'deleteFailed'; messages: string[] } | null;
  calls: { name: string; input: unknown }[];
}
let model: Model;
const start = (): Model => ({
  phase: 'loading',
  tab: 'published',
  page: 1,
  posts: [],
  total: 0,
  pending: null,
  alert: null,
  calls: [listCall('published', 1)],
});
const pages = (m: Model) => Math.max(1, Math.ceil(m.total / PAGE_SIZE));
/** Reading a page of a tab: its call goes out. */
const reading = (m: Model, change: Partial<Model>): Model => {
  const next = { ...m, ...change, phase: 'loading' as const };
  return { ...next, calls: [...m.calls, listCall(next.tab, next.page)] };
};

function next(
  m: Model,
  event: { type: string; output?: unknown; error?: unknown } & Record<string, unknown>,
): Model {
  switch (event.type) {
    case 'xstate.done.actor.listPosts': {
      if (m.phase !== 'loading') return m;
      const list = event.output as ListResponse<Post>;
      return { ...m, phase: 'ready', posts: list.list, total: list.totalCount ?? 0 };
    }
    case 'xstate.error.actor.listPosts':
      return m.phase === 'loading' ? { ...m, phase: 'loadFailed', posts: [], total: 0 } : m;
    case 'retry':
      return m.phase === 'loadFailed' ? reading(m, {}) : m;
    case 'tab.select': {
      const tab = event.tab as MyPostsTab;
      const switches = m.phase === 'loading' || m.phase === 'loadFailed' || m.phase === 'ready';
      return switches && tab !== m.tab
        ? reading(m, { tab, page: 1, posts: [], total: 0, alert: null })
        : m;
    }
    case 'page.next':
      return m.phase === 'ready' && m.page < pages(m)
        ? reading(m, { page: m.page + 1, alert: null })
        : m;
    case 'page.previous':
      return m.phase === 'ready' && m.page > 1 ? reading(m, { page: m.page - 1, alert: null }) : m;
    case 'post.delete': {
      const listed = m.posts.find((p) => p.id === event.id);
      return m.phase === 'ready' && listed
        ? { ...m, phase: 'confirming', pending: listed, alert: null }
        : m;
    }
    case 'delete.cancel':
      return m.phase === 'confirming' ? { ...m, phase: 'ready', pending: null } : m;
    case 'delete.confirm':
      return m.phase === 'confirming'
        ? {
            ...m,
            phase: 'deleting',
            calls: [...m.calls, { name: 'deletePost', input: { id: m.pending?.id } }],
          }
        : m;
    case 'xstate.done.actor.deletePost': {
      if (m.phase !== 'deleting') return m;
      const total = m.total - 1;
      const after = { ...m, total };
      return reading(after, {
        posts: m.posts.filter((p) => p.id !== m.pending?.id),
        page: Math.min(m.page, pages(after)),
        pending: null,
        alert: { kind: 'deleted', messages: [] },
      });
    }
    case 'xstate.error.actor.deletePost':
      return m.phase === 'deleting'
        ? {
            ...m,
            phase: 'ready',
            pending: null,
            alert: { kind: 'deleteFailed', messages: (event.error as typeof refused).messages },
          }
        : m;
    case 'alert.dismiss':
      return { ...m, alert: null };
    default:
      return m;
  }
}

/**
 * The table of My posts' states (the model's phase names them): loading and deleting are busy,
 * loadFailed is an error; nothing ends the list.
 */
const state = (): SpecState => ({
  value: model.phase,
  tags: {
    busy: model.phase === 'loading' || model.phase === 'deleting',
    error: model.phase === 'loadFailed',
  },
  done: false,
  shown: model,
});

function expectShown(s: MyPostsSnapshot, calls: FakePromises['calls']) {
  const m = model;
  expect(selectMyPostsTab(s)).toBe(m.tab);
  expect(selectMyPostsLoading(s)).toBe(m.phase === 'loading' && m.posts.length === 0);
  expect(selectMyPostsBusy(s)).toBe(m.phase === 'loading' || m.phase === 'deleting');
  expect(selectMyPostsLoadFailed(s)).toBe(m.phase === 'loadFailed');
  expect(selectMyPostsEmptyText(s)).toBe(
    m.phase === 'ready' && m.posts.length === 0 ? emptyText[m.tab] : null,
  );
  expect(selectMyPostRows(s)).toEqual(
    m.posts.map((p) => ({
      id: p.id,
      message: p.message,
      publishedDate: p.publishedDate,
      dateLabel: dateLabel[m.tab],
      mediaName: p.id === 2 ? 'b.jpg' : null,
      editPath: `/create-post/${p.id}`,
    })),
  );
  const pageCount = pages(m);
  expect(selectMyPostsPages(s)).toEqual(
    pageCount > 1 && m.phase !== 'loadFailed'
      ? {
          page: m.page,
          pageCount,
          canPrevious: m.phase === 'ready' && m.page > 1,
          canNext: m.phase === 'ready' && m.page < pageCount,
        }
      : null,
  );
  expect(selectCanDeletePost(s)).toBe(m.phase === 'ready');
  expect(selectPostToDelete(s)).toEqual(
    m.phase === 'confirming' || m.phase === 'deleting' ? m.pending : null,
  );
  expect(selectDeletingPost(s)).toBe(m.phase === 'deleting');
  const alert = selectMyPostsAlert(s);
  expect(alert && { kind: alert.kind, messages: alert.messages, title: alert.title }).toEqual(
    m.alert && {
      ...m.alert,
      title: m.alert.kind === 'deleted' ? 'Post deleted' : 'Error deleting post',
    },
  );
  expect(calls).toEqual(m.calls);
}

await describePathsForInputs<{ promises: FakePromises }, MyPostsInput>({
  machine: myPostsMachine,
  unhandled: true,
  inputs: [{ name: 'two posts a page', input: { pageSize: PAGE_SIZE } }],
  build: withFakePromises(myPostsMachine, 'listPosts', 'deletePost'),
  events: [
    { type: 'tab.select', tab: 'published' },
    { type: 'tab.select', tab: 'drafts' },
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'post.delete', id: 1 },
    { type: 'post.delete', id: 3 },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'alert.dismiss' },
    { type: 'retry' },
    ...settled('listPosts', [firstPage, lastPage, none], [new Error('network down')]),
    ...settled('deletePost', [undefined], [refused]),
  ],
  afterStep: ({ event, snapshot }, { promises }) => {
    model = next(model, event as Parameters<typeof next>[1]);
    expectShown(snapshot as MyPostsSnapshot, promises.calls);
  },
  spec: {
    initial: () => {
      model = start();
      return state();
    },
    after: state,
  },
  afterPath: (plan, { promises }) => {
    if (plan.steps.length === 0) expect(promises.calls).toEqual(start().calls);
  },
});

describe('My posts', () => {
  it('has its texts', () => {
    expect(myPostsTexts.tabs).toEqual({
      published: 'Published',
      scheduled: 'Scheduled',
      drafts: 'Drafts',
    });
    expect(myPostsTexts.empty).toEqual(emptyText);
    expect(myPostsTexts.dateLabel).toEqual(dateLabel);
    expect(myPostsTexts.loadFailed).toBe('Error loading post data');
  });

  it('asks each tab for its status, scheduled posts soonest first', () => {
    for (const tab of ['published', 'scheduled', 'drafts'] as const) {
      expect({ name: 'listPosts', input: myPostsRequest(tab, 2, PAGE_SIZE) }).toEqual(
        listCall(tab, 2),
      );
    }
  });

  it('keeps the same cards while the posts are the same (no re-render)', () => {
    const snapshot = {
      context: { posts: firstPage.list, tab: 'scheduled' },
    } as unknown as MyPostsSnapshot;
    const rows = selectMyPostRows(snapshot);
    expect(selectMyPostRows(snapshot)).toBe(rows);
    expect(rows[0]?.dateLabel).toBe('Scheduled for');
  });
});
