import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { is } from 'superstruct';
import { beforeEach, describe, expect, it } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import type { ListResponse } from '../../contract/lists';
import { apiPaths } from './support/apiPaths';
import { FeedPost, Post, type CreatePostRequest, type FeedListRequest } from '../../contract/posts';
import { posts, tenantUsers, users } from '../../server/db/schema';
import { SEED_POST_COUNT } from '../../server/db/seedContent';
import { DEMO_TENANTS, DEMO_USERS } from '../../server/db/seedData';
import { FeedPages } from '../../server/features/posts/feedPages';
import { postMessages } from '../../server/features/posts/domain';
import { postEndpoints } from '../../contract/endpoints/posts';
import { mediaApiKey, uploadPostImage } from './support/media';
import { tenantIdNamed } from './support/rows';
import { useTestApp } from './support/suite';
import {
  api,
  bearer,
  envelopeOf,
  feedRequest,
  login,
  postSwitchTenant,
  sessionOf,
  type LoginResult,
} from './support/testServer';

const { owner, member, newbie } = DEMO_USERS;

let ownerSession: LoginResult;
let memberSession: LoginResult;

const { handle, test, reopenApp } = useTestApp({ appPerTest: true });
beforeEach(async () => {
  ownerSession = await login(test.app, owner.email);
  memberSession = await login(test.app, member.email);
});

function call(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  session: LoginResult | undefined,
  payload?: unknown,
) {
  const options: InjectOptions = {
    method,
    url: api(path),
    headers: session === undefined ? {} : bearer(session.jwtToken),
  };
  if (method === 'POST' && payload !== undefined) options.payload = payload as object;
  if (method !== 'POST' && payload !== undefined) {
    options.query = payload as Record<string, string>;
  }
  return test.app.inject(options);
}

async function data<T>(response: Awaited<ReturnType<typeof call>>): Promise<T> {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  const body = envelopeOf(response);
  expect(body.status).toBe(ResponseStatus.Ok);
  return body.data as T;
}

const feed = async (page: number, extra: Partial<FeedListRequest> = {}, session = ownerSession) =>
  data<ListResponse<FeedPost>>(
    await call('POST', apiPaths.postsFeedList, session, feedRequest(page, extra)),
  );

const roundedNow = () => {
  const now = test.clock.now();
  now.setUTCMinutes(Math.floor(now.getUTCMinutes() / 15) * 15, 0, 0);
  return now;
};

/** A publish date `days` days after the current 15-minute step (ISO, milliseconds shown). */
const daysAhead = (days: number) =>
  new Date(roundedNow().getTime() + days * 86_400_000).toISOString();

const newPost = (overrides: Partial<CreatePostRequest> = {}): CreatePostRequest => ({
  message: 'Hello #world from the tests',
  link: '',
  publishedDate: roundedNow().toISOString(),
  isDraft: false,
  ...overrides,
});

async function create(session: LoginResult, overrides: Partial<CreatePostRequest> = {}) {
  return data<Post>(await call('POST', apiPaths.postsCreate, session, newPost(overrides)));
}

function refused(response: Awaited<ReturnType<typeof call>>, code: number, messages: string[]) {
  expect(response.statusCode).toBe(code);
  expect(envelopeOf(response)).toEqual({
    status: code === 401 ? ResponseStatus.Unauthorized : ResponseStatus.Error,
    messages,
    data: null,
  });
}

/** The ids of the feed in order, read from the database. */
async function feedIdsInDatabase(order: 'created' | 'published' = 'created'): Promise<number[]> {
  const column = order === 'created' ? posts.createdAt : posts.publishedDate;
  const now = test.clock.now().toISOString();
  const rows = await handle.db
    .select({ id: posts.id })
    .from(posts)
    .where(
      sql`${posts.isPublished} and not ${posts.isDraft} and ${posts.publishedDate} <= ${now}::timestamptz`,
    )
    .orderBy(sql`${column} desc, ${posts.id} desc`);
  return rows.map((row) => row.id);
}

const tenantIdOf = (name: string) => tenantIdNamed(handle.db, name);

async function switchTenant(session: LoginResult, name: string): Promise<LoginResult> {
  return sessionOf(await postSwitchTenant(test.app, session, await tenantIdOf(name)));
}

