import type { FastifyPluginAsync } from 'fastify';
import { tenantEndpoints as endpoints } from '../../../contract/endpoints/tenants';
import type { DomainContext } from '../../domain/context';
import {
  getCurrentTenantStatus,
  setCancelAtPeriodEnd,
  setIsOnboarding,
  setIsTrialing,
} from './domain';
import { organisationEndpoints } from '../../../contract/endpoints/organisations';
import {
  createOrganisation,
  getOrganisation,
  updateDetails,
  type OrganisationsContext,
} from './organisations';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';

export interface TenantRouteDeps {
  domain: DomainContext;
  /** The organisation calls (new, get, updateDetails): the logo goes through the media service. */
  organisations: OrganisationsContext;
}

/**
 * Tenant status, the host-only subscription switches, the onboarding flag and the organisations
 * (new, get, updateDetails) (spec §7.2 Tenants).
 */
export function tenantRoutes(deps: TenantRouteDeps): FastifyPluginAsync {
  const { domain, organisations } = deps;
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
    route(app, organisationEndpoints.new, async ({ payload, scope }) =>
      ok(await createOrganisation(organisations, scope, payload)),
    );
    route(app, organisationEndpoints.get, async ({ payload, scope }) =>
      ok(await getOrganisation(domain, scope, payload)),
    );
    route(app, organisationEndpoints.updateDetails, async ({ payload, scope }) =>
      ok(await updateDetails(organisations, scope, payload)),
    );
  };
}
