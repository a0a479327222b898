/** The host's admin calls (contract/endpoints/admin.ts), made with `call`. */
import { adminEndpoints } from '../../../contract/endpoints/admin';
import { createDataCalls, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** Which switch of an organisation: enabled, or sending emails. */
export type OrganisationSwitch = 'enabled' | 'sendingEmails';

export type AdminApi = ReturnType<typeof createAdminApi>;

export function createAdminApi(http: HttpClient) {
  const { data } = createDataCalls(http);
  return {
    /** POST tenants/list: every organisation. */
    listOrganisations: data(adminEndpoints.listTenants),
    /** POST tenants/setEnabled or tenants/setSendingEmailsEnabled (id, value). */
    setOrganisationSwitch: (
      { id, switch: which, value }: { id: number; switch: OrganisationSwitch; value: boolean },
      options?: CallOptions,
    ) =>
      data(
        which === 'enabled'
          ? adminEndpoints.setTenantEnabled
          : adminEndpoints.setTenantSendingEmailsEnabled,
      )({ id, value }, options),
    /** POST users/listAll: every user. */
    listAllUsers: data(adminEndpoints.listAllUsers),
  };
}
