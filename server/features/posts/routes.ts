import type { FastifyPluginAsync } from 'fastify';
import { postEndpoints as endpoints } from '../../../contract/endpoints/posts';
import {
  createPost,
  createPostWithFile,
  deletePost,
  feedList,
  getPost,
  listOwnPosts,
  setIsDraft,
  setIsPublished,
  updatePost,
  upsertPost,
  type PostsContext,
} from './domain';
import { ok } from '../../http/envelope';
import { answer, route } from '../../http/route';

export interface PostRouteDeps {
  posts: PostsContext;
}

/** The posts calls of spec §7.2 (all need a signed-in user). */
export function postRoutes(deps: PostRouteDeps): FastifyPluginAsync {
  const { posts } = deps;
  return async (app) => {
    route(app, endpoints.feedList, async ({ payload }) => ok(await feedList(posts, payload)));
    answer(app, endpoints.create, (payload, scope) => createPost(posts, scope, payload));
    answer(app, endpoints.createWithFile, (payload, scope) =>
      createPostWithFile(posts, scope, payload),
    );
    answer(app, endpoints.update, (payload, scope) => updatePost(posts, scope, payload));
    answer(app, endpoints.upsert, (payload, scope) => upsertPost(posts, scope, payload));
    route(app, endpoints.setIsDraft, async ({ payload: { id, value }, scope }) =>
      ok(await setIsDraft(posts, scope, id, value)),
    );
    route(app, endpoints.setIsPublished, async ({ payload: { id, value }, scope }) =>
      ok(await setIsPublished(posts, scope, id, value)),
    );
    answer(app, endpoints.list, (payload, scope) => listOwnPosts(posts, scope, payload));
    route(app, endpoints.get, async ({ payload: { id }, scope }) =>
      ok(await getPost(posts, scope, { id })),
    );
    route(app, endpoints.getByGuid, async ({ payload: { guid }, scope }) =>
      ok(await getPost(posts, scope, { guid })),
    );
    route(app, endpoints.delete, async ({ payload: { id }, scope }) =>
      ok(await deletePost(posts, scope, { id })),
    );
    route(app, endpoints.deleteByGuid, async ({ payload: { guid }, scope }) =>
      ok(await deletePost(posts, scope, { guid })),
    );
  };
}
