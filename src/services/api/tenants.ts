/** Tenant calls of spec §7.2 used by the session layer. */
import { TenantStatus } from '../../../contract/tenants';
import { apiPaths } from '../../../contract/paths';
import { dataOrThrow } from '../apiResponse';
import type { HttpClient } from '../http';
import type { CallOptions } from './auth';

export interface TenantsApi {
  /** GET tenants/getCurrentTenantStatus: the current tenant's trial and subscription state. */
  getCurrentTenantStatus(options?: CallOptions): Promise<TenantStatus>;
}

export function createTenantsApi(http: HttpClient): TenantsApi {
  return {
    async getCurrentTenantStatus(options) {
      return dataOrThrow(
        await http.get(apiPaths.getCurrentTenantStatus, TenantStatus, undefined, options),
      );
    },
  };
}