describe('POST /posts/feedList', () => {
  it('needs a signed-in user', async () => {
    refused(await call('POST', apiPaths.postsFeedList, undefined, feedRequest(1)), 401, [
      'User is not authenticated',
    ]);
  });

  it('answers pages of 20 feed posts of every tenant, newest first, in the contract shape', async () => {
    const expected = await feedIdsInDatabase();
    expect(expected.length).toBeGreaterThanOrEqual(SEED_POST_COUNT);
    const first = await feed(1);
    expect(first.totalCount).toBeNull();
    expect(first.list).toHaveLength(20);
    for (const post of first.list) expect(is(post, FeedPost)).toBe(true);
    expect(first.list.map((post) => post.id)).toEqual(expected.slice(0, 20));
    const handles = new Set(first.list.map((post) => post.userHandle));
    // Posts of Harbour Hope, Marcus Reed's and Nina Park's tenants: a public feed.
    expect(handles).toEqual(new Set([owner.handle, member.handle, newbie.handle]));
    // The member of another tenant sees the same feed.
    const asNewbie = await feed(1, {}, await login(test.app, newbie.email));
    expect(asNewbie.list.map((post) => post.id)).toEqual(expected.slice(0, 20));
  });

  it('shows images with their size, and the link', async () => {
    const { list } = await feed(1, { pageSize: 60 });
    const withImage = list.find((post) => post.postFiles.length > 0);
    expect(withImage?.postFiles[0]).toMatchObject({
      url: expect.stringMatching(/^\/media\/files\/seed-post-\d\d$/),
      type: 'image',
      width: 1080,
    });
    expect(withImage?.postFileUrls).toEqual([withImage?.postFiles[0]?.url]);
    expect(list.some((post) => post.link.startsWith('https://'))).toBe(true);
    expect(list.find((post) => post.postFiles.length === 0)?.postFileUrls).toEqual([]);
  });

  it('answers a remembered page until a post changes', async () => {
    const first = await feed(1);
    expect(await feed(1)).toEqual(first);
    const edited = first.list[0];
    if (edited === undefined) throw new Error('empty feed');
    // Another author's post changes (directly in the database: no invalidation) ...
    await handle.db
      .update(posts)
      .set({ message: 'Changed behind the back' })
      .where(eq(posts.id, edited.id));
    expect((await feed(1)).list[0]?.message).toBe(edited.message);
    // ... then any write through the API forgets the remembered pages.
    const created = await create(memberSession, { message: 'A new post' });
    const after = await feed(1);
    expect(after.list[0]?.id).toBe(created.id);
    expect(after.list.find((post) => post.id === edited.id)?.message).toBe(
      'Changed behind the back',
    );
  });

  it('reads every page once with no post twice, to a short last page and then nothing', async () => {
    const expected = await feedIdsInDatabase();
    const seen: number[] = [];
    for (let page = 1; page < 100; page += 1) {
      const { list } = await feed(page);
      seen.push(...list.map((post) => post.id));
      if (list.length < 20) break;
    }
    expect(seen).toEqual(expected);
    const beyond = await feed(Math.ceil(expected.length / 20) + 1);
    expect(beyond.list).toEqual([]);
    const far = await feed(1_000_000_000, { pageSize: 999 });
    expect(far.list).toEqual([]);
  });

  it('counts the feed when asked', async () => {
    const expected = await feedIdsInDatabase();
    expect((await feed(1, { getTotalCount: true })).totalCount).toBe(expected.length);
  });

  it('sorts by PublishedDate, and ascending when asked', async () => {
    const byPublished = await feedIdsInDatabase('published');
    const { list } = await feed(1, { sortBy: 'PublishedDate', pageSize: 30 });
    expect(list.map((post) => post.id)).toEqual(byPublished.slice(0, 30));
    const oldest = await feed(1, { sortByDescending: false, pageSize: 5 });
    const created = await feedIdsInDatabase();
    expect(oldest.list.map((post) => post.id)).toEqual(created.slice(-5).reverse());
    const second = await feed(2, { sortByDescending: false, pageSize: 5 });
    expect(second.list.map((post) => post.id)).toEqual(created.slice(-10, -5).reverse());
  });

  it('refuses an unknown sortBy and malformed paging', async () => {
    refused(
      await call(
        'POST',
        apiPaths.postsFeedList,
        ownerSession,
        feedRequest(1, { sortBy: 'Message' }),
      ),
      400,
      [postMessages.sortBy],
    );
    for (const payload of [
      { page: 0 },
      { page: -1 },
      { page: 1.5 },
      { pageSize: 1000 },
      { pageSize: '20' },
      { showFirstGuid: 'x'.repeat(65) },
      { cursor: 'abc' },
    ]) {
      const response = await call('POST', apiPaths.postsFeedList, ownerSession, payload);
      expect(response.statusCode).toBe(400);
    }
  });

  it('leaves drafts, unpublished and scheduled posts out until their time', async () => {
    const draft = await create(ownerSession, { message: 'A draft #hidden', isDraft: true });
    const later = new Date(test.clock.now().getTime() + 10 * 60 * 1000);
    const scheduled = await create(ownerSession, {
      message: 'Scheduled #hidden',
      publishedDate: later.toISOString(),
    });
    const visible = await create(ownerSession, { message: 'Visible now' });
    const ids = async () => (await feed(1, { pageSize: 100 })).list.map((post) => post.id);
    let shown = await ids();
    expect(shown).toContain(visible.id);
    expect(shown).not.toContain(draft.id);
    expect(shown).not.toContain(scheduled.id);
    // Page 2 was read with the old boundaries; once the scheduled post's time comes it counts.
    await feed(2);
    test.clock.advanceSeconds(11 * 60);
    shown = await ids();
    expect(shown).toContain(scheduled.id);
    expect(shown.slice(0, 3)).toContain(scheduled.id);
    expect((await feedIdsInDatabase()).slice(0, 100)).toEqual(shown);

    await call('POST', apiPaths.postsSetIsDraft, ownerSession, { id: draft.id, value: false });
    expect(await ids()).toContain(draft.id);
    await call('POST', apiPaths.postsSetIsPublished, ownerSession, {
      id: visible.id,
      value: false,
    });
    expect(await ids()).not.toContain(visible.id);
  });

  it('puts showFirstGuid first on page 1 when it is in the feed', async () => {
    const created = await create(memberSession, { message: 'Just posted' });
    const older = (await feed(3)).list[5];
    if (older === undefined) throw new Error('no older post');

    const withNew = await feed(1, { showFirstGuid: created.guid });
    expect(withNew.list[0]?.guid).toBe(created.guid);
    expect(withNew.list.filter((post) => post.id === created.id)).toHaveLength(1);
    expect(withNew.list).toHaveLength(20);

    // An older post leads page 1, followed by the whole page (21 posts, none lost).
    const plain = await feed(1);
    const withOlder = await feed(1, { showFirstGuid: older.guid });
    expect(withOlder.list.map((post) => post.id)).toEqual([
      older.id,
      ...plain.list.map((post) => post.id),
    ]);
    // Only on page 1.
    expect((await feed(2, { showFirstGuid: older.guid })).list).toEqual((await feed(2)).list);

    const draft = await create(memberSession, { message: 'Draft', isDraft: true });
    for (const guid of [draft.guid, 'not-a-guid', '00000000-0000-0000-0000-000000000000', '']) {
      expect((await feed(1, { showFirstGuid: guid })).list).toEqual(plain.list);
    }
  });
});

