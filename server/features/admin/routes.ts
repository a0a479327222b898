import type { FastifyPluginAsync } from 'fastify';
import { adminEndpoints as endpoints } from '../../../contract/endpoints/admin';
import type { DomainContext } from '../../domain/context';
import { answer } from '../../http/route';
import {
  listAllUsers,
  listOrganisations,
  setTenantEnabled,
  setTenantSendingEmailsEnabled,
} from './domain';

/** The host's admin calls: tenants/list, setEnabled, setSendingEmailsEnabled and users/listAll. */
export function adminRoutes(domain: DomainContext): FastifyPluginAsync {
  return async (app) => {
    answer(app, endpoints.listTenants, (payload) => listOrganisations(domain, payload));
    answer(app, endpoints.setTenantEnabled, (payload, scope) =>
      setTenantEnabled(domain, scope, payload),
    );
    answer(app, endpoints.setTenantSendingEmailsEnabled, (payload) =>
      setTenantSendingEmailsEnabled(domain, payload),
    );
    answer(app, endpoints.listAllUsers, (payload) => listAllUsers(domain, payload));
  };
}
