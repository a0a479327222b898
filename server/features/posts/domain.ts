/**
 * Posts (spec §3 Post, §7.2 Posts). The feed is public to every signed-in user: it shows the
 * published posts of all tenants whose publishedDate has come, drafts and scheduled posts left
 * out, newest first, paged by keyset (see feedPages.ts). A post is edited only by its author,
 * in the tenant it was written in: another tenant's post is not found, another author's post in
 * the same tenant is forbidden.
 */
import type { ListResponse } from '../../../contract/lists';
import { mediaPresetIds } from '../../../contract/media';
import {
  FEED_PAGE_SIZE,
  PUBLISH_STEP_MINUTES,
  postTexts,
  type CreatePostRequest,
  type CreatePostWithFileRequest,
  type FeedListRequest,
  type FeedPost,
  type MediaFile,
  type OwnPostListRequest,
  type Post,
  type UpdatePostRequest,
} from '../../../contract/posts';
import type { Queryable } from '../../db/database';
import type { MediaService } from '../../media/service';
import type { DomainContext } from '../../domain/context';
import { isStorableId } from '../../db/recordIds';
import { parseOptionalDate } from '../../domain/dates';
import { forbidden, invalid, notFound } from '../../domain/errors';
import { requireMembership, type TenantScope } from '../../domain/scope';
import type { FeedCursor, FeedLesson, FeedPages } from './feedPages';
import {
  countAuthorPosts,
  countFeed,
  countPostsWithFile,
  deletePostRow,
  insertPost,
  nextScheduledPublish,
  readFeed,
  selectAuthorPosts,
  selectFeedPostByGuid,
  selectPostByGuid,
  selectPostById,
  updatePostRow,
  type FeedRow,
  type PostChanges,
  type PostRow,
  type PostSort,
} from './queries';
import { isGuid } from '../../domain/guid';

export type { PostSort };

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

/** sortBy of a list request: CreatedDate (the default) or PublishedDate, any letter case. */
export function postSortOf(sortBy: string | undefined): PostSort {
  const value = (sortBy ?? '').toLowerCase();
  if (value === '' || value === 'createddate') return 'CreatedDate';
  if (value === 'publisheddate') return 'PublishedDate';
  throw invalid(postMessages.sortBy);
}

function parsePublishedDate(value: string): Date {
  const date = parseOptionalDate('publishedDate', value);
  if (!(date instanceof Date)) throw invalid(postMessages.publishedDateRange);
  const year = date.getUTCFullYear();
  if (year < 1970 || year > 9999) throw invalid(postMessages.publishedDateRange);
  return date;
}

const PUBLISH_STEP_MS = PUBLISH_STEP_MINUTES * 60_000;
/**
 * How long a person may take over a post whose publish date they left at the form's default (the
 * time the form opened, rounded down to the step) before that date counts as the past.
 */
export const PUBLISH_GRACE_MS = 2 * 60 * 60_000;

/**
 * The earliest publish date a post may be given at `now`: two hours before the current 15-minute
 * step began. The form's default is the time it opened, rounded down to the step, and writing a
 * post takes a while (review of issue 34: with one step of grace, a form opened at 10:14 and sent
 * at 10:30 was refused a date the person never touched). Anything earlier would back-date the
 * post (postTexts.publishDateInPast).
 */
export function earliestPublishDate(now: Date): Date {
  return new Date(Math.floor(now.getTime() / PUBLISH_STEP_MS) * PUBLISH_STEP_MS - PUBLISH_GRACE_MS);
}

/** Refuses a publish date before the earliest one, unless it is the post's stored one (kept). */
function refusePastPublishDate(date: Date, now: Date, stored?: Date): void {
  if (stored !== undefined && stored.getTime() === date.getTime()) return;
  if (date.getTime() < earliestPublishDate(now).getTime()) {
    throw invalid(postMessages.publishDateInPast);
  }
}

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

