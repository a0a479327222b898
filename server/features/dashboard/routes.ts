import type { FastifyPluginAsync } from 'fastify';
import { dashboardEndpoints as endpoints } from '../../../contract/endpoints/dashboard';
import type { DomainContext } from '../../domain/context';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { dashboardInformation, userSelectList } from './domain';

export interface DashboardRouteDeps {
  domain: DomainContext;
}

/** GET users/getDashboardInformation (signed-in users) and users/getSelectList (Administrators). */
export function dashboardRoutes(deps: DashboardRouteDeps): FastifyPluginAsync {
  const { domain } = deps;
  return async (app) => {
    route(app, endpoints.getDashboardInformation, async ({ scope }) =>
      ok(await dashboardInformation(domain, scope)),
    );
    route(app, endpoints.getSelectList, async ({ scope }) =>
      ok(await userSelectList(domain, scope)),
    );
  };
}
