import type { FastifyPluginAsync } from 'fastify';
import { integer, min, object, optional } from 'superstruct';
import { ListRequest } from '../../contract/lists';
import { apiPaths } from '../../contract/paths';
import {
  CreatePostRequest,
  CreatePostWithFileRequest,
  FeedListRequest,
  PostGuidRequest,
  PostIdRequest,
  SetPostFlagRequest,
  UpdatePostRequest,
} from '../../contract/posts';
import {
  createPost,
  createPostWithFile,
  deletePost,
  feedList,
  getPost,
  listOwnPosts,
  postMessages,
  setIsDraft,
  setIsPublished,
  updatePost,
  upsertPost,
  type PostsContext,
} from '../domain/posts';
import type { Authenticate } from '../http/authentication';
import { ok } from '../http/envelope';
import { parsePayload, type FieldMessages } from '../http/validation';

export interface PostRouteDeps {
  posts: PostsContext;
  authenticate: Authenticate;
}

/** Spec §5 Post texts. */
const postFieldMessages: FieldMessages = {
  message: {
    required: postMessages.messageRequired,
    invalid: postMessages.messageRequired,
    tooLong: postMessages.messageTooLong,
  },
  link: { invalid: postMessages.invalidUrl, tooLong: postMessages.invalidUrl },
};

/** Not in the contract's paths (spec §7.2 lists it): create without an id, update with one. */
export const POSTS_UPSERT_PATH = 'posts/upsert';
const UpsertPostRequest = object({ id: optional(min(integer(), 1)), ...CreatePostRequest.schema });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A query string's id as a number (GET and DELETE send the payload as a query string). */
function withNumericId(query: unknown): unknown {
  if (!isRecord(query) || typeof query.id !== 'string' || !/^\d{1,16}$/.test(query.id)) {
    return query;
  }
  return { ...query, id: Number(query.id) };
}

/** The posts calls of spec §7.2 (all need a signed-in user). */
export function postRoutes(deps: PostRouteDeps): FastifyPluginAsync {
  const { posts, authenticate } = deps;
  return async (app) => {
    app.post(`/${apiPaths.postsFeedList}`, async (request) => {
      await authenticate(request);
      return ok(await feedList(posts, parsePayload(FeedListRequest, request.body)));
    });

    app.post(`/${apiPaths.postsCreate}`, async (request) => {
      const principal = await authenticate(request);
      const input = parsePayload(CreatePostRequest, request.body, postFieldMessages);
      return ok(await createPost(posts, principal, input));
    });

    app.post(`/${apiPaths.postsCreateWithFile}`, async (request) => {
      const principal = await authenticate(request);
      const input = parsePayload(CreatePostWithFileRequest, request.body, postFieldMessages);
      return ok(await createPostWithFile(posts, principal, input));
    });

    app.post(`/${apiPaths.postsUpdate}`, async (request) => {
      const principal = await authenticate(request);
      const input = parsePayload(UpdatePostRequest, request.body, postFieldMessages);
      return ok(await updatePost(posts, principal, input));
    });

    app.post(`/${POSTS_UPSERT_PATH}`, async (request) => {
      const principal = await authenticate(request);
      const input = parsePayload(UpsertPostRequest, request.body, postFieldMessages);
      return ok(await upsertPost(posts, principal, input));
    });

    app.post(`/${apiPaths.postsSetIsDraft}`, async (request) => {
      const principal = await authenticate(request);
      const { id, value } = parsePayload(SetPostFlagRequest, request.body);
      return ok(await setIsDraft(posts, principal, id, value));
    });

    app.post(`/${apiPaths.postsSetIsPublished}`, async (request) => {
      const principal = await authenticate(request);
      const { id, value } = parsePayload(SetPostFlagRequest, request.body);
      return ok(await setIsPublished(posts, principal, id, value));
    });

    app.post(`/${apiPaths.postsList}`, async (request) => {
      const principal = await authenticate(request);
      return ok(await listOwnPosts(posts, principal, parsePayload(ListRequest, request.body)));
    });

    app.get(`/${apiPaths.postsGet}`, async (request) => {
      const principal = await authenticate(request);
      const { id } = parsePayload(PostIdRequest, withNumericId(request.query));
      return ok(await getPost(posts, principal, { id }));
    });

    app.get(`/${apiPaths.postsGetByGuid}`, async (request) => {
      const principal = await authenticate(request);
      const { guid } = parsePayload(PostGuidRequest, request.query);
      return ok(await getPost(posts, principal, { guid }));
    });

    app.delete(`/${apiPaths.postsDelete}`, async (request) => {
      const principal = await authenticate(request);
      const { id } = parsePayload(PostIdRequest, withNumericId(request.query));
      return ok(await deletePost(posts, principal, { id }));
    });

    app.delete(`/${apiPaths.postsDeleteByGuid}`, async (request) => {
      const principal = await authenticate(request);
      const { guid } = parsePayload(PostGuidRequest, request.query);
      return ok(await deletePost(posts, principal, { guid }));
    });
  };
}
