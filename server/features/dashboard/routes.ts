import type { FastifyPluginAsync } from 'fastify';
import { dashboardEndpoints as endpoints } from '../../../contract/endpoints/dashboard';
import type { DomainContext } from '../../domain/context';
import { answer } from '../../http/route';
import { dashboardInformation, userSelectList } from './domain';

export interface DashboardRouteDeps {
  domain: DomainContext;
}

/** GET users/getDashboardInformation (signed-in users) and users/getSelectList (Administrators). */
export function dashboardRoutes(deps: DashboardRouteDeps): FastifyPluginAsync {
  const { domain } = deps;
  return async (app) => {
    answer(app, endpoints.getDashboardInformation, (_payload, scope) =>
      dashboardInformation(domain, scope),
    );
    answer(app, endpoints.getSelectList, (_payload, scope) => userSelectList(domain, scope));
  };
}
