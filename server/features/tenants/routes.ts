import type { FastifyPluginAsync } from 'fastify';
import { tenantEndpoints as endpoints } from '../../../contract/endpoints/tenants';
import type { DomainContext } from '../../domain/context';
import {
  getCurrentTenantStatus,
  setCancelAtPeriodEnd,
  setIsOnboarding,
  setIsTrialing,
} from './domain';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';

export interface TenantRouteDeps {
  domain: DomainContext;
}

/**
 * Tenant status, the host-only subscription switches and the onboarding flag (spec §7.2 Tenants).
 */
export function tenantRoutes(deps: TenantRouteDeps): FastifyPluginAsync {
  const { domain } = deps;
  return async (app) => {
    route(app, endpoints.getCurrentTenantStatus, async ({ scope }) =>
      ok(await getCurrentTenantStatus(domain, scope)),
    );
    route(app, endpoints.setIsTrialing, async ({ payload, scope }) =>
      ok(await setIsTrialing(domain, scope, payload)),
    );
    route(app, endpoints.setCancelAtPeriodEnd, async ({ payload, scope }) =>
      ok(await setCancelAtPeriodEnd(domain, scope, payload)),
    );
    route(app, endpoints.setIsOnboarding, async ({ payload, scope }) =>
      ok(await setIsOnboarding(domain, scope, payload)),
    );
  };
}
