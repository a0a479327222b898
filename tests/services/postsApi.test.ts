/** The posts and drops calls against a real local server. */
import { describe, expect, it } from 'vitest';
import type { ListRequest } from '../../contract/lists';
import type {
  CreatePostRequest,
  CreatePostWithFileRequest,
  DropItem,
  FeedListRequest,
  FeedPost,
  Post,
  UpdatePostRequest,
} from '../../contract/posts';
import { createDropsApi } from '../../src/services/api/drops';
import { createPostsApi } from '../../src/services/api/posts';
import { GENERIC_ERROR_TEXT } from '../../src/services/apiResponse';
import { envelope, jsonBody, until, useTestServer } from './helpers/testServer';

const WARNING = 2;
const ERROR = 3;

const server = useTestServer();
const { answer, only } = server;

const feedPost: FeedPost = {
  id: 7,
  guid: '0b6f6a52-2f8e-4b59-9a57-3c1a8e1f0d11',
  userHandle: 'ada_l',
  userAvatarUrl: '/media/files/avatar-1',
  message: 'Running for the food bank #charity',
  link: 'https://example.org/run',
  postFileUrls: ['/media/files/f1'],
  postFiles: [{ url: '/media/files/f1', type: 'image', width: 1080, height: 720 }],
  publishedDate: '2026-11-20T10:15:00Z',
};

const post: Post = {
  id: 7,
  guid: feedPost.guid,
  message: 'Running for the food bank #charity',
  link: '',
  publishedDate: '2026-11-20T10:15:00Z',
  isDraft: false,
  mediaFileStorageId: null,
  mediaFileStorageOriginalName: null,
};

const drop: DropItem = {
  id: 3,
  user: 'helping_hands',
  userAvatarUrl: '',
  content: 'Bake sale today',
  date: '2026-11-20T10:15:00Z',
  reactions: 4,
  media: [
    { url: '/media/files/d1', type: 'image', width: 1080, height: 1350 },
    { url: '/media/files/d2', type: 'video', width: 1280, height: 720 },
  ],
};

const feedRequest: FeedListRequest = {
  page: 1,
  pageSize: 20,
  sortBy: 'CreatedDate',
  sortByDescending: true,
  getTotalCount: false,
  showFirstGuid: feedPost.guid,
};

const createRequest: CreatePostRequest = {
  message: 'Hello #world',
  link: 'https://example.org',
  publishedDate: '2026-11-20T10:15:00.000Z',
  isDraft: false,
};

const client = () => server.http('tok-1');

const posts = () => createPostsApi(client());
const drops = () => createDropsApi(client());

describe('posts.feedList: POST posts/feedList', () => {
  it('posts the list request with showFirstGuid and the bearer token; answers data.list', async () => {
    answer(envelope({ list: [feedPost], totalCount: null }));
    await expect(posts().feedList(feedRequest)).resolves.toEqual([feedPost]);
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['POST', '/api/posts/feedList']);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers.authorization).toBe('Bearer tok-1');
    expect(jsonBody(sent)).toEqual(feedRequest);
  });

  it('an empty page is an empty list', async () => {
    answer(envelope({ list: [], totalCount: null }));
    await expect(posts().feedList({ page: 9, pageSize: 20 })).resolves.toEqual([]);
  });

  it('a post that does not match the contract is an invalid response', async () => {
    const { postFiles: _dropped, ...withoutFiles } = feedPost;
    for (const list of [
      [withoutFiles],
      [{ ...feedPost, postFiles: [{ url: 'x', type: 'audio', width: 1, height: 1 }] }],
      [{ ...feedPost, postFiles: [{ url: 'x', type: 'image', width: 0, height: 1 }] }],
      [{ ...feedPost, id: '7' }],
    ]) {
      answer(envelope({ list, totalCount: null }));
      await expect(posts().feedList(feedRequest)).rejects.toMatchObject({
        kind: 'invalid-response',
        messages: [GENERIC_ERROR_TEXT],
      });
    }
    answer(envelope([feedPost]));
    await expect(posts().feedList(feedRequest)).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('throws the server messages on Error and 4xx', async () => {
    answer(envelope(null, ERROR, ['User is not authenticated']), 401);
    await expect(posts().feedList(feedRequest)).rejects.toMatchObject({
      kind: 'http',
      httpStatus: 401,
      messages: ['User is not authenticated'],
    });
    answer(envelope(null, ERROR, ['Feed unavailable']));
    await expect(posts().feedList(feedRequest)).rejects.toMatchObject({
      kind: 'status',
      messages: ['Feed unavailable'],
    });
  });

  it('passes the abort signal on', async () => {
    server.handle(() => new Promise<void>(() => undefined));
    const controller = new AbortController();
    const pending = posts().feedList(feedRequest, { signal: controller.signal });
    // Stopped once it has reached the server, so it cannot arrive during the next test.
    await until(() => server.calls().length === 1);
    controller.abort(new Error('stopped'));
    await expect(pending).rejects.toThrow('stopped');
  });
});

