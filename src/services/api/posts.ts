/**
 * Posts calls of spec §7.2 (under /posts/), made with `call` from contract/endpoints/posts.ts:
 * the feed, and a person's own posts (create, with a pending media upload, update, get, delete,
 * flags, list). A failure throws an ApiError carrying the server's messages when it sent some.
 */
import { postEndpoints as endpoints } from '../../../contract/endpoints/posts';
import type { ListResponse } from '../../../contract/lists';
import type { FeedListRequest, Post } from '../../../contract/posts';
import { createDataCalls, type CallOptions } from '../call';
import type { HttpClient } from '../http';

export type PostListData = ListResponse<Post>;

export type PostsApi = ReturnType<typeof createPostsApi>;

export function createPostsApi(http: HttpClient) {
  const { data, done } = createDataCalls(http);
  return {
    /** posts/feedList: the page's posts (data.list). */
    feedList: async (request: FeedListRequest, options?: CallOptions) =>
      (await data(endpoints.feedList)(request, options)).list,
    /** posts/create: the post created. */
    create: data(endpoints.create),
    /** posts/createWithFile: like create, with the media service's pending upload. */
    createWithFile: data(endpoints.createWithFile),
    /** posts/update (the media cannot change). */
    update: data(endpoints.update),
    /** posts/get?id=: one of the person's own posts, as its author edits it. */
    get: (id: number, options?: CallOptions) => data(endpoints.get)({ id }, options),
    /** posts/getByGuid?guid= */
    getByGuid: (guid: string, options?: CallOptions) =>
      data(endpoints.getByGuid)({ guid }, options),
    /** posts/delete?id= */
    delete: (id: number, options?: CallOptions) => done(endpoints.delete)({ id }, options),
    /** posts/deletebyguid?guid= */
    deleteByGuid: (guid: string, options?: CallOptions) =>
      done(endpoints.deleteByGuid)({ guid }, options),
    /** posts/setIsDraft (id, value) */
    setIsDraft: done(endpoints.setIsDraft),
    /** posts/setIsPublished (id, value) */
    setIsPublished: done(endpoints.setIsPublished),
    /** posts/list (spec §3 List request): the person's own posts, drafts included. */
    list: data(endpoints.list),
  };
}