describe('feed pagination at depth', () => {
  it('answers page 300 of 6,000 posts like the database order, read in sequence or at once', async () => {
    const { seedManyPosts } = await import('../../server/db/seedContent');
    await seedManyPosts(handle.db, {
      count: 6000,
      now: new Date(test.clock.now().getTime() - 30 * 24 * 60 * 60 * 1000),
    });
    // A new server that remembers boundaries but no pages: every request reads the database.
    const pages = new FeedPages<FeedPost>({ maxPagesPerOrder: 0 });
    await reopenApp(undefined, { feedPages: pages });
    ownerSession = await login(test.app, owner.email);
    const expected = await feedIdsInDatabase();
    expect(expected.length).toBeGreaterThan(6000);

    const order = 'CreatedDate:desc:20';
    expect(pages.start(order, 300, test.clock.now()).page).toBe(1);
    const direct = await feed(300);
    expect(direct.list.map((post) => post.id)).toEqual(expected.slice(299 * 20, 300 * 20));
    // Page 300 read once by offset: it and page 301 now start from a remembered post.
    expect(pages.start(order, 300, test.clock.now()).page).toBe(300);
    expect(pages.start(order, 301, test.clock.now()).page).toBe(301);
    expect((await feed(300)).list).toEqual(direct.list);

    const sequence: number[] = [];
    for (let page = 1; page <= 310; page += 1) {
      const { list } = await feed(page);
      sequence.push(...list.map((post) => post.id));
    }
    expect(sequence).toEqual(expected.slice(0, 310 * 20));
    // Again, now from the remembered boundaries, and after a write (which forgets them).
    expect((await feed(305)).list.map((post) => post.id)).toEqual(
      expected.slice(304 * 20, 305 * 20),
    );
    const fresh = await create(ownerSession, { message: 'Newest' });
    const after = await feedIdsInDatabase();
    expect(after[0]).toBe(fresh.id);
    expect((await feed(305)).list.map((post) => post.id)).toEqual(after.slice(304 * 20, 305 * 20));
  });
});

