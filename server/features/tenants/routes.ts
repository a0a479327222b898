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
import { answer } from '../../http/route';

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
    answer(app, endpoints.getCurrentTenantStatus, (_payload, scope) =>
      getCurrentTenantStatus(domain, scope),
    );
    answer(app, endpoints.setIsTrialing, (payload, scope) => setIsTrialing(domain, scope, payload));
    answer(app, endpoints.setCancelAtPeriodEnd, (payload, scope) =>
      setCancelAtPeriodEnd(domain, scope, payload),
    );
    answer(app, endpoints.setIsOnboarding, (payload, scope) =>
      setIsOnboarding(domain, scope, payload),
    );
    answer(app, organisationEndpoints.new, (payload, scope) =>
      createOrganisation(organisations, scope, payload),
    );
    answer(app, organisationEndpoints.get, (payload, scope) =>
      getOrganisation(domain, scope, payload),
    );
    answer(app, organisationEndpoints.updateDetails, (payload, scope) =>
      updateDetails(organisations, scope, payload),
    );
  };
}
