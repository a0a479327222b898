/** The host's admin calls (contract/endpoints/admin.ts), made with `call`. */
import type {
  AdminOrganisation,
  AdminOrganisationList,
  AdminUserList,
} from '../../../contract/admin';
import { adminEndpoints } from '../../../contract/endpoints/admin';
import type { ListRequest } from '../../../contract/lists';
import { dataOrThrow } from '../apiResponse';
import { createCall, type CallOptions } from '../call';
import type { HttpClient } from '../http';

/** Which switch of an organisation: enabled, or sending emails. */
export type OrganisationSwitch = 'enabled' | 'sendingEmails';

export interface AdminApi {
  /** POST tenants/list: every organisation. */
  listOrganisations(request: ListRequest, options?: CallOptions): Promise<AdminOrganisationList>;
  /** POST tenants/setEnabled or tenants/setSendingEmailsEnabled (id, value). */
  setOrganisationSwitch(
    request: { id: number; switch: OrganisationSwitch; value: boolean },
    options?: CallOptions,
  ): Promise<AdminOrganisation>;
  /** POST users/listAll: every user. */
  listAllUsers(request: ListRequest, options?: CallOptions): Promise<AdminUserList>;
}

export function createAdminApi(http: HttpClient): AdminApi {
  const call = createCall(http);
  return {
    listOrganisations: async (request, options) =>
      dataOrThrow(await call(adminEndpoints.listTenants, request, options)),
    setOrganisationSwitch: async ({ id, switch: which, value }, options) =>
      dataOrThrow(
        await call(
          which === 'enabled'
            ? adminEndpoints.setTenantEnabled
            : adminEndpoints.setTenantSendingEmailsEnabled,
          { id, value },
          options,
        ),
      ),
    listAllUsers: async (request, options) =>
      dataOrThrow(await call(adminEndpoints.listAllUsers, request, options)),
  };
}