describe('POST /posts/create', () => {
  it('stores the post of the caller in their current tenant', async () => {
    const publishedDate = daysAhead(2);
    const post = await create(memberSession, {
      message: 'Hello #test',
      link: 'https://givedrop.example/a?b=c',
      publishedDate,
    });
    expect(is(post, Post)).toBe(true);
    expect(post).toMatchObject({
      message: 'Hello #test',
      link: 'https://givedrop.example/a?b=c',
      publishedDate,
      isDraft: false,
      mediaFileStorageId: null,
      mediaFileStorageOriginalName: null,
    });
    const [row] = await handle.db.select().from(posts).where(eq(posts.id, post.id));
    const [memberRow] = await handle.db.select().from(users).where(eq(users.email, member.email));
    expect(row?.userId).toBe(memberRow?.id);
    expect(row?.tenantId).toBe(await tenantIdOf(DEMO_TENANTS.harbourHope.name));
  });

  it('accepts exactly 280 characters and an empty link', async () => {
    const post = await create(ownerSession, { message: 'x'.repeat(280), link: '' });
    expect(post.message).toHaveLength(280);
  });

  it.each([
    ['an empty message', { message: '' }, [postMessages.messageRequired]],
    ['a blank message', { message: '   \n ' }, [postMessages.messageRequired]],
    ['a missing message', { message: undefined }, [postMessages.messageRequired]],
    ['281 characters', { message: 'x'.repeat(281) }, [postMessages.messageTooLong]],
    ['10,000 characters', { message: 'x'.repeat(10_000) }, [postMessages.messageTooLong]],
    ['an ftp link', { link: 'ftp://givedrop.example' }, [postMessages.invalidUrl]],
    ['a javascript: link', { link: 'javascript:alert(1)' }, [postMessages.invalidUrl]],
    ['a relative link', { link: '/feed' }, [postMessages.invalidUrl]],
    [
      'a link too long',
      { link: `https://x.example/${'a'.repeat(2100)}` },
      [postMessages.invalidUrl],
    ],
    ['a date that is not one', { publishedDate: 'tomorrow' }, ['publishedDate is out of range.']],
    [
      'a loose date',
      { publishedDate: 'March 7, 2026' },
      ['publishedDate must be an ISO 8601 date, e.g. 2026-12-31T00:00:00Z.'],
    ],
    ['year 0', { publishedDate: '0000-01-01T00:00:00Z' }, [postMessages.publishedDateRange]],
    ['year 1969', { publishedDate: '1969-12-31T23:00:00Z' }, [postMessages.publishedDateRange]],
    ['a text isDraft', { isDraft: 'no' }, ['isDraft must be true or false.']],
    ['an unknown field', { userId: 1 }, ['userId is not an expected field.']],
    [
      'a NUL character',
      { message: 'a\u0000b' },
      ['message contains characters that are not allowed.'],
    ],
  ])('refuses %s with a 400 and stores nothing', async (_name, overrides, messages) => {
    const before = await feedIdsInDatabase();
    const payload: Record<string, unknown> = { ...newPost(), ...overrides };
    if (payload.message === undefined) delete payload.message;
    refused(await call('POST', apiPaths.postsCreate, ownerSession, payload), 400, messages);
    expect(await feedIdsInDatabase()).toEqual(before);
  });

  it('refuses a publish date in the past, and accepts the form default of a form open up to two hours', async () => {
    const before = await feedIdsInDatabase();
    const earliest = roundedNow().getTime() - 2 * 60 * 60_000;
    for (const publishedDate of [
      '2020-01-01T00:00:00Z',
      new Date(test.clock.now().getTime() - 86_400_000).toISOString(),
      new Date(earliest - 1).toISOString(),
    ]) {
      refused(
        await call('POST', apiPaths.postsCreate, ownerSession, newPost({ publishedDate })),
        400,
        [postMessages.publishDateInPast],
      );
    }
    expect(await feedIdsInDatabase()).toEqual(before);
    // The form's default (now rounded down to 15 minutes), and that of a form opened at the
    // start of the grace, two hours before the current step.
    expect((await create(ownerSession)).publishedDate).toBe(roundedNow().toISOString());
    const atEarliest = new Date(earliest).toISOString();
    expect((await create(ownerSession, { publishedDate: atEarliest })).publishedDate).toBe(
      atEarliest,
    );
  });

  it('refuses a caller whose login to the tenant was disabled', async () => {
    const [harbour, memberId] = await Promise.all([
      tenantIdOf(DEMO_TENANTS.harbourHope.name),
      handle.db.select({ id: users.id }).from(users).where(eq(users.email, member.email)),
    ]);
    const membership = and(
      eq(tenantUsers.tenantId, harbour),
      eq(tenantUsers.userId, memberId[0]?.id ?? 0),
    );
    await handle.db.update(tenantUsers).set({ loginEnabled: false }).where(membership);
    try {
      refused(await call('POST', apiPaths.postsCreate, memberSession, newPost()), 403, [
        'You do not have access to this organisation.',
      ]);
    } finally {
      await handle.db.update(tenantUsers).set({ loginEnabled: true }).where(membership);
    }
  });
});

