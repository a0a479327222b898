import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../contract/paths';
import { DropsFeedRequest } from '../../contract/posts';
import { dropsFeedList, type DropsContext } from '../domain/drops';
import type { Authenticate } from '../http/authentication';
import { ok } from '../http/envelope';
import { parsePayload } from '../http/validation';

export interface DropRouteDeps {
  drops: DropsContext;
  authenticate: Authenticate;
}

/** POST /drops/feedList: the carousel's drops for signed-in users. */
export function dropRoutes(deps: DropRouteDeps): FastifyPluginAsync {
  const { drops, authenticate } = deps;
  return async (app) => {
    app.post(`/${apiPaths.dropsFeedList}`, async (request) => {
      await authenticate(request);
      return ok(await dropsFeedList(drops, parsePayload(DropsFeedRequest, request.body)));
    });
  };
}
