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
import { answer, passTo } from '../../http/route';

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
    answer(app, endpoints.getCurrentTenantStatus, passTo(domain, getCurrentTenantStatus));
    answer(app, endpoints.setIsTrialing, passTo(domain, setIsTrialing));
    answer(app, endpoints.setCancelAtPeriodEnd, passTo(domain, setCancelAtPeriodEnd));
    answer(app, endpoints.setIsOnboarding, passTo(domain, setIsOnboarding));
    answer(app, organisationEndpoints.new, passTo(organisations, createOrganisation));
    answer(app, organisationEndpoints.get, passTo(domain, getOrganisation));
    answer(app, organisationEndpoints.updateDetails, passTo(organisations, updateDetails));
  };
}
