/**
 * Posts (spec §3 Post, §7.2 Posts). The feed is public to every signed-in user: it shows the
 * published posts of all tenants whose publishedDate has come, drafts and scheduled posts left
 * out, newest first, paged by keyset (see feedPages.ts). A post is edited only by its author,
 * in the tenant it was written in: another tenant's post is not found, another author's post in
 * the same tenant is forbidden.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  min,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { ListRequest, ListResponse } from '../../contract/lists';
import { mediaPresetIds } from '../../contract/media';
import {
  FEED_PAGE_SIZE,
  postTexts,
  type CreatePostRequest,
  type CreatePostWithFileRequest,
  type FeedListRequest,
  type FeedPost,
  type MediaFile,
  type Post,
  type UpdatePostRequest,
} from '../../contract/posts';
import type { Queryable } from '../db/database';
import { posts, tenantUsers, users, type PostRow } from '../db/schema';
import type { MediaService } from '../media/service';
import type { Principal } from './accessTokens';
import type { DomainContext } from './context';
import { isStorableId } from '../db/recordIds';
import { forbidden, invalid, notFound } from './errors';
import type { FeedCursor, FeedLesson, FeedPages } from './feedPages';
import { NO_TENANT_ACCESS, parseOptionalDate } from './tenants';

export const postMessages = {
  ...postTexts,
  notFound: 'Post not found.',
  notYours: 'You can only change your own posts.',
  uploadNotPending: 'The uploaded file was not found or has already been used; upload it again.',
  uploadWrongPreset: 'The uploaded file was not uploaded for a post.',
  sortBy: 'sortBy must be CreatedDate or PublishedDate.',
  publishedDateRange: 'publishedDate must be between 1970 and 9999.',
} as const;

/** What the posts calls need: the domain context, the media service and the feed's memory. */
export interface PostsContext extends DomainContext {
  media: MediaService;
  feedPages: FeedPages<FeedPost>;
}

/** No feed is deeper; a page beyond answers an empty list. */
const MAX_FEED_OFFSET = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PostSort = 'CreatedDate' | 'PublishedDate';

/** sortBy of a list request: CreatedDate (the default) or PublishedDate, any letter case. */
export function postSortOf(sortBy: string | undefined): PostSort {
  const value = (sortBy ?? '').toLowerCase();
  if (value === '' || value === 'createddate') return 'CreatedDate';
  if (value === 'publisheddate') return 'PublishedDate';
  throw invalid(postMessages.sortBy);
}

const sortColumn = (sort: PostSort) =>
  sort === 'PublishedDate' ? posts.publishedDate : posts.createdAt;

function parsePublishedDate(value: string): Date {
  const date = parseOptionalDate('publishedDate', value);
  if (!(date instanceof Date)) throw invalid(postMessages.publishedDateRange);
  const year = date.getUTCFullYear();
  if (year < 1970 || year > 9999) throw invalid(postMessages.publishedDateRange);
  return date;
}

/** The published, non-draft posts whose time has come (the partial indexes' predicate first). */
const inFeed = (now: Date | Placeholder) =>
  sql`${posts.isPublished} and not ${posts.isDraft} and ${posts.publishedDate} <= ${now instanceof Date ? now.toISOString() : now}::timestamptz`;

export function toPost(row: PostRow): Post {
  return {
    id: row.id,
    guid: row.guid,
    message: row.message,
    link: row.link,
    publishedDate: row.publishedDate.toISOString(),
    isDraft: row.isDraft,
    mediaFileStorageId: row.mediaFileId,
    mediaFileStorageOriginalName: row.mediaOriginalName,
  };
}

const feedColumns = {
  id: posts.id,
  guid: posts.guid,
  message: posts.message,
  link: posts.link,
  publishedDate: posts.publishedDate,
  createdAt: posts.createdAt,
  mediaFileId: posts.mediaFileId,
  mediaWidth: posts.mediaWidth,
  mediaHeight: posts.mediaHeight,
  userHandle: users.handle,
  userAvatarUrl: users.avatarUrl,
};

interface FeedRow {
  id: number;
  guid: string;
  message: string;
  link: string;
  publishedDate: Date;
  createdAt: Date;
  mediaFileId: string | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
  userHandle: string;
  userAvatarUrl: string;
}

function toFeedPost(media: MediaService, row: FeedRow): FeedPost {
  const files: MediaFile[] =
    row.mediaFileId === null
      ? []
      : [
          {
            url: media.fileUrl(row.mediaFileId),
            type: 'image',
            width: row.mediaWidth ?? 1,
            height: row.mediaHeight ?? 1,
          },
        ];
  return {
    id: row.id,
    guid: row.guid,
    userHandle: row.userHandle,
    userAvatarUrl: row.userAvatarUrl,
    message: row.message,
    link: row.link,
    postFileUrls: files.map((file) => file.url),
    postFiles: files,
    publishedDate: row.publishedDate.toISOString(),
  };
}

