import type { FastifyPluginAsync } from 'fastify';
import { topicEndpoints as endpoints } from '../../../contract/endpoints/topics';
import type { DomainContext } from '../../domain/context';
import { ok } from '../../http/envelope';
import { answer, route, scopeFor } from '../../http/route';
import { listTopics, updateUserTopics, userTopicIds } from './domain';

export interface TopicRouteDeps {
  domain: DomainContext;
}

/** The interest-topic calls of spec §7.2 (all need a signed-in user). */
export function topicRoutes(deps: TopicRouteDeps): FastifyPluginAsync {
  const { domain } = deps;
  return async (app) => {
    route(app, endpoints.list, async ({ payload, request }) => {
      // Disabled topics are the admin area's: a host's request only.
      if (payload.includeDisabled === true) await scopeFor(request, 'host');
      return ok(await listTopics(domain, payload));
    });
    answer(app, endpoints.userTopicIds, (payload, scope) =>
      userTopicIds(domain, scope, payload.id),
    );
    answer(app, endpoints.updateUserTopics, (payload, scope) =>
      updateUserTopics(domain, scope, payload),
    );
  };
}
