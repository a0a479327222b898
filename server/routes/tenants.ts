import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../contract/paths';
import { SetCancelAtPeriodEndRequest, SetIsTrialingRequest } from '../../contract/tenants';
import type { DomainContext } from '../domain/context';
import { getCurrentTenantStatus, setCancelAtPeriodEnd, setIsTrialing } from '../domain/tenants';
import type { Authenticate } from '../http/authentication';
import { ok } from '../http/envelope';
import { parsePayload } from '../http/validation';

export interface TenantRouteDeps {
  domain: DomainContext;
  authenticate: Authenticate;
}

/** Tenant status and the host-only subscription switches (spec §7.2 Tenants). */
export function tenantRoutes(deps: TenantRouteDeps): FastifyPluginAsync {
  const { domain, authenticate } = deps;
  return async (app) => {
    app.get(`/${apiPaths.getCurrentTenantStatus}`, async (request) => {
      const principal = await authenticate(request);
      return ok(await getCurrentTenantStatus(domain, principal));
    });

    app.post(`/${apiPaths.setIsTrialing}`, async (request) => {
      const principal = await authenticate(request);
      const input = parsePayload(SetIsTrialingRequest, request.body);
      return ok(await setIsTrialing(domain, principal, input));
    });

    app.post(`/${apiPaths.setCancelAtPeriodEnd}`, async (request) => {
      const principal = await authenticate(request);
      const input = parsePayload(SetCancelAtPeriodEndRequest, request.body);
      return ok(await setCancelAtPeriodEnd(domain, principal, input));
    });
  };
}
