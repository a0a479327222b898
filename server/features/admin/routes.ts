import type { FastifyPluginAsync } from 'fastify';
import { adminEndpoints as endpoints } from '../../../contract/endpoints/admin';
import type { DomainContext } from '../../domain/context';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import {
  listAllUsers,
  listOrganisations,
  setTenantEnabled,
  setTenantSendingEmailsEnabled,
} from './domain';

/** The host's admin calls: tenants/list, setEnabled, setSendingEmailsEnabled and users/listAll. */
export function adminRoutes(domain: DomainContext): FastifyPluginAsync {
  return async (app) => {
    route(app, endpoints.listTenants, async ({ payload }) =>
      ok(await listOrganisations(domain, payload)),
    );
    route(app, endpoints.setTenantEnabled, async ({ payload, scope }) =>
      ok(await setTenantEnabled(domain, scope, payload)),
    );
    route(app, endpoints.setTenantSendingEmailsEnabled, async ({ payload }) =>
      ok(await setTenantSendingEmailsEnabled(domain, payload)),
    );
    route(app, endpoints.listAllUsers, async ({ payload }) =>
      ok(await listAllUsers(domain, payload)),
    );
  };
}
