import type { FastifyPluginAsync } from 'fastify';
import { dropEndpoints } from '../../../contract/endpoints/drops';
import { dropsFeedList, type DropsContext } from './domain';
import { answer } from '../../http/route';

export interface DropRouteDeps {
  drops: DropsContext;
}

/** POST /drops/feedList: the carousel's drops for signed-in users. */
export function dropRoutes(deps: DropRouteDeps): FastifyPluginAsync {
  const { drops } = deps;
  return async (app) => {
    answer(app, dropEndpoints.feedList, (payload) => dropsFeedList(drops, payload));
  };
}