describe('POST /posts/createWithFile', () => {
  it('confirms the pending upload and shows the image in the feed and at its URL', async () => {
    const apiKey = await mediaApiKey(test.app);
    const pending = await uploadPostImage(test.app, apiKey, 1600, 1200);
    const post = await data<Post>(
      await call('POST', apiPaths.postsCreateWithFile, memberSession, {
        ...newPost({ message: 'With a picture' }),
        mediaFileStorageId: pending.fileId,
        mediaFileStorageOriginalName: 'holiday.jpg',
      }),
    );
    expect(post).toMatchObject({
      mediaFileStorageId: pending.fileId,
      mediaFileStorageOriginalName: 'holiday.jpg',
    });
    expect(await readdir(join(test.mediaDir, 'pending'))).toEqual([]);
    const { list } = await feed(1, { showFirstGuid: post.guid });
    expect(list[0]?.postFiles).toEqual([
      { url: `/media/files/${pending.fileId}`, type: 'image', width: 1080, height: 810 },
    ]);
    const image = await test.app.inject({ method: 'GET', url: `/media/files/${pending.fileId}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    // The same upload cannot make a second post.
    refused(
      await call('POST', apiPaths.postsCreateWithFile, memberSession, {
        ...newPost(),
        mediaFileStorageId: pending.fileId,
        mediaFileStorageOriginalName: 'again.jpg',
      }),
      400,
      [postMessages.uploadNotPending],
    );
  });

  it('refuses an unknown upload, an avatar upload, and a bad post, leaving the upload pending', async () => {
    const apiKey = await mediaApiKey(test.app);
    const before = await feedIdsInDatabase();
    const withFile = (fileId: string, overrides: Partial<CreatePostRequest> = {}) =>
      call('POST', apiPaths.postsCreateWithFile, ownerSession, {
        ...newPost(overrides),
        mediaFileStorageId: fileId,
        mediaFileStorageOriginalName: 'x.jpg',
      });
    for (const fileId of ['nope', '../files/seed-post-01', 'seed-post-01']) {
      refused(await withFile(fileId), 400, [postMessages.uploadNotPending]);
    }
    const avatar = await uploadPostImage(test.app, apiKey, 400, 400, 'avatar');
    refused(await withFile(avatar.fileId), 400, [postMessages.uploadWrongPreset]);
    const pending = await uploadPostImage(test.app, apiKey);
    refused(await withFile(pending.fileId, { message: 'x'.repeat(281) }), 400, [
      postMessages.messageTooLong,
    ]);
    refused(await withFile(pending.fileId, { publishedDate: '1900-01-01T00:00:00Z' }), 400, [
      postMessages.publishedDateRange,
    ]);
    expect((await readdir(join(test.mediaDir, 'pending'))).sort()).toEqual(
      [avatar.fileId, `${avatar.fileId}.json`, pending.fileId, `${pending.fileId}.json`].sort(),
    );
    expect(await feedIdsInDatabase()).toEqual(before);
  });
});

describe('editing posts', () => {
  it('updates the own post, but never its media', async () => {
    const post = await create(ownerSession);
    const later = daysAhead(3);
    const updated = await data<Post>(
      await call('POST', apiPaths.postsUpdate, ownerSession, {
        id: post.id,
        message: 'Edited',
        link: 'http://givedrop.example',
        publishedDate: later,
        isDraft: true,
      }),
    );
    expect(updated).toEqual({
      ...post,
      message: 'Edited',
      link: 'http://givedrop.example',
      publishedDate: later,
      isDraft: true,
    });
    const withMedia = await call('POST', apiPaths.postsUpdate, ownerSession, {
      id: post.id,
      message: 'Edited',
      link: '',
      publishedDate: '2026-03-01T09:00:00Z',
      isDraft: true,
      mediaFileStorageId: 'seed-post-01',
    });
    refused(withMedia, 400, ['mediaFileStorageId is not an expected field.']);
    refused(
      await call('POST', apiPaths.postsUpdate, ownerSession, {
        id: post.id,
        message: 'x'.repeat(281),
        link: 'mailto:a@b.c',
        publishedDate: '2026-03-01T09:00:00Z',
        isDraft: true,
      }),
      400,
      [postMessages.messageTooLong, postMessages.invalidUrl],
    );
    expect(
      await data<Post>(await call('GET', apiPaths.postsGet, ownerSession, { id: String(post.id) })),
    ).toEqual(updated);
  });

  it('keeps a stored publish date in the past, but refuses moving a post into the past', async () => {
    const post = await create(ownerSession, { message: 'Published a while ago' });
    // A day later the post's date is in the past: editing its message keeps it.
    test.clock.advanceSeconds(86_400);
    const session = await login(test.app, owner.email);
    const edit = (publishedDate: string) =>
      call('POST', apiPaths.postsUpdate, session, {
        id: post.id,
        message: 'Edited a day later',
        link: '',
        publishedDate,
        isDraft: false,
      });
    expect(await data<Post>(await edit(post.publishedDate))).toMatchObject({
      message: 'Edited a day later',
      publishedDate: post.publishedDate,
    });
    const earlier = new Date(Date.parse(post.publishedDate) - 15 * 60_000).toISOString();
    refused(await edit(earlier), 400, [postMessages.publishDateInPast]);
    refused(
      await call('POST', postEndpoints.upsert.path, session, {
        ...newPost({ publishedDate: earlier }),
      }),
      400,
      [postMessages.publishDateInPast],
    );
    const [row] = await handle.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.publishedDate.toISOString()).toBe(post.publishedDate);
  });

  it("refuses another author's post (403) and another tenant's post (404), unchanged", async () => {
    const ownerPost = await create(ownerSession, { message: 'Owner only' });
    const update = (session: LoginResult) =>
      call('POST', apiPaths.postsUpdate, session, {
        id: ownerPost.id,
        message: 'Hijacked',
        link: '',
        publishedDate: ownerPost.publishedDate,
        isDraft: false,
      });
    // The member is in Harbour Hope too, but not the author.
    refused(await update(memberSession), 403, [postMessages.notYours]);
    for (const [method, path, payload] of [
      ['POST', apiPaths.postsSetIsDraft, { id: ownerPost.id, value: true }],
      ['POST', apiPaths.postsSetIsPublished, { id: ownerPost.id, value: false }],
      ['GET', apiPaths.postsGet, { id: String(ownerPost.id) }],
      ['GET', apiPaths.postsGetByGuid, { guid: ownerPost.guid }],
      ['DELETE', apiPaths.postsDelete, { id: String(ownerPost.id) }],
      ['DELETE', apiPaths.postsDeleteByGuid, { guid: ownerPost.guid }],
    ] as const) {
      refused(await call(method, path, memberSession, payload), 403, [postMessages.notYours]);
    }
    const memberPost = await create(memberSession, { message: 'Member in Harbour Hope' });
    // From the member's own tenant, Harbour Hope's posts are not there at all (the switch ends
    // the Harbour Hope session, so memberSession's token is no longer usable).
    const elsewhere = await switchTenant(memberSession, DEMO_TENANTS.marcusReed.name);
    refused(await update(elsewhere), 404, [postMessages.notFound]);
    // Nor can the member edit their own Harbour Hope post from there.
    refused(
      await call('POST', apiPaths.postsSetIsDraft, elsewhere, { id: memberPost.id, value: true }),
      404,
      [postMessages.notFound],
    );
    const [row] = await handle.db.select().from(posts).where(eq(posts.id, ownerPost.id));
    expect(row).toMatchObject({ message: 'Owner only', isDraft: false, isPublished: true });
    // Back to Harbour Hope, the member's tenant at the next login.
    await switchTenant(elsewhere, DEMO_TENANTS.harbourHope.name);
  });

  it('answers 404 for posts that do not exist, 400 for malformed ids', async () => {
    for (const id of ['999999', '99999999999', '9007199254740993']) {
      refused(await call('GET', apiPaths.postsGet, ownerSession, { id }), 404, [
        postMessages.notFound,
      ]);
    }
    for (const guid of [
      '00000000-0000-0000-0000-000000000000',
      'not-a-guid',
      "'; drop table posts",
    ]) {
      refused(await call('GET', apiPaths.postsGetByGuid, ownerSession, { guid }), 404, [
        postMessages.notFound,
      ]);
    }
    refused(await call('GET', apiPaths.postsGet, ownerSession, { id: 'abc' }), 400, [
      'id must be a whole number.',
    ]);
    refused(await call('GET', apiPaths.postsGet, ownerSession, {}), 400, ['id is required.']);
    refused(
      await call('POST', apiPaths.postsSetIsDraft, ownerSession, { id: 2 ** 40, value: true }),
      404,
      [postMessages.notFound],
    );
    refused(await call('POST', apiPaths.postsSetIsDraft, ownerSession, { id: 1 }), 400, [
      'value is required.',
    ]);
  });

  it('reads the own post by id and by guid', async () => {
    const post = await create(ownerSession, { message: 'Find me', isDraft: true });
    expect(
      await data<Post>(await call('GET', apiPaths.postsGet, ownerSession, { id: String(post.id) })),
    ).toEqual(post);
    expect(
      await data<Post>(
        await call('GET', apiPaths.postsGetByGuid, ownerSession, { guid: post.guid.toUpperCase() }),
      ),
    ).toEqual(post);
  });

  it('deletes the own post by id and by guid, with its image', async () => {
    const apiKey = await mediaApiKey(test.app);
    const pending = await uploadPostImage(test.app, apiKey);
    const withImage = await data<Post>(
      await call('POST', apiPaths.postsCreateWithFile, ownerSession, {
        ...newPost(),
        mediaFileStorageId: pending.fileId,
        mediaFileStorageOriginalName: 'a.jpg',
      }),
    );
    const plain = await create(ownerSession);
    expect(
      await data(
        await call('DELETE', apiPaths.postsDelete, ownerSession, { id: String(withImage.id) }),
      ),
    ).toEqual({ deleted: true });
    expect(await readdir(join(test.mediaDir, 'files'))).toEqual([]);
    expect(
      await data(
        await call('DELETE', apiPaths.postsDeleteByGuid, ownerSession, { guid: plain.guid }),
      ),
    ).toEqual({ deleted: true });
    for (const id of [withImage.id, plain.id]) {
      refused(await call('GET', apiPaths.postsGet, ownerSession, { id: String(id) }), 404, [
        postMessages.notFound,
      ]);
    }
    refused(
      await call('DELETE', apiPaths.postsDelete, ownerSession, { id: String(plain.id) }),
      404,
      [postMessages.notFound],
    );
  });

  it('upserts: creates without an id, updates with one', async () => {
    const created = await data<Post>(
      await call('POST', postEndpoints.upsert.path, ownerSession, newPost({ message: 'Upserted' })),
    );
    const updated = await data<Post>(
      await call('POST', postEndpoints.upsert.path, ownerSession, {
        ...newPost({ message: 'Upserted again' }),
        id: created.id,
      }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      guid: created.guid,
      message: 'Upserted again',
    });
    refused(
      await call('POST', postEndpoints.upsert.path, memberSession, {
        ...newPost(),
        id: created.id,
      }),
      403,
      [postMessages.notYours],
    );
  });
});

describe('POST /posts/list', () => {
  it("lists the caller's own posts of the current tenant, drafts included", async () => {
    const newbieSession = await login(test.app, newbie.email);
    const draft = await create(newbieSession, { message: 'Newbie draft #list', isDraft: true });
    const list = await data<ListResponse<Post>>(
      await call('POST', apiPaths.postsList, newbieSession, {
        page: 1,
        pageSize: 999,
        sortBy: 'CreatedDate',
        sortByDescending: true,
        getTotalCount: true,
      }),
    );
    expect(list.list[0]).toEqual(draft);
    const [newbieRow] = await handle.db.select().from(users).where(eq(users.email, newbie.email));
    const rows = await handle.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.userId, newbieRow?.id ?? 0))
      .orderBy(sql`${posts.createdAt} desc, ${posts.id} desc`);
    expect(list.totalCount).toBe(rows.length);
    expect(list.list.map((post) => post.id)).toEqual(rows.slice(0, 999).map((row) => row.id));

    const searched = await data<ListResponse<Post>>(
      await call('POST', apiPaths.postsList, newbieSession, {
        searchString: '#LIST',
        getTotalCount: true,
      }),
    );
    expect(searched).toEqual({ list: [draft], totalCount: 1 });
    const wildcard = await data<ListResponse<Post>>(
      await call('POST', apiPaths.postsList, newbieSession, { searchString: '%' }),
    );
    expect(wildcard.list).toEqual([]);
    refused(await call('POST', apiPaths.postsList, newbieSession, { sortBy: 'Id' }), 400, [
      postMessages.sortBy,
    ]);
  });
});

describe('POST /posts/list by status (My posts)', () => {
  const listed = async (session: LoginResult, status: string, extra: object = {}) =>
    data<ListResponse<Post>>(
      await call('POST', apiPaths.postsList, session, {
        status,
        page: 1,
        pageSize: 20,
        sortBy: status === 'draft' ? 'CreatedDate' : 'PublishedDate',
        sortByDescending: status !== 'scheduled',
        getTotalCount: true,
        ...extra,
      }),
    );

  it("answers the caller's drafts, scheduled and published posts of the current tenant apart", async () => {
    const newbieSession = await login(test.app, newbie.email);
    const before = {
      draft: (await listed(newbieSession, 'draft')).totalCount ?? 0,
      scheduled: (await listed(newbieSession, 'scheduled')).totalCount ?? 0,
      published: (await listed(newbieSession, 'published')).totalCount ?? 0,
    };
    const draft = await create(newbieSession, { message: 'A draft', isDraft: true });
    const soon = await create(newbieSession, { message: 'Soon', publishedDate: daysAhead(1) });
    const later = await create(newbieSession, { message: 'Later', publishedDate: daysAhead(5) });
    const now = await create(newbieSession, { message: 'Out now' });
    const hidden = await create(newbieSession, { message: 'Taken out of the feed' });
    await data(
      await call('POST', apiPaths.postsSetIsPublished, newbieSession, {
        id: hidden.id,
        value: false,
      }),
    );
    // Another author's posts in other organisations are never listed.
    await create(ownerSession, { message: 'Not the newbie’s', isDraft: true });
    await create(memberSession, {
      message: 'Not the newbie’s either',
      publishedDate: daysAhead(1),
    });

    const drafts = await listed(newbieSession, 'draft');
    expect(drafts.totalCount).toBe(before.draft + 2);
    expect(drafts.list.slice(0, 2).map((post) => post.id)).toEqual([hidden.id, draft.id]);
    const scheduled = await listed(newbieSession, 'scheduled');
    expect(scheduled.totalCount).toBe(before.scheduled + 2);
    expect(scheduled.list.slice(0, 2)).toEqual([soon, later]);
    const published = await listed(newbieSession, 'published');
    expect(published.totalCount).toBe(before.published + 1);
    expect(published.list[0]).toEqual(now);

    // Its time comes: the scheduled post is published.
    test.clock.advanceSeconds(2 * 86_400);
    const later2 = await login(test.app, newbie.email);
    expect((await listed(later2, 'published')).list[0]).toEqual(soon);
    expect((await listed(later2, 'scheduled')).list[0]).toEqual(later);
  });

  it('pages the posts of a status', async () => {
    const newbieSession = await login(test.app, newbie.email);
    const drafts = [];
    for (let index = 0; index < 3; index += 1) {
      drafts.push(await create(newbieSession, { message: `Draft ${index}`, isDraft: true }));
    }
    const first = await listed(newbieSession, 'draft', { pageSize: 2 });
    const second = await listed(newbieSession, 'draft', { pageSize: 2, page: 2 });
    expect(first.list.map((post) => post.id)).toEqual([drafts[2]?.id, drafts[1]?.id]);
    expect(second.list[0]?.id).toBe(drafts[0]?.id);
  });

  it('refuses an unknown status', async () => {
    for (const status of ['Draft', 'deleted', '', 1]) {
      const response = await call('POST', apiPaths.postsList, ownerSession, { status });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response).messages).toHaveLength(1);
    }
  });
});
