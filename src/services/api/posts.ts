/**
 * Posts calls of spec §7.2 (under /posts/): the feed, and a person's own posts (create, with a
 * pending media upload, update, get, delete, flags, list). Every answer is validated with the
 * contract; a failure throws {@link ApiError} carrying the server's messages when it sent some.
 *
 * The spec does not show the answers beyond the feed's data.list: create, createWithFile,
 * update, get and getByGuid answer the post (contract Post); delete and the flags are read only
 * for their status.
 */
import { unknown } from 'superstruct';
import { ListResponse, type ListRequest } from '../../../contract/lists';
import { apiPaths } from '../../../contract/paths';
import {
  FeedPostList,
  Post,
  type CreatePostRequest,
  type CreatePostWithFileRequest,
  type FeedListRequest,
  type FeedPost,
  type SetPostFlagRequest,
  type UpdatePostRequest,
} from '../../../contract/posts';
import { dataOrThrow } from '../apiResponse';
import type { HttpClient } from '../http';
import type { CallOptions } from './auth';

/** POST posts/list: a person's own posts (spec §3 List response). */
export const PostList = ListResponse(Post);
export type PostList = ListResponse<Post>;

export interface PostsApi {
  /**
   * POST posts/feedList (page, pageSize 20, sortBy CreatedDate, sortByDescending true,
   * getTotalCount false, showFirstGuid): the page's posts (data.list).
   */
  feedList(request: FeedListRequest, options?: CallOptions): Promise<FeedPost[]>;
  /** POST posts/create (message, link, publishedDate, isDraft): the post created. */
  create(request: CreatePostRequest, options?: CallOptions): Promise<Post>;
  /**
   * POST posts/createWithFile: like create, with the media service's pending upload id
   * (mediaFileStorageId) and the file's original name; the server confirms the upload.
   */
  createWithFile(request: CreatePostWithFileRequest, options?: CallOptions): Promise<Post>;
  /** POST posts/update (id, message, link, publishedDate, isDraft; the media cannot change). */
  update(request: UpdatePostRequest, options?: CallOptions): Promise<Post>;
  /** GET posts/get?id=: one of the person's own posts, as its author edits it. */
  get(id: number, options?: CallOptions): Promise<Post>;
  /** GET posts/getByGuid?guid= */
  getByGuid(guid: string, options?: CallOptions): Promise<Post>;
  /** DELETE posts/delete?id= */
  delete(id: number, options?: CallOptions): Promise<void>;
  /** DELETE posts/deletebyguid?guid= */
  deleteByGuid(guid: string, options?: CallOptions): Promise<void>;
  /** POST posts/setIsDraft (id, value) */
  setIsDraft(request: SetPostFlagRequest, options?: CallOptions): Promise<void>;
  /** POST posts/setIsPublished (id, value) */
  setIsPublished(request: SetPostFlagRequest, options?: CallOptions): Promise<void>;
  /** POST posts/list (spec §3 List request): the person's own posts, drafts included. */
  list(request: ListRequest, options?: CallOptions): Promise<PostList>;
}

export function createPostsApi(http: HttpClient): PostsApi {
  return {
    async feedList(request, options) {
      return dataOrThrow(await http.post(apiPaths.postsFeedList, FeedPostList, request, options))
        .list;
    },

    async create(request, options) {
      return dataOrThrow(await http.post(apiPaths.postsCreate, Post, request, options));
    },

    async createWithFile(request, options) {
      return dataOrThrow(await http.post(apiPaths.postsCreateWithFile, Post, request, options));
    },

    async update(request, options) {
      return dataOrThrow(await http.post(apiPaths.postsUpdate, Post, request, options));
    },

    async get(id, options) {
      return dataOrThrow(await http.get(apiPaths.postsGet, Post, { id }, options));
    },

    async getByGuid(guid, options) {
      return dataOrThrow(await http.get(apiPaths.postsGetByGuid, Post, { guid }, options));
    },

    async delete(id, options) {
      dataOrThrow(await http.delete(apiPaths.postsDelete, unknown(), { id }, options));
    },

    async deleteByGuid(guid, options) {
      dataOrThrow(await http.delete(apiPaths.postsDeleteByGuid, unknown(), { guid }, options));
    },

    async setIsDraft(request, options) {
      dataOrThrow(await http.post(apiPaths.postsSetIsDraft, unknown(), request, options));
    },

    async setIsPublished(request, options) {
      dataOrThrow(await http.post(apiPaths.postsSetIsPublished, unknown(), request, options));
    },

    async list(request, options) {
      return dataOrThrow(await http.post(apiPaths.postsList, PostList, request, options));
    },
  };
}