interface FeedQuery {
  sort: PostSort;
  descending: boolean;
  now: Date;
  after: FeedCursor | undefined;
  offset: number;
  limit: number;
}

/**
 * The feed's query for one sort, direction and start (the top, or after a keyset cursor), with
 * the moment, the cursor and the page's limit and offset as placeholders. Every feed read that
 * misses the page memory runs one, so it is built and prepared once per database and variant:
 * building the query on each request cost about a third of its time on PGlite.
 */
function buildFeedStatement(
  db: Queryable,
  name: string,
  sort: PostSort,
  descending: boolean,
  keyset: boolean,
) {
  const column = sortColumn(sort);
  const conditions: SQL[] = [inFeed(sql.placeholder('now'))];
  if (keyset) {
    const cursor = sql`(${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::integer)`;
    conditions.push(
      descending
        ? sql`(${column}, ${posts.id}) < ${cursor}`
        : sql`(${column}, ${posts.id}) > ${cursor}`,
    );
  }
  const direction = descending ? desc : asc;
  return db
    .select(feedColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(...conditions))
    .orderBy(direction(column), direction(posts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}

type FeedStatement = ReturnType<typeof buildFeedStatement>;
const feedStatements = new WeakMap<Queryable, Map<string, FeedStatement>>();

function feedStatement(db: Queryable, sort: PostSort, descending: boolean, keyset: boolean) {
  let statements = feedStatements.get(db);
  if (statements === undefined) {
    statements = new Map();
    feedStatements.set(db, statements);
  }
  const name = `feed_${sort}_${descending ? 'desc' : 'asc'}_${keyset ? 'after' : 'top'}`;
  let statement = statements.get(name);
  if (statement === undefined) {
    statement = buildFeedStatement(db, name, sort, descending, keyset);
    statements.set(name, statement);
  }
  return statement;
}

function readFeed(db: Queryable, query: FeedQuery): Promise<FeedRow[]> {
  const { after } = query;
  return feedStatement(db, query.sort, query.descending, after !== undefined).execute({
    now: query.now.toISOString(),
    afterAt: after?.at.toISOString(),
    afterId: after?.id,
    limit: query.limit,
    offset: query.offset,
  });
}

/** When the next scheduled post becomes visible: the feed's order changes then. */
async function nextScheduledPublish(db: Queryable, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ next: min(posts.publishedDate) })
    .from(posts)
    .where(
      sql`${posts.isPublished} and not ${posts.isDraft} and ${posts.publishedDate} > ${now.toISOString()}::timestamptz`,
    );
  return row?.next ?? undefined;
}

async function findFeedPostByGuid(
  db: Queryable,
  guid: string,
  now: Date,
): Promise<FeedRow | undefined> {
  if (!UUID.test(guid)) return undefined;
  const [row] = await db
    .select(feedColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.guid, guid), inFeed(now)));
  return row;
}

async function countFeed(db: Queryable, now: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(posts).where(inFeed(now));
  return row?.total ?? 0;
}

/** The order of a feed request: its sort, direction and page size, and their memory key. */
interface FeedOrder {
  key: string;
  sort: PostSort;
  descending: boolean;
  pageSize: number;
}

/** Reads a page of the feed from the database and remembers it with its boundaries. */
async function readFeedPage(
  ctx: PostsContext,
  order: FeedOrder,
  page: number,
  now: Date,
): Promise<FeedPost[]> {
  const { key, sort, descending, pageSize } = order;
  const generation = ctx.feedPages.generation();
  const start = ctx.feedPages.start(key, page, now);
  // Seeking past earlier pages: read the post before the page too, the page's own boundary.
  const skip = (page - start.page) * pageSize;
  const read = await readFeed(ctx.db, {
    sort,
    descending,
    now,
    after: start.cursor,
    offset: Math.max(0, skip - 1),
    limit: skip > 0 ? pageSize + 1 : pageSize,
  });
  const rows = skip > 0 ? read.slice(1) : read;
  const list = rows.map((row) => toFeedPost(ctx.media, row));
  const cursorOf = (row: FeedRow): FeedCursor => ({
    at: sort === 'PublishedDate' ? row.publishedDate : row.createdAt,
    id: row.id,
  });
  const lesson: FeedLesson<FeedPost> = { boundaries: [], page: [page, list] };
  const before = skip > 0 ? read[0] : undefined;
  if (before !== undefined) lesson.boundaries.push([page, cursorOf(before)]);
  const last = rows.at(-1);
  if (last !== undefined && rows.length === pageSize) {
    lesson.boundaries.push([page + 1, cursorOf(last)]);
  }
  const validUntil = ctx.feedPages.has(key, now)
    ? undefined
    : await nextScheduledPublish(ctx.db, now);
  ctx.feedPages.remember(key, now, validUntil, generation, lesson);
  return list;
}

