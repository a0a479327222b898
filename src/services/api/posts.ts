/**
 * Posts calls of spec §7.2 (under /posts/), made with `call` from contract/endpoints/posts.ts:
 * the feed, and a person's own posts (create, with a pending media upload, update, get, delete,
 * flags, list). A failure throws {@link ApiError} carrying the server's messages when it sent some.
 */
import { postEndpoints as endpoints } from '../../../contract/endpoints/posts';
import type { ListRequest, ListResponse } from '../../../contract/lists';
import type {
  CreatePostRequest,
  CreatePostWithFileRequest,
  FeedListRequest,
  FeedPost,
  Post,
  SetPostFlagRequest,
  UpdatePostRequest,
} from '../../../contract/posts';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export type PostListData = ListResponse<Post>;

export interface PostsApi {
  /** posts/feedList: the page's posts (data.list). */
  feedList(request: FeedListRequest, options?: CallOptions): Promise<FeedPost[]>;
  /** posts/create: the post created. */
  create(request: CreatePostRequest, options?: CallOptions): Promise<Post>;
  /** posts/createWithFile: like create, with the media service's pending upload. */
  createWithFile(request: CreatePostWithFileRequest, options?: CallOptions): Promise<Post>;
  /** posts/update (the media cannot change). */
  update(request: UpdatePostRequest, options?: CallOptions): Promise<Post>;
  /** posts/get?id=: one of the person's own posts, as its author edits it. */
  get(id: number, options?: CallOptions): Promise<Post>;
  /** posts/getByGuid?guid= */
  getByGuid(guid: string, options?: CallOptions): Promise<Post>;
  /** posts/delete?id= */
  delete(id: number, options?: CallOptions): Promise<void>;
  /** posts/deletebyguid?guid= */
  deleteByGuid(guid: string, options?: CallOptions): Promise<void>;
  /** posts/setIsDraft (id, value) */
  setIsDraft(request: SetPostFlagRequest, options?: CallOptions): Promise<void>;
  /** posts/setIsPublished (id, value) */
  setIsPublished(request: SetPostFlagRequest, options?: CallOptions): Promise<void>;
  /** posts/list (spec §3 List request): the person's own posts, drafts included. */
  list(request: ListRequest, options?: CallOptions): Promise<PostListData>;
}

export function createPostsApi(http: HttpClient): PostsApi {
  const call = createCall(http);
  return {
    feedList: async (request, options) =>
      dataOrThrow(await call(endpoints.feedList, request, options)).list,
    create: async (request, options) => dataOrThrow(await call(endpoints.create, request, options)),
    createWithFile: async (request, options) =>
      dataOrThrow(await call(endpoints.createWithFile, request, options)),
    update: async (request, options) => dataOrThrow(await call(endpoints.update, request, options)),
    get: async (id, options) => dataOrThrow(await call(endpoints.get, { id }, options)),
    getByGuid: async (guid, options) =>
      dataOrThrow(await call(endpoints.getByGuid, { guid }, options)),
    delete: async (id, options) => {
      dataOrThrow(await call(endpoints.delete, { id }, options));
    },
    deleteByGuid: async (guid, options) => {
      dataOrThrow(await call(endpoints.deleteByGuid, { guid }, options));
    },
    setIsDraft: async (request, options) => {
      dataOrThrow(await call(endpoints.setIsDraft, request, options));
    },
    setIsPublished: async (request, options) => {
      dataOrThrow(await call(endpoints.setIsPublished, request, options));
    },
    list: async (request, options) => dataOrThrow(await call(endpoints.list, request, options)),
  };
}