describe('posts.create and createWithFile', () => {
  it('create posts message, link, publishedDate and isDraft; answers the post', async () => {
    answer(envelope(post));
    await expect(posts().create(createRequest)).resolves.toEqual(post);
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['POST', '/api/posts/create']);
    expect(jsonBody(sent)).toEqual(createRequest);
  });

  it('createWithFile adds the pending upload id and the original name, as JSON', async () => {
    const request: CreatePostWithFileRequest = {
      ...createRequest,
      isDraft: true,
      mediaFileStorageId: 'pending-42',
      mediaFileStorageOriginalName: 'beach.jpg',
    };
    const created: Post = {
      ...post,
      isDraft: true,
      mediaFileStorageId: 'pending-42',
      mediaFileStorageOriginalName: 'beach.jpg',
    };
    answer(envelope(created));
    await expect(posts().createWithFile(request)).resolves.toEqual(created);
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['POST', '/api/posts/createWithFile']);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(jsonBody(sent)).toEqual(request);
  });

  it('throws the server messages (4xx, Warning) and on an answer that is not a post', async () => {
    answer(envelope(null, ERROR, ['Maximum 280 characters allowed']), 400);
    await expect(posts().create(createRequest)).rejects.toMatchObject({
      httpStatus: 400,
      messages: ['Maximum 280 characters allowed'],
    });
    answer(envelope(null, WARNING, ['Slow down']));
    await expect(posts().create(createRequest)).rejects.toMatchObject({
      kind: 'status',
      status: WARNING,
      messages: ['Slow down'],
    });
    answer(envelope(null));
    await expect(posts().create(createRequest)).rejects.toMatchObject({
      kind: 'invalid-response',
    });
    answer(envelope({ ...post, isDraft: 'no' }));
    await expect(
      posts().createWithFile({
        ...createRequest,
        mediaFileStorageId: 'p',
        mediaFileStorageOriginalName: 'a.png',
      }),
    ).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('posts.update, get, getByGuid', () => {
  it('update posts id, message, link, publishedDate and isDraft', async () => {
    const request: UpdatePostRequest = { id: 7, ...createRequest, isDraft: true };
    answer(envelope({ ...post, isDraft: true }));
    await expect(posts().update(request)).resolves.toEqual({ ...post, isDraft: true });
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['POST', '/api/posts/update']);
    expect(jsonBody(sent)).toEqual(request);
  });

  it('get and getByGuid send the id or guid as the query string, no body', async () => {
    answer(envelope(post));
    await expect(posts().get(7)).resolves.toEqual(post);
    let sent = only();
    expect([sent.method, sent.url]).toEqual(['GET', '/api/posts/get?id=7']);
    expect(sent.body.length).toBe(0);
    expect(sent.headers.authorization).toBe('Bearer tok-1');
    server.reset();
    answer(envelope(post));
    await expect(posts().getByGuid('a b&c')).resolves.toEqual(post);
    sent = only();
    expect([sent.method, sent.url]).toEqual(['GET', '/api/posts/getByGuid?guid=a+b%26c']);
  });

  it('throws on a refusal (another person’s post) and on a malformed post', async () => {
    answer(envelope(null, ERROR, ['Post not found']), 404);
    await expect(posts().get(8)).rejects.toMatchObject({
      httpStatus: 404,
      messages: ['Post not found'],
    });
    answer(envelope({ ...post, mediaFileStorageId: 5 }));
    await expect(posts().getByGuid(post.guid)).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });
});

describe('posts.delete, deleteByGuid, setIsDraft, setIsPublished', () => {
  it('delete and deleteByGuid: DELETE with the query string, any data', async () => {
    answer(envelope(null));
    await expect(posts().delete(7)).resolves.toBeUndefined();
    expect([only().method, only().url]).toEqual(['DELETE', '/api/posts/delete?id=7']);
    server.reset();
    answer(envelope(true));
    await expect(posts().deleteByGuid('g-1')).resolves.toBeUndefined();
    expect([only().method, only().url]).toEqual(['DELETE', '/api/posts/deletebyguid?guid=g-1']);
    expect(only().body.length).toBe(0);
  });

  it('setIsDraft and setIsPublished post id and value', async () => {
    answer(envelope(null));
    await expect(posts().setIsDraft({ id: 7, value: true })).resolves.toBeUndefined();
    let sent = only();
    expect([sent.method, sent.url]).toEqual(['POST', '/api/posts/setIsDraft']);
    expect(jsonBody(sent)).toEqual({ id: 7, value: true });
    server.reset();
    answer(envelope(null));
    await posts().setIsPublished({ id: 7, value: false });
    sent = only();
    expect(sent.url).toBe('/api/posts/setIsPublished');
    expect(jsonBody(sent)).toEqual({ id: 7, value: false });
  });

  it('throw the server messages when not Ok', async () => {
    answer(envelope(null, ERROR, ['Not your post']), 403);
    await expect(posts().delete(9)).rejects.toMatchObject({
      httpStatus: 403,
      messages: ['Not your post'],
    });
    answer(envelope(null, ERROR, ['Cannot change']));
    await expect(posts().setIsDraft({ id: 9, value: false })).rejects.toMatchObject({
      kind: 'status',
      messages: ['Cannot change'],
    });
  });
});

describe('posts.list: POST posts/list', () => {
  it('posts the list request and answers list and totalCount', async () => {
    const request: ListRequest = {
      page: 1,
      pageSize: 10,
      sortBy: 'CreatedDate',
      sortByDescending: true,
      getTotalCount: true,
    };
    answer(envelope({ list: [post], totalCount: 1 }));
    await expect(posts().list(request)).resolves.toEqual({ list: [post], totalCount: 1 });
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['POST', '/api/posts/list']);
    expect(jsonBody(sent)).toEqual(request);
    answer(envelope({ list: [post] }));
    await expect(posts().list(request)).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('drops.feedList: POST drops/feedList', () => {
  const request = {
    page: 2,
    pageSize: 20,
    sortBy: 'CreatedDate',
    sortByDescending: true,
    getTotalCount: false,
  };

  it('posts the page request and answers data.list', async () => {
    answer(envelope({ list: [drop], totalCount: null }));
    await expect(drops().feedList(request)).resolves.toEqual([drop]);
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['POST', '/api/drops/feedList']);
    expect(sent.headers.authorization).toBe('Bearer tok-1');
    expect(jsonBody(sent)).toEqual(request);
    answer(envelope({ list: [], totalCount: null }));
    await expect(drops().feedList(request)).resolves.toEqual([]);
  });

  it('throws on a failure and on a drop that does not match the contract', async () => {
    answer(envelope(null, ERROR, ['User is not authenticated']), 401);
    await expect(drops().feedList(request)).rejects.toMatchObject({
      httpStatus: 401,
      messages: ['User is not authenticated'],
    });
    for (const bad of [
      { ...drop, reactions: -1 },
      { ...drop, media: [{ url: 'x', type: 'gif', width: 1, height: 1 }] },
      { ...drop, media: [{ url: 'x', type: 'image' }] },
    ]) {
      answer(envelope({ list: [bad], totalCount: null }));
      await expect(drops().feedList(request)).rejects.toMatchObject({
        kind: 'invalid-response',
      });
    }
  });

  it('passes the abort signal on', async () => {
    server.handle(() => new Promise<void>(() => undefined));
    const controller = new AbortController();
    const pending = drops().feedList(request, { signal: controller.signal });
    // Stopped once it has reached the server, so it cannot arrive during the next test.
    await until(() => server.calls().length === 1);
    controller.abort(new Error('stopped'));
    await expect(pending).rejects.toThrow('stopped');
  });
});