/**
 * POST /posts/feedList: a page of the public feed, newest first by CreatedDate (or
 * PublishedDate). With showFirstGuid, page 1 starts with that post when it is in the feed,
 * followed by the page without it (so page 1 may hold pageSize + 1 posts).
 */
export async function feedList(
  ctx: PostsContext,
  request: FeedListRequest,
): Promise<ListResponse<FeedPost>> {
  const sort = postSortOf(request.sortBy);
  const descending = request.sortByDescending ?? true;
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? FEED_PAGE_SIZE;
  const now = ctx.now();
  const totalCount = request.getTotalCount === true ? await countFeed(ctx.db, now) : null;
  if ((page - 1) * pageSize > MAX_FEED_OFFSET) return { list: [], totalCount };

  const order = {
    key: `${sort}:${descending ? 'desc' : 'asc'}:${pageSize}`,
    sort,
    descending,
    pageSize,
  };
  await ctx.feedPages.catchUp(order.key, page, now);
  let list =
    ctx.feedPages.page(order.key, page, now) ?? (await readFeedPage(ctx, order, page, now));
  if (page === 1 && request.showFirstGuid) {
    const first = await findFeedPostByGuid(ctx.db, request.showFirstGuid, now);
    if (first !== undefined) {
      list = [toFeedPost(ctx.media, first), ...list.filter((post) => post.id !== first.id)];
    }
  }
  return { list, totalCount };
}

/** The caller may still act in their current tenant. */
async function requireMembership(db: Queryable, principal: Principal): Promise<void> {
  const [row] = await db
    .select({ loginEnabled: tenantUsers.loginEnabled })
    .from(tenantUsers)
    .where(
      and(eq(tenantUsers.userId, principal.userId), eq(tenantUsers.tenantId, principal.tenantId)),
    );
  if (row === undefined || !row.loginEnabled) throw forbidden(NO_TENANT_ACCESS);
}

export type PostRef = { id: number } | { guid: string };

/** The caller's own post in their current tenant. */
async function findOwnPost(db: Queryable, principal: Principal, ref: PostRef): Promise<PostRow> {
  await requireMembership(db, principal);
  let row: PostRow | undefined;
  if ('id' in ref) {
    if (isStorableId(ref.id)) [row] = await db.select().from(posts).where(eq(posts.id, ref.id));
  } else if (UUID.test(ref.guid)) {
    [row] = await db.select().from(posts).where(eq(posts.guid, ref.guid.toLowerCase()));
  }
  if (row === undefined || row.tenantId !== principal.tenantId)
    throw notFound(postMessages.notFound);
  if (row.userId !== principal.userId) throw forbidden(postMessages.notYours);
  return row;
}

/** POST /posts/create */
export async function createPost(
  ctx: PostsContext,
  principal: Principal,
  input: CreatePostRequest,
): Promise<Post> {
  const publishedDate = parsePublishedDate(input.publishedDate);
  await requireMembership(ctx.db, principal);
  const [row] = await ctx.db
    .insert(posts)
    .values({
      tenantId: principal.tenantId,
      userId: principal.userId,
      message: input.message,
      link: input.link,
      publishedDate,
      isDraft: input.isDraft,
    })
    .returning();
  ctx.feedPages.invalidate();
  if (row === undefined) throw new Error('The post was not stored.');
  return toPost(row);
}

/**
 * POST /posts/createWithFile: confirms the pending upload (which must have passed the post
 * preset) and stores the post with it; if the post cannot be stored the upload stays pending.
 */
export async function createPostWithFile(
  ctx: PostsContext,
  principal: Principal,
  input: CreatePostWithFileRequest,
): Promise<Post> {
  const publishedDate = parsePublishedDate(input.publishedDate);
  await requireMembership(ctx.db, principal);
  const outcome = await ctx.media.confirmPendingUpload(
    input.mediaFileStorageId,
    mediaPresetIds.post,
  );
  if (outcome.kind === 'notPending') throw invalid(postMessages.uploadNotPending);
  if (outcome.kind === 'wrongPreset') throw invalid(postMessages.uploadWrongPreset);
  let row: PostRow | undefined;
  try {
    [row] = await ctx.db
      .insert(posts)
      .values({
        tenantId: principal.tenantId,
        userId: principal.userId,
        message: input.message,
        link: input.link,
        publishedDate,
        isDraft: input.isDraft,
        mediaFileId: outcome.file.fileId,
        mediaOriginalName: input.mediaFileStorageOriginalName,
        mediaWidth: outcome.file.width,
        mediaHeight: outcome.file.height,
      })
      .returning();
    if (row === undefined) throw new Error('The post was not stored.');
  } catch (error) {
    await outcome.undo();
    throw error;
  }
  ctx.feedPages.invalidate();
  return toPost(row);
}

