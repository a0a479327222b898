import type { FastifyPluginAsync } from 'fastify';
import { dropEndpoints as endpoints } from '../../../contract/endpoints/drops';
import {
  cancelDrop,
  deleteDrop,
  dropsFeedList,
  getDrop,
  getDropForEdit,
  listCharities,
  saveDrop,
  type DropsContext,
} from './domain';
import { answer } from '../../http/route';

export interface DropRouteDeps {
  drops: DropsContext;
}

/** The drops calls: the carousel's feed, and a Drop's author saving, reading and ending it. */
export function dropRoutes(deps: DropRouteDeps): FastifyPluginAsync {
  const { drops } = deps;
  return async (app) => {
    answer(app, endpoints.feedList, (payload, scope) => dropsFeedList(drops, scope, payload));
    answer(app, endpoints.save, (payload, scope) => saveDrop(drops, scope, payload));
    answer(app, endpoints.getByGuid, ({ guid }, scope) => getDrop(drops, scope, guid));
    answer(app, endpoints.getForEdit, ({ guid }, scope) => getDropForEdit(drops, scope, guid));
    answer(app, endpoints.cancel, ({ guid }, scope) => cancelDrop(drops, scope, guid));
    answer(app, endpoints.delete, ({ guid }, scope) => deleteDrop(drops, scope, guid));
    answer(app, endpoints.charities, (payload, scope) => listCharities(drops, scope, payload));
  };
}
