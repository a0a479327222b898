import type { FastifyPluginAsync } from 'fastify';
import { giftEndpoints as endpoints } from '../../../contract/endpoints/gifts';
import { confirmGift, listMyGifts, listReceivedGifts, startGift, type GivingDeps } from './domain';
import { answer } from '../../http/route';

/** The giving calls (issue 35): give to a Drop, confirm a gift, the lists of gifts. */
export function givingRoutes(deps: GivingDeps): FastifyPluginAsync {
  return async (app) => {
    answer(app, endpoints.start, (payload, scope) => startGift(deps, scope, payload));
    answer(app, endpoints.confirm, (payload, scope) => confirmGift(deps, scope, payload));
    answer(app, endpoints.mine, (payload, scope) => listMyGifts(deps, scope, payload));
    answer(app, endpoints.received, (payload, scope) => listReceivedGifts(deps, scope, payload));
  };
}
