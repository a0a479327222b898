/** The posts calls of spec §7.2 (posts/...): the feed and a person's own posts. */
import { integer, min, object, optional, unknown } from 'superstruct';
import { ListResponse } from '../lists';
import {
  CreatePostRequest,
  CreatePostWithFileRequest,
  FeedListRequest,
  FeedPostList,
  OwnPostListRequest,
  Post,
  PostGuidRequest,
  PostIdRequest,
  SetPostFlagRequest,
  UpdatePostRequest,
  postTexts,
} from '../posts';
import { endpoint, type FieldMessages } from './define';

/** Spec §5 Post texts for a bad payload. */
export const postFieldMessages: FieldMessages = {
  message: {
    required: postTexts.messageRequired,
    invalid: postTexts.messageRequired,
    tooLong: postTexts.messageTooLong,
  },
  link: { invalid: postTexts.invalidUrl, tooLong: postTexts.invalidUrl },
};

/** spec §7.2 posts/upsert: create without an id, update with one. */
export const UpsertPostRequest = object({
  id: optional(min(integer(), 1)),
  ...CreatePostRequest.schema,
});

/**
 * The answer of delete and the flags: the spec does not show it, so the client reads only the
 * status (the server answers the post, or `{deleted: true}`).
 */
const readForStatusOnly = unknown();

/** posts/list: a person's own posts (spec §3 List response). */
export const PostList = ListResponse(Post);

export const postEndpoints = {
  /**
   * POST posts/feedList (page, pageSize 20, sortBy CreatedDate, sortByDescending true,
   * getTotalCount false, showFirstGuid): the page's posts (data.list).
   */
  feedList: endpoint({
    method: 'POST',
    path: 'posts/feedList',
    request: FeedListRequest,
    response: FeedPostList,
    auth: 'user',
  }),
  /** POST posts/create (message, link, publishedDate, isDraft): the post created. */
  create: endpoint({
    method: 'POST',
    path: 'posts/create',
    request: CreatePostRequest,
    response: Post,
    auth: 'user',
    messages: postFieldMessages,
  }),
  /**
   * POST posts/createWithFile: like create, with the media service's pending upload id and the
   * file's original name; the server confirms the upload.
   */
  createWithFile: endpoint({
    method: 'POST',
    path: 'posts/createWithFile',
    request: CreatePostWithFileRequest,
    response: Post,
    auth: 'user',
    messages: postFieldMessages,
  }),
  /** POST posts/update (id, message, link, publishedDate, isDraft; the media cannot change). */
  update: endpoint({
    method: 'POST',
    path: 'posts/update',
    request: UpdatePostRequest,
    response: Post,
    auth: 'user',
    messages: postFieldMessages,
  }),
  /** POST posts/upsert: create without an id, update with one. */
  upsert: endpoint({
    method: 'POST',
    path: 'posts/upsert',
    request: UpsertPostRequest,
    response: Post,
    auth: 'user',
    messages: postFieldMessages,
  }),
  /** POST posts/setIsDraft (id, value) */
  setIsDraft: endpoint({
    method: 'POST',
    path: 'posts/setIsDraft',
    request: SetPostFlagRequest,
    response: readForStatusOnly,
    auth: 'user',
  }),
  /** POST posts/setIsPublished (id, value) */
  setIsPublished: endpoint({
    method: 'POST',
    path: 'posts/setIsPublished',
    request: SetPostFlagRequest,
    response: readForStatusOnly,
    auth: 'user',
  }),
  /**
   * POST posts/list (spec §3 List request, and an optional status: published, scheduled or
   * draft): the person's own posts in the current organisation, drafts included.
   */
  list: endpoint({
    method: 'POST',
    path: 'posts/list',
    request: OwnPostListRequest,
    response: PostList,
    auth: 'user',
  }),
  /** GET posts/get?id=: one of the person's own posts, as its author edits it. */
  get: endpoint({
    method: 'GET',
    path: 'posts/get',
    request: PostIdRequest,
    response: Post,
    auth: 'user',
  }),
  /** GET posts/getByGuid?guid= */
  getByGuid: endpoint({
    method: 'GET',
    path: 'posts/getByGuid',
    request: PostGuidRequest,
    response: Post,
    auth: 'user',
  }),
  /** DELETE posts/delete?id= */
  delete: endpoint({
    method: 'DELETE',
    path: 'posts/delete',
    request: PostIdRequest,
    response: readForStatusOnly,
    auth: 'user',
  }),
  /** DELETE posts/deletebyguid?guid= */
  deleteByGuid: endpoint({
    method: 'DELETE',
    path: 'posts/deletebyguid',
    request: PostGuidRequest,
    response: readForStatusOnly,
    auth: 'user',
  }),
} as const;