/** The post with this guid if it is in the feed (a malformed guid finds none). */
async function findFeedPostByGuid(
  db: Queryable,
  guid: string,
  now: Date,
): Promise<FeedRow | undefined> {
  return isGuid(guid) ? selectFeedPostByGuid(db, guid, now) : undefined;
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

export type PostRef = { id: number } | { guid: string };

/** The caller's own post in their current tenant. */
async function findOwnPost(db: Queryable, scope: TenantScope, ref: PostRef): Promise<PostRow> {
  await requireMembership(db, scope);
  let row: PostRow | undefined;
  if ('id' in ref) {
    if (isStorableId(ref.id)) row = await selectPostById(db, ref.id);
  } else if (isGuid(ref.guid)) {
    row = await selectPostByGuid(db, ref.guid.toLowerCase());
  }
  if (row === undefined || row.tenantId !== scope.tenantId) throw notFound(postMessages.notFound);
  if (row.userId !== scope.userId) throw forbidden(postMessages.notYours);
  return row;
}

/**
 * A new post's fields, by the caller in their current tenant (the date checked first: a date, in
 * range, not in the past).
 */
function authoredPost(scope: TenantScope, input: CreatePostRequest, now: Date) {
  const publishedDate = parsePublishedDate(input.publishedDate);
  refusePastPublishDate(publishedDate, now);
  return {
    tenantId: scope.tenantId,
    userId: scope.userId,
    message: input.message,
    link: input.link,
    publishedDate,
    isDraft: input.isDraft,
  };
}

/** POST /posts/create */
export async function createPost(
  ctx: PostsContext,
  scope: TenantScope,
  input: CreatePostRequest,
): Promise<Post> {
  const post = authoredPost(scope, input, ctx.now());
  await requireMembership(ctx.db, scope);
  const row = await insertPost(ctx.db, post);
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
  scope: TenantScope,
  input: CreatePostWithFileRequest,
): Promise<Post> {
  const post = authoredPost(scope, input, ctx.now());
  await requireMembership(ctx.db, scope);
  const outcome = await ctx.media.confirmPendingUpload(
    input.mediaFileStorageId,
    mediaPresetIds.post,
  );
  if (outcome.kind === 'notPending') throw invalid(postMessages.uploadNotPending);
  if (outcome.kind === 'wrongPreset') throw invalid(postMessages.uploadWrongPreset);
  let row: PostRow | undefined;
  try {
    row = await insertPost(ctx.db, {
      ...post,
      mediaFileId: outcome.file.fileId,
      mediaOriginalName: input.mediaFileStorageOriginalName,
      mediaWidth: outcome.file.width,
      mediaHeight: outcome.file.height,
    });
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
  scope: TenantScope,
  ref: PostRef,
  changes: PostChanges,
): Promise<Post> {
  const post = await findOwnPost(ctx.db, scope, ref);
  // A stored publish date in the past stays (an update of a published post keeps its date); a
  // new one may not be in the past.
  if (changes.publishedDate !== undefined) {
    refusePastPublishDate(changes.publishedDate, ctx.now(), post.publishedDate);
  }
  const row = await updatePostRow(ctx.db, post.id, changes);
  if (row === undefined) throw notFound(postMessages.notFound);
  ctx.feedPages.invalidate();
  return toPost(row);
}

/** POST /posts/update: message, link, publishedDate and isDraft; the media cannot change. */
export function updatePost(
  ctx: PostsContext,
  scope: TenantScope,
  input: UpdatePostRequest,
): Promise<Post> {
  const publishedDate = parsePublishedDate(input.publishedDate);
  return updateOwnPost(
    ctx,
    scope,
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
  scope: TenantScope,
  input: UpsertPostInput,
): Promise<Post> {
  const { id, ...fields } = input;
  return id === undefined
    ? createPost(ctx, scope, fields)
    : updatePost(ctx, scope, { ...fields, id });
}

/** POST /posts/setIsDraft */
export const setIsDraft = (ctx: PostsContext, scope: TenantScope, id: number, value: boolean) =>
  updateOwnPost(ctx, scope, { id }, { isDraft: value });

/** POST /posts/setIsPublished */
export const setIsPublished = (ctx: PostsContext, scope: TenantScope, id: number, value: boolean) =>
  updateOwnPost(ctx, scope, { id }, { isPublished: value });

/** GET /posts/get, /posts/getByGuid: the caller's own post, to edit. */
export async function getPost(ctx: PostsContext, scope: TenantScope, ref: PostRef): Promise<Post> {
  return toPost(await findOwnPost(ctx.db, scope, ref));
}

/** Deletes a post's media file unless another post shows it too (seeded posts share images). */
async function deleteUnusedFile(ctx: PostsContext, fileId: string): Promise<void> {
  if ((await countPostsWithFile(ctx.db, fileId)) === 0) await ctx.media.deleteFile(fileId);
}

/** DELETE /posts/delete, /posts/deletebyguid: the post, then its media file. */
export async function deletePost(
  ctx: PostsContext,
  scope: TenantScope,
  ref: PostRef,
): Promise<{ deleted: true }> {
  const post = await findOwnPost(ctx.db, scope, ref);
  if (!(await deletePostRow(ctx.db, post.id))) throw notFound(postMessages.notFound);
  ctx.feedPages.invalidate();
  if (post.mediaFileId !== null) await deleteUnusedFile(ctx, post.mediaFileId);
  return { deleted: true };
}

/**
 * POST /posts/list: the caller's own posts in their current tenant, drafts included; with a
 * status, only the drafts, the scheduled or the published ones (at the server's now).
 */
export async function listOwnPosts(
  ctx: PostsContext,
  scope: TenantScope,
  request: OwnPostListRequest,
): Promise<ListResponse<Post>> {
  await requireMembership(ctx.db, scope);
  const sort = postSortOf(request.sortBy);
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? FEED_PAGE_SIZE;
  const query = {
    userId: scope.userId,
    tenantId: scope.tenantId,
    search: request.searchString?.trim() ?? '',
    status: request.status === undefined ? undefined : { status: request.status, now: ctx.now() },
  };
  if ((page - 1) * pageSize > MAX_FEED_OFFSET) return { list: [], totalCount: null };
  const rows = await selectAuthorPosts(ctx.db, {
    ...query,
    sort,
    descending: request.sortByDescending ?? true,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const totalCount = request.getTotalCount === true ? await countAuthorPosts(ctx.db, query) : null;
  return { list: rows.map(toPost), totalCount };
}
