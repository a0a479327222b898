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
  Post,
  SetPostFlagRequest,
  UpdatePostRequest,
} from '../../../contract/posts';
import { createDataCall, createDoneCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export type PostListData = ListResponse<Post>;

export function createPostsApi(http: HttpClient) {
  const data = createDataCall(http);
  const done = createDoneCall(http);
  return {
    /** posts/feedList: the page's posts (data.list). */
    feedList: async (request: FeedListRequest, options?: CallOptions) =>
      (await data(endpoints.feedList, request, options)).list,
    /** posts/create: the post created. */
    create: (request: CreatePostRequest, options?: CallOptions) =>
      data(endpoints.create, request, options),
    /** posts/createWithFile: like create, with the media service's pending upload. */
    createWithFile: (request: CreatePostWithFileRequest, options?: CallOptions) =>
      data(endpoints.createWithFile, request, options),
    /** posts/update (the media cannot change). */
    update: (request: UpdatePostRequest, options?: CallOptions) =>
      data(endpoints.update, request, options),
    /** posts/get?id=: one of the person's own posts, as its author edits it. */
    get: (id: number, options?: CallOptions) => data(endpoints.get, { id }, options),
    /** posts/getByGuid?guid= */
    getByGuid: (guid: string, options?: CallOptions) =>
      data(endpoints.getByGuid, { guid }, options),
    /** posts/delete?id= */
    delete: (id: number, options?: CallOptions) => done(endpoints.delete, { id }, options),
    /** posts/deletebyguid?guid= */
    deleteByGuid: (guid: string, options?: CallOptions) =>
      done(endpoints.deleteByGuid, { guid }, options),
    /** posts/setIsDraft (id, value) */
    setIsDraft: (request: SetPostFlagRequest, options?: CallOptions) =>
      done(endpoints.setIsDraft, request, options),
    /** posts/setIsPublished (id, value) */
    setIsPublished: (request: SetPostFlagRequest, options?: CallOptions) =>
      done(endpoints.setIsPublished, request, options),
    /** posts/list (spec §3 List request): the person's own posts, drafts included. */
    list: (request: ListRequest, options?: CallOptions): Promise<PostListData> =>
      data(endpoints.list, request, options),
  };
}

export type PostsApi = ReturnType<typeof createPostsApi>;