async function updateOwnPost(
  ctx: PostsContext,
  principal: Principal,
  ref: PostRef,
  changes: Partial<Pick<PostRow, 'message' | 'link' | 'publishedDate' | 'isDraft' | 'isPublished'>>,
): Promise<Post> {
  const post = await findOwnPost(ctx.db, principal, ref);
  const [row] = await ctx.db.update(posts).set(changes).where(eq(posts.id, post.id)).returning();
  if (row === undefined) throw notFound(postMessages.notFound);
  ctx.feedPages.invalidate();
  return toPost(row);
}

/** POST /posts/update: message, link, publishedDate and isDraft; the media cannot change. */
export function updatePost(
  ctx: PostsContext,
  principal: Principal,
  input: UpdatePostRequest,
): Promise<Post> {
  const publishedDate = parsePublishedDate(input.publishedDate);
  return updateOwnPost(
    ctx,
    principal,
    { id: input.id },
    {
      message: input.message,
      link: input.link,
      publishedDate,
      isDraft: input.isDraft,
    },
  );
}

export interface UpsertPostInput extends CreatePostRequest {
  id?: number | undefined;
}

/** POST /posts/upsert: update with an id, create without. */
export function upsertPost(
  ctx: PostsContext,
  principal: Principal,
  input: UpsertPostInput,
): Promise<Post> {
  const { id, ...fields } = input;
  return id === undefined
    ? createPost(ctx, principal, fields)
    : updatePost(ctx, principal, { ...fields, id });
}

/** POST /posts/setIsDraft */
export const setIsDraft = (ctx: PostsContext, principal: Principal, id: number, value: boolean) =>
  updateOwnPost(ctx, principal, { id }, { isDraft: value });

/** POST /posts/setIsPublished */
export const setIsPublished = (
  ctx: PostsContext,
  principal: Principal,
  id: number,
  value: boolean,
) => updateOwnPost(ctx, principal, { id }, { isPublished: value });

/** GET /posts/get, /posts/getByGuid: the caller's own post, to edit. */
export async function getPost(
  ctx: PostsContext,
  principal: Principal,
  ref: PostRef,
): Promise<Post> {
  return toPost(await findOwnPost(ctx.db, principal, ref));
}

/** Deletes a post's media file unless another post shows it too (seeded posts share images). */
async function deleteUnusedFile(ctx: PostsContext, fileId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ total: count() })
    .from(posts)
    .where(eq(posts.mediaFileId, fileId));
  if ((row?.total ?? 0) === 0) await ctx.media.deleteFile(fileId);
}

/** DELETE /posts/delete, /posts/deletebyguid: the post, then its media file. */
export async function deletePost(
  ctx: PostsContext,
  principal: Principal,
  ref: PostRef,
): Promise<{ deleted: true }> {
  const post = await findOwnPost(ctx.db, principal, ref);
  const [row] = await ctx.db.delete(posts).where(eq(posts.id, post.id)).returning({ id: posts.id });
  if (row === undefined) throw notFound(postMessages.notFound);
  ctx.feedPages.invalidate();
  if (post.mediaFileId !== null) await deleteUnusedFile(ctx, post.mediaFileId);
  return { deleted: true };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** POST /posts/list: the caller's own posts in their current tenant, drafts included. */
export async function listOwnPosts(
  ctx: PostsContext,
  principal: Principal,
  request: ListRequest,
): Promise<ListResponse<Post>> {
  await requireMembership(ctx.db, principal);
  const sort = postSortOf(request.sortBy);
  const direction = (request.sortByDescending ?? true) ? desc : asc;
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? FEED_PAGE_SIZE;
  const search = request.searchString?.trim() ?? '';
  const where = and(
    eq(posts.userId, principal.userId),
    eq(posts.tenantId, principal.tenantId),
    search === '' ? undefined : ilike(posts.message, `%${escapeLike(search)}%`),
  );
  if ((page - 1) * pageSize > MAX_FEED_OFFSET) return { list: [], totalCount: null };
  const rows = await ctx.db
    .select()
    .from(posts)
    .where(where)
    .orderBy(direction(sortColumn(sort)), direction(posts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  let totalCount: number | null = null;
  if (request.getTotalCount === true) {
    const [row] = await ctx.db.select({ total: count() }).from(posts).where(where);
    totalCount = row?.total ?? 0;
  }
  return { list: rows.map(toPost), totalCount };
}
