/** The host's admin calls (contract/endpoints/admin.ts), made with `call`. */
import { adminEndpoints } from '../../../contract/endpoints/admin';
import type { ListRequest } from '../../../contract/lists';
import { createDataCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** Which switch of an organisation: enabled, or sending emails. */
export type OrganisationSwitch = 'enabled' | 'sendingEmails';

export function createAdminApi(http: HttpClient) {
  const data = createDataCall(http);
  return {
    /** POST tenants/list: every organisation. */
    listOrganisations: (request: ListRequest, options?: CallOptions) =>
      data(adminEndpoints.listTenants, request, options),
    /** POST tenants/setEnabled or tenants/setSendingEmailsEnabled (id, value). */
    setOrganisationSwitch: (
      { id, switch: which, value }: { id: number; switch: OrganisationSwitch; value: boolean },
      options?: CallOptions,
    ) =>
      data(
        which === 'enabled'
          ? adminEndpoints.setTenantEnabled
          : adminEndpoints.setTenantSendingEmailsEnabled,
        { id, value },
        options,
      ),
    /** POST users/listAll: every user. */
    listAllUsers: (request: ListRequest, options?: CallOptions) =>
      data(adminEndpoints.listAllUsers, request, options),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
